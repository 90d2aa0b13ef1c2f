package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.TestJars;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rpcx-bench choose --local} from the fat jar, as users run it: the rpcx and gRPC servers
 * from their jars on free ports of loopback, each candidate warmed up (a closed-loop point) before
 * its probes, the folder the report's scorecard reads, the servers stopped.
 */
class ChooseLocalIT {
  @TempDir Path work;

  /**
   * A small map: the choose at two round trips through the proxy ({@code --across}), a folder per
   * condition as a plain choose writes it with its scorecard, map.tsv, and the map made from them.
   */
  @Test
  void aSmallChooseWithTwoRealProtocolsAcrossTwoRoundTrips() throws Exception {
    Path out = work.resolve("choose");
    String console =
        choose(
            out,
            "--protocol",
            "rpcx,grpc",
            "--call",
            "items",
            "--items",
            "10",
            "--start-rate",
            "2000",
            "--max-rate",
            "4000",
            "--across",
            "rtt=0.2ms,4ms",
            "--refine",
            "0");
    assertThat(console)
        .contains("choose: items(10) at p99<=200ms")
        .contains("across the link condition loopback+rtt=0.2ms")
        .contains("across the link condition loopback+rtt=4ms")
        .contains("round 1 rpcx: warmed up (", "round 1 grpc: warmed up (")
        .containsPattern("round 1 rpcx: capacity [0-9]+ calls/s")
        .containsPattern("round 1 grpc: capacity [0-9]+ calls/s")
        // the shared load's round is a trial of its own: fresh server JVMs, not the searches'
        .contains("round 1: fresh servers (a round is a trial)")
        .contains("servers stopped")
        // the scorecards and the map are judged in the harness's JVM: the home has no report jar
        .contains("scorecard: " + out.resolve("loopback+rtt=4ms/report/scorecard.md"))
        .contains("map: " + out.resolve("report/map.html"))
        .containsPattern("== map: .*conditions measured");
    assertThat(out.resolve("report/refine.tsv")).exists();
    assertThat(Files.readAllLines(out.resolve("map.tsv")))
        .contains(
            "# axes: rtt",
            "loopback+rtt=0.2ms\t0.2\t0\t\t0\tgrid\t",
            "loopback+rtt=4ms\t4\t0\t\t0\tgrid\t");
    for (String condition : List.of("loopback+rtt=0.2ms", "loopback+rtt=4ms")) {
      Path folder = out.resolve(condition);
      assertThat(Files.readAllLines(folder.resolve("capacity.tsv"))).hasSize(3);
      for (String candidate : List.of("rpcx", "grpc")) {
        Path file = only(folder.resolve("shared/round1/" + candidate));
        RawContents c = RawResultFile.read(file);
        assertThat(c.provenance())
            .as(condition + " " + candidate)
            .containsEntry("status", "complete")
            .containsEntry("call", "items")
            .containsEntry("items", "10")
            .containsEntry("choose_candidate", candidate)
            .containsEntry("warmup_mode", "steady")
            .containsEntry("network_profile", condition)
            .containsKey("server_cpu");
        assertThat(c.rows()).hasSize(2);
      }
      assertThat(folder.resolve("sweep.pids")).doesNotExist();
    }
  }

  /**
   * Issue 29: {@code choose --message}: the servers publish the user's message, every probe sends
   * it, the folder says so.
   */
  @Test
  void aChooseOfTheUsersOwnMessage() throws Exception {
    Path examples = Path.of("../examples").toAbsolutePath();
    Path out = work.resolve("choose-message");
    String console =
        choose(
            out,
            "--protocol",
            "rpcx,grpc-tuned",
            "--message",
            examples.resolve("order.proto") + ":Order",
            "--data",
            examples.resolve("order.json").toString(),
            "--start-rate",
            "1000",
            "--max-rate",
            "2000",
            "--no-report");
    assertThat(console).contains("choose: message examples.order.Order (echo) at p99<=200ms");
    assertThat(ChooseLedger.readSettings(out))
        .containsEntry("workload", "message examples.order.Order (echo)");
    for (String candidate : List.of("rpcx", "grpc-tuned")) {
      RawContents c = RawResultFile.read(only(out.resolve("shared/round1/" + candidate)));
      assertThat(c.provenance())
          .as(candidate)
          .containsEntry("status", "complete")
          .containsEntry("call", "message")
          .containsEntry("message_name", "examples.order.Order");
      assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
    }
  }

  /**
   * A small {@code choose --local} from the fat jar with the rpcx and gRPC servers' jars: one
   * round, 1 s probes, a 50 % resolution, p99 <= 200 ms, these options added; its console, after
   * checking it ended with exit 0.
   */
  private String choose(Path out, String... options) throws Exception {
    Path jar = TestJars.fatJar();
    Path home =
        TestJars.homeWithServers(
            jar, "server-rpcx/target/server-rpcx.jar", "server-grpc/target/server-grpc.jar");
    Path log = out.resolveSibling(out.getFileName() + "-console.txt");
    List<String> args =
        new ArrayList<>(
            List.of(
                "choose",
                "--local",
                "--calibration",
                "off",
                "--slo",
                "p99=200ms",
                "--resolution",
                "50%",
                "--rounds",
                "1",
                "--probe-duration",
                "1s",
                "--shared-rate",
                "200",
                "--shared-runs",
                "2",
                "--out",
                out.toString(),
                "--server-jvm-flags",
                "-Xmx128m -XX:+UseSerialGC"));
    args.addAll(List.of(options));
    Process p = TestJars.rpcxBench(jar, home, log, args).start();
    TestJars.awaitEnd(p);
    String console = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(console).isZero();
    return console;
  }

  private static Path only(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> csv = files.filter(f -> f.toString().endsWith(".csv")).toList();
      assertThat(csv).as(dir.toString()).hasSize(1);
      return csv.get(0);
    }
  }
}
