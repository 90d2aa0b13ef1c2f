package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.IntStream;

/** What every raw file written by a finished point must satisfy (docs/raw-format.md). */
final class RawFileChecks {
  private RawFileChecks() {}

  static RawContents checkComplete(
      Path file, Protocol protocol, int threads, int requests, int runs, long callsPerRun)
      throws IOException {
    assertThat(file).exists();
    RawContents c = RawResultFile.read(file);
    assertThat(c.provenance())
        .containsEntry("status", "complete")
        .containsEntry("protocol", protocol.id())
        .containsEntry("type", String.valueOf(protocol.type()))
        .containsEntry("threads", String.valueOf(threads))
        .containsEntry("requests", String.valueOf(requests))
        .containsEntry("runs", String.valueOf(runs))
        .containsKeys(
            "requests_per",
            "payload_bytes",
            "started",
            "finished",
            "client_host",
            "target",
            "client",
            "stack",
            "cpu_model",
            "jvm",
            "jvm_flags",
            "os",
            "git_commit",
            "options");
    assertThat(c.rows()).hasSize(runs);
    assertThat(c.rows())
        .extracting(RunRow::order)
        .containsExactlyElementsOf(IntStream.range(0, runs).boxed().toList());
    for (RunRow r : c.rows()) {
      assertThat(r.type()).isEqualTo(protocol.type());
      assertThat(r.threadNum()).isEqualTo(threads);
      assertThat(r.requestNum()).isEqualTo(requests);
      assertThat(r.calls()).isEqualTo(callsPerRun);
      assertThat(r.timeTotal()).isPositive();
      // Eq. 3 of the paper, and calls/s; both rounded to 3 decimals in the file.
      assertThat(r.tps())
          .isCloseTo(requests / (r.timeTotal() / 1000), within(tolerance(r.tps(), r.timeTotal())));
      assertThat(r.throughput())
          .isCloseTo(
              r.calls() / (r.timeTotal() / 1000), within(tolerance(r.throughput(), r.timeTotal())));
      assertThat(r.p50Us()).isPositive();
      assertThat(r.p50Us()).isLessThanOrEqualTo(r.p90Us());
      assertThat(r.p90Us()).isLessThanOrEqualTo(r.p99Us());
      assertThat(r.p99Us()).isLessThanOrEqualTo(r.p999Us());
      assertThat(r.p999Us()).isLessThanOrEqualTo(r.maxUs());
    }
    return c;
  }

  /**
   * timeTotal is rounded to 1 µs, a relative error of up to 0.5 µs / timeTotal (1 % of a 47 µs run
   * of one call: CI), plus the 3-decimal rounding of the rate itself.
   */
  private static double tolerance(double value, double timeTotalMs) {
    return Math.abs(value) * (1e-3 + 0.0005 / timeTotalMs) + 0.01;
  }
}
