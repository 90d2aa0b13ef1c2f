package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The steal retry with a scripted steal source: which attempt counts, and when it stops. */
class StealRetryTest {
  private final List<String> logged = new ArrayList<>();
  private final List<Integer> ran = new ArrayList<>();

  /** A meter whose attempts had these steal shares (%, of 1000 ticks each; null: unknown). */
  private static StealRetry.Meter meter(Double... steals) {
    Deque<long[]> readings = new ArrayDeque<>();
    long steal = 0;
    long total = 0;
    for (Double s : steals) {
      if (s == null) {
        readings.add(new long[] {steal, total});
        readings.add(new long[] {steal, total});
        continue;
      }
      readings.add(new long[] {steal, total});
      steal += Math.round(s * 10);
      total += 1000;
      readings.add(new long[] {steal, total});
    }
    return readings::poll;
  }

  private StealRetry.Choice run(int max, int retries, StealRetry.Meter meter) throws Exception {
    return new StealRetry(max, retries, meter, logged::add)
        .run(
            attempt -> {
              ran.add(attempt);
              return attempt == 1 ? 1 : 0;
            });
  }

  @Test
  void aLowStealIsKeptAtOnce() throws Exception {
    StealRetry.Choice c = run(5, 2, meter(1.5));
    assertThat(c).isEqualTo(new StealRetry.Choice(0, 1.5, 0, 1));
    assertThat(ran).containsExactly(0);
    assertThat(logged).isEmpty();
  }

  @Test
  void aHighStealIsRunAgainUntilItIsLowAndTheLeastCounts() throws Exception {
    StealRetry.Choice c = run(5, 2, meter(12.0, 3.2));
    assertThat(ran).containsExactly(0, 1);
    assertThat(c.kept()).isEqualTo(1);
    assertThat(c.stealText()).isEqualTo("3.2");
    assertThat(c.code()).isEqualTo(1);
    assertThat(logged)
        .containsExactly(
            "  steal 12.0 % > 5.0 %: running again (1/2)", "  kept the attempt with 3.2 % steal");
  }

  @Test
  void afterTheRetriesTheAttemptWithTheLeastStealCounts() throws Exception {
    StealRetry.Choice c = run(5, 2, meter(9.0, 20.0, 7.5));
    assertThat(ran).containsExactly(0, 1, 2);
    assertThat(c).isEqualTo(new StealRetry.Choice(2, 7.5, 0, 3));
    c = run(5, 2, meter(6.0, 20.0, 7.5));
    assertThat(c.kept()).isZero();
  }

  @Test
  void noRetriesKeepsTheFirstAndAnUnknownStealIsNeverRetried() throws Exception {
    assertThat(run(5, 0, meter(50.0))).isEqualTo(new StealRetry.Choice(0, 50.0, 0, 1));
    StealRetry.Choice unknown = run(5, 2, meter((Double) null));
    assertThat(unknown.stealText()).isEqualTo("nan");
    assertThat(unknown.attempts()).isEqualTo(1);
    assertThat(run(5, 2, () -> null).stealText()).isEqualTo("nan");
  }

  @Test
  void theProcStatCpuLineGivesStealAndTheTotalUpToSteal() {
    long[] t =
        StealRetry.Meter.ticks(
            "cpu  100 5 50 800 10 1 2 30 7 0\ncpu0 50 2 25 400 5 0 1 15 0 0\nintr 1\n");
    assertThat(t).containsExactly(30, 998);
    assertThat(StealRetry.percent(new long[] {0, 0}, new long[] {57, 1000})).isEqualTo(5.7);
    assertThat(StealRetry.percent(new long[] {5, 100}, new long[] {5, 100})).isNaN();
  }
}
