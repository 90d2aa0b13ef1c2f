package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GateTest {
  private static final Threshold P99_UP_10 = Threshold.parse("delta.p99<10%", Threshold.DIFF);
  private static final Threshold TPUT_DOWN_5 =
      Threshold.parse("delta.throughput>-5%", Threshold.DIFF);

  private static Shift shift(double ratio, double low, double high) {
    return new Shift(ratio, low, high, 0.5, 0.95, 6, 6, false, "", null);
  }

  @Test
  void passWhenTheWorseBoundIsInsideTheMargin() {
    Gate g = Gate.check(P99_UP_10, "p99 of rpcx", shift(1.02, 0.97, 1.08));
    assertThat(g.answer()).isEqualTo(Gate.Answer.PASS);
    assertThat(g.line()).startsWith("PASS delta.p99<10%: p99 of rpcx changed +2.0 %");
  }

  @Test
  void failOnlyWhenTheBetterBoundIsBeyondIt() {
    assertThat(Gate.check(P99_UP_10, "x", shift(1.3, 1.15, 1.4)).answer())
        .isEqualTo(Gate.Answer.FAIL);
    assertThat(Gate.check(TPUT_DOWN_5, "x", shift(0.8, 0.7, 0.9)).answer())
        .isEqualTo(Gate.Answer.FAIL);
  }

  @Test
  void aStraddlingIntervalIsInconclusiveWithTrialsThatWouldTell() {
    Gate g = Gate.check(P99_UP_10, "p99 of rpcx", shift(1.04, 0.95, 1.14));
    assertThat(g.answer()).isEqualTo(Gate.Answer.INCONCLUSIVE);
    assertThat(g.trialsToTell()).isGreaterThan(6);
    assertThat(g.line()).contains("cannot tell at 10 % with 6 trials a side here; about ");
  }

  @Test
  void noSignificantChangeNeverFailsAMarginThatAllowsNoChange() {
    // the interval holds 1: FAIL would need its lower bound above 1.10
    for (double lo = 0.5; lo < 1; lo += 0.05) {
      for (double hi = 1.0; hi < 2; hi += 0.05) {
        Gate g = Gate.check(P99_UP_10, "x", shift(1, lo, hi));
        assertThat(g.answer()).isNotEqualTo(Gate.Answer.FAIL);
        Gate t = Gate.check(TPUT_DOWN_5, "x", shift(1, lo, hi));
        assertThat(t.answer()).isNotEqualTo(Gate.Answer.FAIL);
      }
    }
  }

  @Test
  void withoutATestItIsInconclusive() {
    Shift none = Shift.unpaired(new double[] {1, 2}, new double[] {3, 4});
    Gate g = Gate.check(P99_UP_10, "p99 of rpcx", none);
    assertThat(g.answer()).isEqualTo(Gate.Answer.INCONCLUSIVE);
    assertThat(g.line())
        .isEqualTo(
            "INCONCLUSIVE delta.p99<10%: p99 of rpcx: n too small to test (2 and 2 trials; need 4 a side); cannot tell");
  }

  @Test
  void onlyChangesAreGated() {
    assertThatThrownBy(
            () -> Gate.check(Threshold.parse("p99<5ms", Threshold.DIFF), "x", shift(1, 1, 1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
