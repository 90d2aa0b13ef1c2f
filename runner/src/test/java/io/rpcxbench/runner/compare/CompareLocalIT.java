package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.TestJars;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rpcx-bench compare} from the fat jar, as users run it: the rpcx and gRPC servers from
 * their jars on loopback, one trial per (point, round, variant): a fresh server and harness JVM,
 * the server stopped after it; steal.tsv, the report's tables in compare.md (the in-flight kind:
 * compare.bats's run); a rerun on the same folder keeps every unit. Asserts the folder's shape,
 * never a speed.
 */
class CompareLocalIT {
  @TempDir Path work;

  @Test
  void aTinyComparisonOfTwoRealProtocolsOnLoopbackAndItsResume() throws Exception {
    Path jar = TestJars.fatJar();
    Path home = home(jar);
    Path out = work.resolve("compare");
    List<String> args = args(out, "--rounds", "2", "--runs", "2", "--warmup", "0s");
    String console = run(jar, home, args, work.resolve("first.txt"));
    // each round in the plan's own seeded order, the same on the resume below
    ComparePlan plan = ComparePlan.of("2", "none", "20", Map.of(), List.of("rpcx", "grpc"), 2);
    assertThat(console)
        .contains(
            "closed-2, round 1/2: " + String.join(" ", plan.order(1)),
            "closed-2, round 2/2: " + String.join(" ", plan.order(2)))
        .contains("pinning: ");
    java.util.Set<String> serverPids = new java.util.HashSet<>();
    for (String point : List.of("closed-2")) {
      for (String round : List.of("round1", "round2")) {
        for (String v : List.of("rpcx", "grpc")) {
          Path file = onlyCsv(out.resolve("raw").resolve(point).resolve(round).resolve(v));
          Map<String, String> prov = RawResultFile.read(file).provenance();
          int k = Integer.parseInt(round.substring(5));
          assertThat(prov)
              .as(file.toString())
              .containsEntry("status", "complete")
              .containsKey("server_cpu")
              .containsEntry("round", String.valueOf(k))
              .containsEntry("order_index", String.valueOf(plan.order(k).indexOf(v) + 1))
              .containsKey("trial_started");
          serverPids.add(prov.get("server_pid"));
          // each trial's server started for it and stopped after it
          assertThat(out.resolve("logs/" + point + "-" + round + "-" + v + ".log"))
              .content()
              .contains("started the server of " + v, "servers stopped");
        }
        try (Stream<Path> dirs = Files.list(out.resolve("raw").resolve(point).resolve(round))) {
          assertThat(dirs.map(d -> d.getFileName().toString())).containsOnly("rpcx", "grpc");
        }
      }
    }
    assertThat(serverPids).as("a fresh server per trial").hasSize(4).doesNotContainNull();
    List<String> steal = Files.readAllLines(out.resolve("steal.tsv"));
    assertThat(steal)
        .hasSize(4)
        .allMatch(l -> l.matches("closed-2\t(rpcx|grpc)\t[12]\t([0-9]+\\.[0-9]|nan)"));
    String tables = Files.readString(out.resolve("compare.md"));
    assertThat(tables).contains("| RPCX |", "| gRPC |", "### Closed loop");
    assertThat(console).contains(tables.strip().lines().findFirst().orElseThrow());
    // its last line: what it did, that it tested no difference, where the tables are
    List<String> consoleLines = console.strip().lines().toList();
    assertThat(consoleLines.get(consoleLines.size() - 1))
        .isEqualTo(
            "== compare: 2 side by side at 1 point over 2 rounds: medians with 95 % intervals in"
                + " the tables; how sure: no difference tested here: --base-jar/--new-jar, or two"
                + " sweeps of --trials 6 and rpcx-bench compare A B, test one; page: "
                + out.resolve("compare.md"));
    assertThat(Files.readString(out.resolve("machine.txt")))
        .contains("jvm flags (servers and clients): -Xmx128m -XX:+UseSerialGC")
        .contains("rounds: 2");
    assertThat(out.resolve("jars.txt")).isNotEmptyFile();
    assertThat(out.resolve("jars")).doesNotExist();
    assertThat(out.resolve("sweep.pids")).doesNotExist();
    assertThat(out.resolve("logs/closed-2-round1-rpcx.log")).isNotEmptyFile();

    String again = run(jar, home, args, work.resolve("second.txt"));
    assertThat(again).contains("closed-2 round 2 grpc: measured earlier, kept");
    assertThat(again).doesNotContain(": exit 0, steal");
    assertThat(Files.readAllLines(out.resolve("steal.tsv"))).isEqualTo(steal);
  }

