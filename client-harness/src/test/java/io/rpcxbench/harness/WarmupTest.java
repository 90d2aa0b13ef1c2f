package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.SteadyWarmup;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.TimeLimit;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import io.rpcxbench.spi.BenchClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --warmup}: calls before order 0 that leave no trace in the rows, only in the provenance;
 * against the real RPCX server on loopback (port 0).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WarmupTest {
  @TempDir Path out;
  private RpcxBenchServer server;

  @BeforeAll
  void startServer() {
    server = RpcxBenchServer.start("127.0.0.1", 0);
  }

  @AfterAll
  void stopServer() {
    server.close();
  }

  @Test
  void warmUpCallsAreMadeButNotRecorded() throws IOException {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "rpcx",
                "--threads",
                3,
                "--requests",
                20,
                "--runs",
                2,
                "--warmup",
                "300ms",
                "--port",
                "rpcx=" + server.port(),
                "--out",
                out));

    assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
    RawContents c =
        RawFileChecks.checkComplete(
            out.resolve("rpcx").resolve("t3-r20.csv"), Protocol.parse("rpcx"), 3, 20, 2, 60);
    assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
    assertThat(c.provenance())
        .containsEntry("warmup", "PT0.3S")
        .containsEntry("warmup_mode", "fixed")
        .containsEntry("warmup_iterations", "1");
    assertThat(Long.parseLong(c.provenance().get("warmup_calls"))).isPositive();
    assertThat(c.provenance().get("options")).contains("--runs 2 --warmup PT0.3S ");
    assertThat(o.err())
        .containsPattern("(?m)^rpcx      warm-up: \\d+\\.\\d s, [1-9]\\d* calls, 0 errors$");
    assertThat(o.err().indexOf("warm-up:")).isLessThan(o.err().indexOf("order 0/2"));
  }

  @Test
  void aSteadyWarmUpRunsIterationsAndRecordsThem() throws IOException {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "rpcx",
                "--threads",
                2,
                "--requests",
                20,
                "--runs",
                2,
                "--warmup-mode",
                "steady",
                "--warmup-iteration",
                "100ms",
                "--warmup-tolerance",
                "50%",
                "--warmup-max",
                "1s",
                "--port",
                "rpcx=" + server.port(),
                "--out",
                out));

    assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
    RawContents c =
        RawFileChecks.checkComplete(
            out.resolve("rpcx").resolve("t2-r20.csv"), Protocol.parse("rpcx"), 2, 20, 2, 40);
    Map<String, String> p = c.provenance();
    assertThat(p).containsEntry("warmup_mode", "steady").containsEntry("warmup", "PT0S");
    int iterations = Integer.parseInt(p.get("warmup_iterations"));
    assertThat(iterations).isBetween(2, 10);
    assertThat(p.get("warmup_rates").split(" ")).hasSize(iterations);
    assertThat(Long.parseLong(p.get("warmup_calls"))).isPositive();
    boolean converged = Boolean.parseBoolean(p.get("warmup_converged"));
    assertThat(converged || iterations == 10).as(p.toString()).isTrue();
    assertThat(p.get("options"))
        .contains(
            "--warmup PT0S --warmup-mode steady --warmup-iteration 100ms --warmup-tolerance 50%"
                + " --warmup-max 1s ");
    assertThat(o.err())
        .containsPattern(
            "(?m)^rpcx      warm-up: \\d+\\.\\d s, [1-9]\\d* calls, 0 errors; "
                + iterations
                + " iterations of 100ms, (converged|NOT converged within --warmup-max 1s"
                + "(, the JIT still compiling \\(\\d\\.\\d\\d cores\\))?)"
                + " \\(last \\d+\\.\\d calls/s, tolerance 50%\\)$");
    // the compilers' cores of each iteration (the server runs in this JVM here)
    assertThat(p.get("warmup_jit_cores").split(" ")).hasSize(iterations);
    assertThat(o.err().indexOf("warm-up:")).isLessThan(o.err().indexOf("order 0/2"));
    assertThat(c.rows())
        .allSatisfy(
            r ->
                assertThat(r.extra("limited_by"))
                    .hasValueSatisfying(
                        v -> assertThat(v).isIn("client", "server", "link", "none", "contended")));
    assertThat(p.get("limited_by")).matches("((client|server|link|none|contended) \\d+(, )?)+");
  }

  /**
   * An open loop at 5 calls/s warms up at 5 calls/s on its own (a handful of calls, nothing
   * compiled); with --warmup-in-flight 2 its warm-up keeps 2 calls outstanding, as fast as the
   * replies come, and the runs are the open loop's.
   */
  @Test
  void anOpenLoopsWarmUpKeepsCallsInFlightWithWarmupInFlight() throws IOException {
    Map<String, String> own = openLoopWarmedUp(out.resolve("own"));
    Map<String, String> closed = openLoopWarmedUp(out.resolve("closed"), "--warmup-in-flight", "2");

    assertThat(Long.parseLong(own.get("warmup_calls"))).isLessThanOrEqualTo(10);
    assertThat(own).doesNotContainKey("warmup_in_flight");
    assertThat(Long.parseLong(closed.get("warmup_calls"))).isGreaterThan(100);
    assertThat(closed).containsEntry("warmup_in_flight", "2").containsKey("warmup_gc_ms");
    assertThat(own).doesNotContainKey("warmup_gc_ms").doesNotContainKey("warmup_own_calls");
    // then its own load again: a handful of calls at 5 calls/s
    assertThat(Long.parseLong(closed.get("warmup_own_calls"))).isBetween(1L, 10L);
    assertThat(closed.get("options")).contains("--warmup-in-flight 2");
  }

  /** An open-loop point of 2 runs of 1 s at 5 calls/s after a 1 s warm-up; its provenance. */
  private Map<String, String> openLoopWarmedUp(Path dir, String... more) throws IOException {
    List<Object> line =
        new java.util.ArrayList<>(
            List.of(
                "--protocol",
                "rpcx",
                "--rate",
                5,
                "--duration",
                "1s",
                "--runs",
                2,
                "--warmup",
                "1s",
                "--port",
                "rpcx=" + server.port(),
                "--out",
                dir));
    line.addAll(List.of(more));
    HarnessInvocation.Outcome o = HarnessInvocation.run(args(line.toArray()));
    assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
    if (more.length > 0) {
      assertThat(o.err())
          .contains("its load 2 calls in flight")
          .contains("rpcx then at its own load: ")
          .contains("rpcx after the warm-up: a full GC of the harness JVM (");
    }
    Path file = io.rpcxbench.raw.RawFolder.first(dir.resolve("rpcx")).orElseThrow();
    RawContents c = io.rpcxbench.raw.RawResultFile.read(file);
    assertThat(c.rows()).hasSize(2).allSatisfy(r -> assertThat(r.calls()).isEqualTo(5));
    return c.provenance();
  }

  @Test
  void warmupInFlightNeedsAWarmUpAndACount() {
    for (String[] bad :
        new String[][] {
          {"--warmup-in-flight", "-1"},
          {"--warmup-in-flight", "many"},
          {"--paper", "--warmup-in-flight", "4"},
          {"--warmup", "0s", "--warmup-in-flight", "4"},
          {"--cold-start", "--warmup-in-flight", "4"}
        }) {
      List<String> line =
          new java.util.ArrayList<>(
              List.of("--protocol", "rpcx", "--rate", "5", "--duration", "1s", "--out", "x"));
      line.addAll(List.of(bad));
      HarnessInvocation.Outcome o = HarnessInvocation.run(line.toArray(String[]::new));
      assertThat(o.exitCode()).as(String.join(" ", bad) + ": " + o.err()).isEqualTo(2);
      assertThat(
              o.err()
                  .lines()
                  .filter(l -> l.contains("--warmup-in-flight") || l.contains("--paper")))
          .as(o.err())
          .isNotEmpty();
    }
  }

  @Test
  void aSteadyWarmUpGoesWithNeitherAFixedOneNorACold() {
    for (String[] bad :
        new String[][] {
          {"--warmup-mode", "steady", "--warmup", "5s"},
          {"--warmup-mode", "steady", "--cold-start"},
          {"--warmup", "1s", "--warmup-max", "30s"},
          {"--cold-start", "--warmup-tolerance", "5%"},
          {"--warmup-mode", "lukewarm"},
          {"--warmup-mode", "steady", "--warmup-iteration", "2s", "--warmup-max", "3s"}
        }) {
      List<String> line =
          new java.util.ArrayList<>(
              List.of(
                  "--protocol",
                  "rpcx",
                  "--threads",
                  "1",
                  "--requests",
                  "1",
                  "--out",
                  out.toString()));
      line.addAll(List.of(bad));
      HarnessInvocation.Outcome o = HarnessInvocation.run(line.toArray(String[]::new));
      assertThat(o.exitCode()).as(String.join(" ", bad) + ": " + o.err()).isEqualTo(2);
    }
  }

  @Test
  void withoutAWarmUpOptionTheWarmUpIsSteadyAndTheFileSaysSo() {
    RunConfig config = config("--protocol", "rpcx", "--threads", "2", "--requests", "10");

    assertThat(config.warmup().steady())
        .isEqualTo(new SteadyWarmup(Duration.ofSeconds(1), 0.03, Duration.ofSeconds(60)));
    Map<String, String> p =
        PointProvenance.of(config, Provenance.capture(), "x", java.time.Instant.now());
    assertThat(p).containsEntry("warmup_mode", "steady").containsEntry("warmup_converged", "false");
    assertThat(p.get("options"))
        .contains(
            "--warmup PT0S --warmup-mode steady --warmup-iteration 1s --warmup-tolerance 3%"
                + " --warmup-max 60s ");
  }

  @Test
  void aSteadyOptionAloneIsTheDefaultSteadyWarmUpWithIt() {
    RunConfig config =
        config("--protocol", "rpcx", "--threads", "2", "--requests", "10", "--warmup-max", "9s");

    assertThat(config.warmup().steady().max()).isEqualTo(Duration.ofSeconds(9));
  }

  @Test
  void aFixedWarmUpAColdStartOrThePapersMethodChooseNoSteadyOne() {
    for (String[] choice :
        new String[][] {
          {"--warmup", "0s"},
          {"--warmup", "2s"},
          {"--cold-start"},
          {"--paper"},
          {"--paper", "--cold-start"},
          {"--paper", "--warmup", "0s"},
          {"--warmup-mode", "fixed"}
        }) {
      List<String> line =
          new java.util.ArrayList<>(
              List.of("--protocol", "rpcx", "--threads", "2", "--requests", "10"));
      line.addAll(List.of(choice));

      assertThat(config(line.toArray(String[]::new)).warmup().steady())
          .as(String.join(" ", choice))
          .isNull();
    }
  }

  @Test
  void thePapersMethodBesideAWarmUpIsAContradictionInOneLine() {
    for (String[] bad :
        new String[][] {
          {"--warmup-mode", "steady"}, {"--warmup", "5s"}, {"--warmup-iteration", "2s"}
        }) {
      String named = bad[0].equals("--warmup-iteration") ? bad[0] : String.join(" ", bad);
      List<String> line =
          new java.util.ArrayList<>(
              List.of("--protocol", "rpcx", "--threads", "1", "--requests", "1", "--paper"));
      line.addAll(List.of(bad));

      HarnessInvocation.Outcome o = HarnessInvocation.runAsGiven(line.toArray(String[]::new));

      assertThat(o.exitCode()).isEqualTo(2);
      assertThat(o.err().lines().findFirst().orElse(""))
          .isEqualTo(
              "error: --paper is the paper's cold method, no warm-up: it contradicts " + named);
    }
  }

  @Test
  void thePapersMethodHasNoWarmUp() throws IOException {
    HarnessInvocation.Outcome o =
        HarnessInvocation.runAsGiven(
            args(
                "--protocol",
                "rpcx",
                "--threads",
                2,
                "--requests",
                10,
                "--runs",
                2,
                "--paper",
                "--port",
                "rpcx=" + server.port(),
                "--out",
                out));

    assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
    RawContents c =
        RawFileChecks.checkComplete(
            out.resolve("rpcx").resolve("t2-r10.csv"), Protocol.parse("rpcx"), 2, 10, 2, 20);
    assertThat(c.provenance())
        .containsEntry("warmup", "PT0S")
        .containsEntry("warmup_calls", "0")
        .containsEntry("warmup_mode", "none")
        .containsEntry("warmup_iterations", "0")
        .doesNotContainKey("warmup_converged");
    assertThat(c.provenance().get("options")).contains("--warmup PT0S");
    assertThat(o.err()).doesNotContain("warm-up");
  }

  @Test
  void failingWarmUpCallsGoOnToTheDeadlineAndReportTheFirstError() throws Exception {
    RpcxBenchServer dying = RpcxBenchServer.start("127.0.0.1", 0);
    RunConfig config = config(dying.port());
    LoadRunner.Warmup w;
    try (BenchClient client =
            Protocol.parse("rpcx").open(config.clientOptions(Protocol.parse("rpcx")));
        LoadRunner runner = new LoadRunner(client, config, NO_INPUT)) {
      CallKind.HELLO.invoke(client, NO_INPUT, "probe", 0);
      dying.close();

      w = runner.warmUp(Duration.ofMillis(300), TimeLimit.NEVER);
    }

    // Every call failed, and the threads did not stop at their first failure.
    assertThat(w.errors()).isEqualTo(w.calls());
    assertThat(w.calls()).isGreaterThan(config.load().threads());
    assertThat(w.firstError()).isNotBlank();
    assertThat(new RunLines(config).warmup(w))
        .startsWith("rpcx      warm-up: ")
        .contains(
            w.calls() + " calls, " + w.errors() + " errors (first error: " + w.firstError() + ")");
  }

  @Test
  void theForkedWorkerGetsTheWarmUp() {
    RunConfig config =
        TestConfig.of(out, Protocol.parse("rpcx"), Protocol.parse("grpc"))
            .threads(2)
            .requests(3)
            .warmup(Duration.ofSeconds(10))
            .payloadBytes(64)
            .build();

    List<String> command = new WorkerForks(config, null).command(Protocol.parse("grpc"));

    assertThat(String.join(" ", command))
        .contains("--protocol grpc ")
        .contains("--warmup PT10S ")
        .endsWith("--worker");
  }

  /** The validated configuration of a command line, as the harness would run it. */
  private static RunConfig config(String... args) {
    picocli.CommandLine cl = HarnessCommand.commandLine();
    cl.parseArgs(args);
    return ((HarnessCommand) cl.getCommand()).validConfig();
  }

  private static final CallKind.CallInput NO_INPUT =
      new CallKind.CallInput(new byte[0], 0, List.of());

  private RunConfig config(int port) {
    return TestConfig.of(out, Protocol.parse("rpcx"))
        .threads(2)
        .requests(10)
        .ports(Map.of("rpcx", port))
        .timeout(Duration.ofSeconds(2))
        .build();
  }
}
