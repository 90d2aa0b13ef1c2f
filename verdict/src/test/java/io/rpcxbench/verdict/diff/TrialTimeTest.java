package io.rpcxbench.verdict.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RunRow;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrialTimeTest {
  private static final Instant T0 = Instant.parse("2026-11-28T02:00:00Z");

  /** A trial whose harness lived 10 s from {@code startS}, with 3 kept runs of 0.5 s. */
  private static DiffSide.Trial trial(int k, long startS) {
    List<RunRow> kept = new ArrayList<>();
    for (int order = 1; order <= 3; order++) {
      org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
      h.recordValue(100_000);
      kept.add(RunRow.measured(1, 8, 2000, order, 500, 16000, 0, h));
    }
    return new DiffSide.Trial(
        Path.of("t" + k), k, kept, T0.plusSeconds(startS), T0.plusSeconds(startS + 10), 2000);
  }

  @Test
  void theSecondsOfAnInvocationAreSplitIntoMeasuringWarmUpAndBetween() {
    // 4 trials, a harness of 10 s every 12 s: 2 s between harnesses
    TrialSeconds t =
        TrialSeconds.of(List.of(trial(1, 0), trial(2, 12), trial(3, 24), trial(4, 36)));
    assertThat(t.spanS()).isEqualTo(46.0);
    assertThat(t.measuredS()).isEqualTo(6.0);
    assertThat(t.droppedS()).isEqualTo(2.0);
    assertThat(t.measuredShare()).isCloseTo(6.0 / 46, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(t.text())
        .isEqualTo(
            "4 trials in 46.0 s, 11.5 s a trial: measuring 1.5 s (13 %), dropped runs 0.5 s,"
                + " warm-up and harness start 8.0 s, between harnesses (servers, JVM starts) 2.0 s");
  }

  @Test
  void withoutTimesOnlyTheMeasuringIsSaid() {
    DiffSide.Trial t = trial(1, 0);
    DiffSide.Trial untimed = new DiffSide.Trial(t.file(), 1, t.kept(), null, null, t.allRunsMs());
    assertThat(TrialSeconds.of(List.of(untimed)).text())
        .isEqualTo("1 trials, their times not recorded: measuring 1.5 s a trial");
  }
}