  /**
   * {@code --pairing windows}: each round's two variants started afresh together, released at once
   * when both are warmed up, their runs taking turns (the round's order, then back): each file
   * records its instants, the two variants' windows never overlap, and a rerun keeps the rounds.
   */
  @Test
  void windowsPairTheRoundsVariantsRunByRun() throws Exception {
    Path jar = TestJars.fatJar();
    Path home = home(jar);
    Path out = work.resolve("windows");
    List<String> args =
        args(
            out,
            "--rounds",
            "1",
            "--runs",
            "3",
            "--run-time",
            "300ms",
            "--warmup",
            "1s",
            "--pairing",
            "windows");
    String console = run(jar, home, args, work.resolve("windows.txt"));
    List<String> order = ComparePlan.roundOrder(List.of("rpcx", "grpc"), 1);
    assertThat(console)
        .contains("pairing: windows", "closed-2 round 1 in windows: exit 0", "all warmed up");
    Map<String, List<Long>> at = new java.util.HashMap<>();
    List<WindowPairing.Window> windows = new java.util.ArrayList<>();
    for (String v : order) {
      var c = RawResultFile.read(onlyCsv(out.resolve("raw/closed-2/round1").resolve(v)));
      assertThat(c.provenance())
          .containsEntry("status", "complete")
          .hasEntrySatisfying("pairing", p -> assertThat(p).startsWith("windows"));
      at.put(
          v,
          java.util.Arrays.stream(c.provenance().get("start_at_runs").split(" "))
              .map(Long::valueOf)
              .toList());
      for (var r : c.rows()) {
        windows.add(
            new WindowPairing.Window(
                v,
                r.order(),
                Long.parseLong(r.extra("start_epoch_us").orElseThrow()),
                Long.parseLong(r.extra("end_epoch_us").orElseThrow())));
      }
    }
    // A B | B A | A B, one slot of 700 ms apart (1 s more before a variant's second in a row)
    long t0 = at.get(order.get(0)).get(0);
    assertThat(at)
        .isEqualTo(
            new WindowPairing(java.time.Duration.ofMillis(300), WindowPairing.GAP)
                .instants(order, 3, t0));
    assertThat(WindowPairing.overlapUs(windows))
        .as("the variants' runs took turns: %s", windows)
        .isLessThanOrEqualTo(WindowPairing.OVERLAP_ALLOWED_US);
    String again = run(jar, home, args, work.resolve("windows-again.txt"));
    assertThat(again).contains("closed-2 round 1 in windows: measured earlier, kept");
  }

  /**
   * A deploy folder with this build's jar and the rpcx and gRPC servers; no report jar: the tables
   * are made in the harness's JVM.
   */
  private static Path home(Path jar) throws Exception {
    return TestJars.homeWithServers(
        jar, "server-rpcx/target/server-rpcx.jar", "server-grpc/target/server-grpc.jar");
  }

  /** rpcx and grpc at 2 threads, 20 calls, no retries, small JVMs; then {@code more}. */
  private static List<String> args(Path out, String... more) {
    List<String> a =
        new java.util.ArrayList<>(
            List.of(
                "compare",
                "--local",
                "--protocol",
                "rpcx,grpc",
                "--threads",
                "2",
                "--in-flight",
                "none",
                "--requests",
                "20",
                "--divisors",
                "none",
                "--retries",
                "0",
                "--jvm-flags",
                "-Xmx128m -XX:+UseSerialGC",
                "--out",
                out.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private static String run(Path jar, Path home, List<String> args, Path log) throws Exception {
    Process p = TestJars.rpcxBench(jar, home, log, args).start();
    TestJars.awaitEnd(p);
    String console = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(console).isZero();
    return console;
  }

  private static Path onlyCsv(Path dir) throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> csv =
          files
              .filter(f -> f.toString().endsWith(".csv"))
              .filter(f -> !f.getFileName().toString().startsWith("."))
              .toList();
      assertThat(csv).as(dir.toString()).hasSize(1);
      return csv.get(0);
    }
  }
}
