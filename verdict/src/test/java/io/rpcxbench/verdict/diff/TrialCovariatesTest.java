package io.rpcxbench.verdict.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RunRow;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TrialCovariatesTest {
  /** A trial of 3 kept runs at {@code rate} calls/s whose runs recorded {@code columns}. */
  private static DiffSide.Trial trial(int k, double rate, Map<String, String> columns) {
    Histogram h = new Histogram(3);
    h.recordValue(100_000);
    List<RunRow> kept = new ArrayList<>();
    for (int order = 1; order <= 3; order++) {
      kept.add(
          RunRow.measured(1, 8, 2000, order, 2000 * 1000 / rate, 2000, 0, h).withExtra(columns));
    }
    Instant t = Instant.parse("2026-11-28T10:00:00Z").plusSeconds(20L * k);
    return new DiffSide.Trial(Path.of("t" + k), k, kept, t, t.plusSeconds(10), 8000);
  }

  /** Two invocations of 8 trials; the one 20 % slower throughout; within each, JIT costs calls. */
  private static List<DiffSide.Point> invocations() {
    List<DiffSide.Point> points = new ArrayList<>();
    for (int inv = 0; inv < 2; inv++) {
      List<DiffSide.Trial> trials = new ArrayList<>();
      for (int k = 0; k < 8; k++) {
        int jit = (k * 5) % 8 * 100; // 0..700 ms, shuffled over the trials
        double rate = (inv == 0 ? 50_000 : 40_000) * (1 - jit / 2000.0);
        trials.add(
            trial(
                k,
                rate,
                Map.of(
                    "client_jit_ms",
                    String.valueOf(jit),
                    "gc_pause_ms",
                    "3",
                    "noise_steal",
                    String.valueOf(k % 2))));
      }
      points.add(new DiffSide.Point(null, "rpcx/t8-r2000", trials));
    }
    return points;
  }

  @Test
  void aCovariateThatCostsCallsFallsWithThroughputWithinEachInvocation() {
    List<String> lines =
        TrialCovariates.lines(invocations(), List.of(PointChange.Measure.THROUGHPUT));
    assertThat(lines)
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith(
                        "  client JIT ms a run: median 350 (0-700) | throughput rho -1.00 (p 0.000)"));
    // steal alternates with no bearing on the calls: no association at 5 %
    String steal = lines.stream().filter(l -> l.contains("steal %")).findFirst().orElseThrow();
    assertThat(steal).matches(".*throughput rho [+-]0\\.[0-9]{2} \\(p 0\\.(0[5-9]|[1-9])[0-9]*\\)");
  }

  @Test
  void aCovariateThatNeverMovedOrWasNotRecordedIsLeftOut() {
    List<String> lines =
        TrialCovariates.lines(invocations(), List.of(PointChange.Measure.THROUGHPUT));
    assertThat(lines)
        .noneMatch(l -> l.contains("GC pause"))
        .noneMatch(l -> l.contains("server JIT"));
  }
}
