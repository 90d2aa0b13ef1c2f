package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open loop against the scripted in-JVM server: intended starts from the schedule, latency from
 * them, service time from the send, drops counted. Assertions are on counts, not durations.
 */
class OpenLoopTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @TempDir Path out;

  private HarnessInvocation.Outcome open(
      String protocol, ScriptedProtocol.Server server, Object... more) {
    List<Object> all =
        new ArrayList<>(
            List.of(
                "--protocol", protocol, "--port", protocol + "=" + server.port(), "--out", out));
    all.addAll(List.of(more));
    if (!all.contains("--runs")) {
      all.addAll(List.of("--runs", 1));
    }
    return HarnessInvocation.run(args(all.toArray()));
  }

  private RawContents read(String protocol, String file) throws IOException {
    RawContents c = RawResultFile.read(out.resolve(protocol).resolve(file));
    assertThat(c.problems()).isEmpty();
    return c;
  }

  @Test
  void aStallThatHoldsTheSenderShowsInTheLatencyOfEveryCallScheduledDuringItNotInServiceTime()
      throws IOException {
    // 200 calls/s for 2 s: 400 calls; call 100 holds its sender 300 ms, over ~60 intended starts.
    try (ScriptedProtocol.Server server =
        new ScriptedProtocol.Server().stallOnce(100, Duration.ofMillis(300))) {
      HarnessInvocation.Outcome o = open("scripted", server, "--rate", 200, "--duration", "2s");

      assertThat(o.exitCode()).as(o.err()).isZero();
      RunRow row = read("scripted", "open-r200-d2s.csv").rows().get(0);
      assertThat(row.calls()).isEqualTo(400);
      assertThat(row.extra("dropped")).contains("0");
      Histogram latency = row.latencyNanos().orElseThrow();
      Histogram service = row.extraHistogram("service_histogram").orElseThrow();
      assertThat(latency.getTotalCount()).isEqualTo(400);
      assertThat(service.getTotalCount()).isEqualTo(400);
      // Calls meant to start in the stall's first 200 ms waited more than 100 ms: about 40.
      assertThat(countAbove(latency, 100 * MS)).isGreaterThanOrEqualTo(30);
      assertThat(latency.getValueAtPercentile(99)).isGreaterThanOrEqualTo(200 * MS);
      // Sent after the stall, each was quick: only the stalled call itself was slow.
      assertThat(countAbove(service, 100 * MS)).isLessThanOrEqualTo(2);
      assertThat(service.getValueAtPercentile(99)).isLessThan(100 * MS);
      assertThat(Double.parseDouble(row.extra("max_lag_us").orElseThrow()))
          .isGreaterThanOrEqualTo(200_000);
    }
  }

  private static long countAbove(Histogram h, long nanos) {
    return h.getTotalCount() - h.getCountBetweenValues(0, nanos);
  }

  @Test
  void onAnIdleServerEveryScheduledCallIsIssuedAtTheTargetRate() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          open("scripted", server, "--rate", 250, "--duration", "1s", "--runs", 2);

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = read("scripted", "open-r250-d1s.csv");
      assertThat(server.calls()).isEqualTo(2 * 250 + 1); // + the reachability probe
      for (RunRow r : c.rows()) {
        assertThat(r.calls()).isEqualTo(250);
        assertThat(r.errors()).isZero();
        assertThat(r.extra("dropped")).contains("0");
        double achieved = Double.parseDouble(r.extra("achieved_rate").orElseThrow());
        assertThat(achieved).isBetween(0.99 * 250, 1.01 * 250);
        assertThat(r.extra("target_rate")).contains("250.000");
      }
      assertThat(c.provenance())
          .containsEntry("load_model", "open")
          .containsEntry("rate", "250.000")
          .containsEntry("duration", "PT1S")
          .containsEntry("arrivals", "uniform")
          .containsEntry("max_in_flight", "256")
          .containsEntry("threads", "256")
          .containsEntry("requests", "250")
          .containsEntry("requests_per", "total")
          .containsEntry("dropped", "0")
          .containsEntry("calls_issued_by", "async API, up to 256 outstanding")
          .containsKeys("achieved_rate", "max_schedule_lag", "client_cpu", "harness_limited");
      assertThat(c.provenance().get("options"))
          .contains("--rate 250 --duration PT1S --arrivals uniform --max-in-flight 256")
          .doesNotContain("--threads");
      assertThat(o.err()).contains("rate 250.000/250.000/s, dropped 0");
    }
  }

  @Test
  void poissonArrivalsAndASchedulesStepsAreOffered() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          open(
              "scripted",
              server,
              "--rate-schedule",
              "100:1s,300:1s",
              "--arrivals",
              "poisson",
              "--warmup",
              "200ms");

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = read("scripted", "open-s100x1s-300x1s-poisson.csv");
      RunRow r = c.rows().get(0);
      // A Poisson count of mean 400 (sd 20), seeded: well inside 300..500.
      assertThat(r.calls()).isBetween(300L, 500L);
      assertThat(c.provenance())
          .containsEntry("rate_schedule", "100:PT1S,300:PT1S")
          .containsEntry("rate", "200.000")
          .containsEntry("duration", "PT2S")
          .containsEntry("requests", "400")
          .containsEntry("arrivals", "poisson");
      assertThat(Long.parseLong(c.provenance().get("warmup_calls"))).isPositive();
    }
  }

  @Test
  void callsThatFindEveryWorkerBusyAreDroppedCountedAndExit3() throws IOException {
    // A blocking client with one worker; call 5 holds it 500 ms while 50 more are due.
    try (ScriptedProtocol.Server server =
        new ScriptedProtocol.Server().slowOnce(5, Duration.ofMillis(500))) {
      HarnessInvocation.Outcome o =
          open("scripted-sync", server, "--rate", 100, "--duration", "1s", "--max-in-flight", 1);

      // every call answered: drops, not errors (exit 3, not 1)
      assertThat(o.exitCode()).as(o.err()).isEqualTo(ExitCode.DROPPED.code());
      RunRow r = read("scripted-sync", "open-r100-d1s.csv").rows().get(0);
      long dropped = Long.parseLong(r.extra("dropped").orElseThrow());
      assertThat(dropped).isGreaterThanOrEqualTo(30);
      assertThat(r.calls() + dropped).isEqualTo(100);
      assertThat(r.errors()).isZero();
      assertThat(o.err())
          .contains("scripted-sync: its client has no async API: --max-in-flight 1 means 1 threads")
          .contains(dropped + " calls dropped because all 1 allowed calls were out")
          .contains("raise --max-in-flight or lower --rate")
          .contains(
              "scripted-sync: every call answered correctly, but calls were dropped: the point did"
                  + " not offer its load (exit 3)");
    }
  }
}
