package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.RequestsPer;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.TimeLimitPer;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.TimeLimit;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * However a point ends, its file keeps the runs that finished: at --time-limit (per point or per
 * run: status timeout), stopped from outside (the shutdown hook: status incomplete); and what
 * --cold-start, --provenance and a too-short --timeout do. Against the test's line-protocol servers
 * on loopback (port 0).
 */
class PointEndsTest {
  @TempDir Path out;

  @Test
  void aPointAtItsTimeLimitKeepsTheRunsThatFinished() throws IOException {
    // probe + 2 runs of 1 x 2 calls are answered; run 2 then waits for a reply that never comes
    try (StallingLineServer server = new StallingLineServer(1 + 2 * 2)) {
      HarnessInvocation.Outcome o = runLine(server.port(), "--time-limit", "1s");

      assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
      assertThat(o.err())
          .contains("line      order 1/5: ")
          .contains(
              "line      time limit 1s per point reached after 2 of 5 runs; the file keeps them"
                  + " (status timeout)");
      Map<String, String> p = provenance(file());
      assertThat(p)
          .containsEntry("status", "timeout")
          .containsEntry("runs", "5")
          .containsEntry("runs_completed", "2")
          .containsEntry("limit_s", "1")
          .containsEntry("timeout_per", "point")
          .containsEntry("cold_start", "false");
      assertThat(p.get("options")).contains("--time-limit PT1S --time-limit-per point");
      assertThat(rowOrders(file())).containsExactly("0", "1");
    }
  }

  @Test
  void aPerRunLimitBoundsEachRun() throws IOException {
    try (StallingLineServer server = new StallingLineServer(1 + 3 * 2)) {
      HarnessInvocation.Outcome o =
          runLine(server.port(), "--time-limit", "1s", "--time-limit-per", "run");

      assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
      assertThat(o.err()).contains("time limit 1s per run reached after 3 of 5 runs");
      Map<String, String> p = provenance(file());
      assertThat(p)
          .containsEntry("status", "timeout")
          .containsEntry("runs_completed", "3")
          .containsEntry("timeout_per", "run");
      assertThat(rowOrders(file())).containsExactly("0", "1", "2");
    }
  }

