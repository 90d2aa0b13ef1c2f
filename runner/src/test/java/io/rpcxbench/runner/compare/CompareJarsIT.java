package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.TestJars;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rpcx-bench compare --base-jar --new-jar} from the fat jar, as users run it: two copies of
 * the real server-rpcx.jar (an A/A) in 4 interleaved rounds on loopback, a fresh server per trial,
 * each file saying its round, its place in the round's order and when it started; then report
 * diff's verdict, which on an A/A must never be FAIL; a rerun keeps every trial. Asserts the design
 * and the folder, never a speed.
 */
class CompareJarsIT {
  @TempDir Path work;

  @Test
  void anAaOfTwoCopiesOfOneServerJarInInterleavedRoundsIsNeverAFail() throws Exception {
    Path jar = TestJars.fatJar();
    Path home = TestJars.homeWithServers(jar, "server-rpcx/target/server-rpcx.jar");
    try (ZipFile z = new ZipFile(jar.toFile())) {
      assumeTrue(
          z.getEntry("io/rpcxbench/runner/compare/JarPair.class") != null,
          jar + " predates compare --base-jar: package the harness first");
    }
    Path server = home.resolve("server-rpcx/target/server-rpcx.jar");
    Path base = Files.copy(server, Files.createDirectories(work.resolve("a")).resolve("s.jar"));
    Path next = Files.copy(server, Files.createDirectories(work.resolve("b")).resolve("s.jar"));
    Path out = work.resolve("compare");
    List<String> args =
        List.of(
            "compare",
            "--base-jar",
            base.toString(),
            "--new-jar",
            next.toString(),
            "--protocol",
            "rpcx",
            "--threads",
            "2",
            "--in-flight",
            "none",
            "--requests",
            "100",
            "--rounds",
            "4",
            "--runs",
            "2",
            "--warmup",
            "0s",
            "--retries",
            "0",
            "--placement",
            "unpinned",
            "--jvm-flags",
            "-Xmx128m -XX:+UseSerialGC",
            "--threshold",
            "delta.p50<50%",
            "--out",
            out.toString());
    Process p = TestJars.rpcxBench(jar, home, work.resolve("first.txt"), args).start();
    TestJars.awaitEnd(p);
    String console = Files.readString(work.resolve("first.txt"), StandardCharsets.UTF_8);
    // an A/A: PASS or INCONCLUSIVE, never FAIL (99), and the diff ran (not 1)
    assertThat(p.exitValue()).as(console).isIn(0, 98);
    assertThat(console)
        .contains("the two builds are the same bytes (sha256 ")
        .contains("closed-2: 4 of 4 rounds hold a trial of both builds")
        .contains("diff: exit " + p.exitValue())
        .doesNotContain("FAIL delta.p50");

    ComparePlan plan = ComparePlan.of("2", "none", "100", Map.of(), JarPair.SIDES, 4);
    Set<String> serverPids = new HashSet<>();
    for (int round = 1; round <= 4; round++) {
      assertThat(console)
          .contains("closed-2, round " + round + "/4: " + String.join(" ", plan.order(round)));
      List<Instant> started = new ArrayList<>();
      for (String side : plan.order(round)) {
        Path file =
            out.resolve(side)
                .resolve("closed-2")
                .resolve("round" + round)
                .resolve("rpcx/t2-r100.csv");
        Map<String, String> prov = RawResultFile.read(file).provenance();
        assertThat(prov)
            .as(file.toString())
            .containsEntry("status", "complete")
            .containsEntry("round", String.valueOf(round))
            .containsEntry("trial", String.valueOf(round))
            .containsEntry("order_index", String.valueOf(plan.order(round).indexOf(side) + 1))
            .containsEntry("build", side)
            .containsEntry("server_jar", (side.equals("base") ? base : next).toString())
            .containsKey("trial_started");
        started.add(Instant.parse(prov.get("trial_started")));
        assertThat(prov.get("server_pid")).matches("[0-9]+");
        serverPids.add(prov.get("server_pid"));
      }
      // the round ran in its drawn order
      assertThat(started.get(0)).isBefore(started.get(1));
    }
    // a fresh server JVM for every trial
    assertThat(serverPids).hasSize(8);
    assertThat(out.resolve("diff.md")).content().contains("BASE ran ");
    assertThat(out.resolve("diff.json")).isNotEmptyFile();
    assertThat(out.resolve("builds.tsv")).content().startsWith("protocol\trpcx\nbase\t");
    assertThat(out.resolve("sweep.pids")).doesNotExist();
    assertThat(out.resolve("jars")).doesNotExist();

    Process again = TestJars.rpcxBench(jar, home, work.resolve("second.txt"), args).start();
    TestJars.awaitEnd(again);
    String second = Files.readString(work.resolve("second.txt"), StandardCharsets.UTF_8);
    assertThat(again.exitValue()).as(second).isEqualTo(p.exitValue());
    assertThat(second)
        .contains("closed-2 round 4 new: measured earlier, kept")
        .doesNotContain(": exit 0, steal");
  }
}
