package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.load.IntervalLog;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Server and client CPU, peak RSS and the interval log. The "server" is this test's own JVM (which
 * also runs the harness and the scripted server) with a child process, so its CPU is real.
 */
class MetersTest {
  @TempDir Path out;

  @Test
  void eachRunRecordsPlausibleServerAndClientCpuAndMemory() throws Exception {
    long pid = ProcessHandle.current().pid();
    Process child = new ProcessBuilder("sleep", "30").start();
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--rate",
                  2000,
                  "--duration",
                  "1s",
                  "--runs",
                  2,
                  "--server-pid",
                  "scripted=" + pid,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted").resolve("open-r2000-d1s.csv"));
      assertThat(c.problems()).isEmpty();
      int cores = Runtime.getRuntime().availableProcessors();
      for (RunRow r : c.rows()) {
        double wallS = r.timeTotal() / 1000 + 0.5; // the meters' window is a little longer
        // /proc counts CPU in 10 ms ticks: 2,000 calls/s keep a run well above one on a busy box
        double serverCpu = number(r, "server_cpu_s");
        double client = number(r, "client_cpu_s");
        assertThat(serverCpu).isPositive().isLessThanOrEqualTo(wallS * cores);
        assertThat(client).isPositive().isLessThanOrEqualTo(wallS * cores);
        assertThat(number(r, "server_cores")).isPositive().isLessThanOrEqualTo(cores + 0.05);
        assertThat(number(r, "server_rss_kb")).isPositive();
        assertThat(number(r, "server_processes")).isGreaterThanOrEqualTo(2); // + the child
        assertThat(r.extra("harness_limited")).isPresent();
        assertThat(r.extra("limited_by")).isPresent();
      }
      assertThat(c.provenance())
          .containsKeys("server", "server_cpu", "server_cores_max", "server_rss_peak_kb")
          .containsEntry("client_cores_available", String.valueOf(cores));
      assertThat(c.provenance().get("options")).contains("--server-pid scripted=" + pid);
      assertThat(o.err()).containsPattern("server \\d+\\.\\d{3} cores, rss \\d+ kB");
    } finally {
      child.destroyForcibly();
    }
  }

  @Test
  void withoutServerPidOnlyTheClientIsMeasured() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--threads",
                  2,
                  "--requests",
                  50,
                  "--runs",
                  1,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted").resolve("t2-r50.csv"));
      // segments_* and bytes_* may sit before connections: counted from the client's own
      // sockets (ss), present where ss is installed.
      assertThat(c.columns())
          .contains(
              "errors_timeout",
              "errors_transport",
              "errors_wrong_reply",
              "errors_over_threshold",
              "client_cpu_s",
              "client_cores",
              "gc_pauses",
              "gc_pause_ms",
              "client_jit_ms",
              "harness_limited",
              "limited_by",
              "noise_load",
              "noise_cpu_pressure",
              "noise_steal",
              "noise_others_cores",
              "contended",
              "contended_why",
              "connections")
          .doesNotContain("server_cpu_s", "link_used", "server_bytes_in");
      assertThat(c.provenance()).containsEntry("load_model", "closed").doesNotContainKey("server");
    }
  }

  @Test
  void theIntervalLogHoldsEveryCallTaggedByKindProtocolAndHost() throws IOException {
    Path hlog = out.resolve("logs").resolve("run.hlog");
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--rate",
                  300,
                  "--duration",
                  "2s",
                  "--runs",
                  2,
                  "--hlog",
                  hlog,
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted").resolve("open-r300-d2s.csv"));
      String host = IntervalLog.tagPart(c.provenance().get("client_host"));
      Map<String, Long> counts = new HashMap<>();
      Map<String, Integer> intervals = new HashMap<>();
      HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
      for (EncodableHistogram h = reader.nextIntervalHistogram();
          h != null;
          h = reader.nextIntervalHistogram()) {
        org.HdrHistogram.Histogram histogram = (org.HdrHistogram.Histogram) h;
        counts.merge(h.getTag(), histogram.getTotalCount(), Long::sum);
        intervals.merge(h.getTag(), 1, Integer::sum);
      }
      assertThat(counts)
          .containsOnlyKeys("latency/scripted/" + host, "service/scripted/" + host)
          .containsEntry("latency/scripted/" + host, 1200L)
          .containsEntry("service/scripted/" + host, 1200L);
      // two runs of 2 s, one interval per second each (plus a partial last one)
      assertThat(intervals.get("latency/scripted/" + host)).isBetween(4, 8);
      assertThat(c.provenance()).containsEntry("hlog", hlog.toString());
      assertThat(Files.readString(hlog)).contains("#[StartTime: ").contains("order 1");
    }
  }

  @Test
  void severalProtocolsWriteALogEach() {
    Instruments i = new Instruments(Map.of(), Path.of("x", "run.hlog"));
    assertThat(i.forProtocol(Protocol.parse("rpcx"), true).hlog())
        .isEqualTo(Path.of("x", "run-rpcx.hlog"));
    assertThat(i.forProtocol(Protocol.parse("rpcx"), false).hlog())
        .isEqualTo(Path.of("x", "run.hlog"));
    assertThat(
            new Instruments(Map.of("", List.of(7L), "grpc", List.of(9L)), null)
                .serverPids(Protocol.parse("grpc")))
        .containsExactly(7L, 9L);
  }

  private static double number(RunRow r, String column) {
    return Double.parseDouble(r.extra(column).orElseThrow(() -> new AssertionError(column)));
  }
}