  @Test
  void aCompletePointSaysSoAndCountsItsRuns() throws IOException {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      HarnessInvocation.Outcome o =
          runLine(
              server.port(),
              "--time-limit",
              "10m",
              "--cold-start",
              "--provenance",
              "server_jvm_flags=-Xms384m -Xmx384m -XX:+UseSerialGC",
              "--provenance",
              "link_rate=1mbit");

      assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
      Map<String, String> p = provenance(file());
      assertThat(p)
          .containsEntry("status", "complete")
          .containsEntry("runs_completed", "5")
          .containsEntry("limit_s", "600")
          .containsEntry("cold_start", "true")
          .containsEntry("server_jvm_flags", "-Xms384m -Xmx384m -XX:+UseSerialGC")
          .containsEntry("link_rate", "1mbit")
          .containsKey("link_counted");
      // the options line reproduces the point; the --provenance facts have keys of their own
      assertThat(p.get("options")).contains("--cold-start").doesNotContain("--provenance");
      assertThat(RawResultFile.read(file()).problems()).isEmpty();
      assertThat(rowOrders(file())).hasSize(5);
    }
  }

  @Test
  void stoppedFromOutsideTheHookWritesTheFinishedRunsAsIncomplete() throws IOException {
    Path file = out.resolve("t.csv");
    PointRecorder recorder = new PointRecorder(file, Map.of("protocol", "line", "runs", "10"));
    recorder.add(row(0));
    recorder.add(row(1));
    StringWriter err = new StringWriter();

    recorder.shutdownHook(new PrintWriter(err, true), "line").run();

    Map<String, String> p = provenance(file);
    assertThat(p).containsEntry("status", "incomplete").containsEntry("runs_completed", "2");
    assertThat(rowOrders(file)).containsExactly("0", "1");
    assertThat(err.toString())
        .contains("line: stopped from outside after 2 runs; " + file + " keeps them");
    // written once: the main thread's later write does not replace it
    assertThat(recorder.write("complete")).isFalse();
    assertThat(provenance(file)).containsEntry("status", "incomplete");
    assertThat(Files.list(out).map(Path::getFileName).map(Path::toString)).containsOnly("t.csv");
  }

  @Test
  void coldStartCountsOrderZeroFromBeforeTheClientWasBuilt() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      RunConfig config =
          TestConfig.of(out, Protocol.parse("line"))
              .ports(Map.of("line", server.port()))
              .timeout(Duration.ofSeconds(5))
              .coldStart()
              .build();
      CallKind.CallInput input = new CallKind.CallInput(new byte[0], 0, List.of());
      long since = System.nanoTime() - Duration.ofSeconds(2).toNanos();
      try (var client = Protocol.parse("line").open(config.clientOptions(Protocol.parse("line")));
          LoadRunner runner = new LoadRunner(client, config, input)) {
        RunResult cold = runner.run(0, since, TimeLimit.of(config, System.nanoTime()));
        // the clock started 2 s before the run: the client's build and first call count
        assertThat(cold.timeNanos()).isGreaterThanOrEqualTo(Duration.ofSeconds(2).toNanos());
        assertThat(cold.calls()).isEqualTo(1);
      }
    }
  }

  @Test
  void aTimeoutShorterThanTheConnectIsNotCalledUnreachable() {
    try (StallingLineServer silent = new StallingLineServer(0)) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "line",
                  "--port",
                  "line=" + silent.port(),
                  "--threads",
                  1,
                  "--requests",
                  1,
                  "--timeout",
                  "200ms",
                  "--out",
                  out));

      assertThat(o.exitCode()).isEqualTo(1);
      assertThat(o.err())
          .contains(
              "no reply from line server at 127.0.0.1:"
                  + silent.port()
                  + " within --timeout 200ms (the connect alone may take longer; try a longer"
                  + " --timeout)")
          .doesNotContain("cannot reach");
      assertThat(out.resolve("line")).doesNotExist();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void anOutThatIsAFileIsRefusedBeforeTheFirstCall() throws IOException {
    Path notADir = out.resolve("raw.csv");
    Files.writeString(notADir, "x");

    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", "line", "--threads", 1, "--requests", 1, "--out", notADir));

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err())
        .contains("Invalid value for option '--out': " + notADir + " is a file, not a folder");
    assertThat(notADir).hasContent("x");
  }

  @Test
  void theForkedWorkersGetEveryNewOption() {
    RunConfig config =
        TestConfig.of(out, Protocol.parse("rpcx"), Protocol.parse("line"))
            .threads(2)
            .requests(3)
            .requestsPer(RequestsPer.TOTAL)
            .timeLimit(Duration.ofMinutes(10), TimeLimitPer.RUN)
            .coldStart()
            .provenance(Map.of("server_jvm_flags", "-Xmx1g"))
            .build();

    assertThat(String.join(" ", new WorkerForks(config, null).command(Protocol.parse("line"))))
        .contains("--time-limit PT10M --time-limit-per run --cold-start --out " + out + " ")
        .endsWith(" --provenance server_jvm_flags=-Xmx1g --worker");
  }

  private HarnessInvocation.Outcome runLine(int port, String... more) {
    List<String> a =
        new java.util.ArrayList<>(
            List.of(
                "--protocol",
                "line",
                "--port",
                "line=" + port,
                "--threads",
                "1",
                "--requests",
                "2",
                "--runs",
                "5",
                "--timeout",
                "3s",
                "--out",
                out.toString()));
    a.addAll(List.of(more));
    return HarnessInvocation.run(a.toArray(new String[0]));
  }

  private Path file() {
    return out.resolve("line").resolve("t1-r2.csv");
  }

  private static RunRow row(int order) {
    Histogram h = LoadRunner.newHistogram();
    h.recordValue(1000);
    return RunRow.measured(99, 1, 2, order, 1.5, 2, 0, h);
  }

  /** The provenance lines as written (the reader of today skips files of an unknown status). */
  private static Map<String, String> provenance(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .filter(l -> l.startsWith("# ") && l.contains(": "))
        .collect(
            Collectors.toMap(
                l -> l.substring(2, l.indexOf(": ")),
                l -> l.substring(l.indexOf(": ") + 2),
                (a, b) -> a));
  }

  /** The order column of each run row. */
  private static List<String> rowOrders(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .filter(l -> !l.startsWith("#") && !l.startsWith("type,"))
        .map(l -> l.split(",")[3])
        .toList();
  }
}
