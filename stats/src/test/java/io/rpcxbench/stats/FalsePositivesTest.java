package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The measured false-positive rate: A/A verdicts of synthetic invocations counted in a ledger. It
 * stays near 5 % when invocations do not drift or the test allows for their drift, and rises above
 * 5 % (its whole interval) when they drift and the test does not.
 */
class FalsePositivesTest {
  @Test
  void anExactIntervalAroundTheCount() {
    FalsePositives f = new FalsePositives(3, 40, 10);
    assertThat(f.rate()).isEqualTo(0.075);
    assertThat(f.low()).isBetween(0.015, 0.017);
    assertThat(f.high()).isBetween(0.20, 0.21);
    assertThat(f.aboveStated()).isFalse();
    assertThat(f.text())
        .isEqualTo("3 of 40 A/A verdicts (7.5 %, 95 % interval 1.6-20.4 %) over 10 invocations");
    assertThat(new FalsePositives(0, 20, 20).low()).isZero();
    assertThat(new FalsePositives(12, 40, 40).aboveStated()).isTrue();
    assertThat(FalsePositives.none().text()).isEqualTo("no A/A verdict measured yet");
  }

  /** One invocation of {@code trials} trials: its own offset, then each trial's noise. */
  private static double[] invocation(Random r, int trials, double drift, double spread) {
    double offset = drift * r.nextGaussian();
    double[] v = new double[trials];
    for (int i = 0; i < trials; i++) {
      v[i] = 1000 * Math.exp(offset + spread * r.nextGaussian());
    }
    return v;
  }

  private static FalsePositives apartRate(double drift, boolean allowForIt, long seed) {
    Random r = new Random(seed);
    List<AaLedger.Entry> e = new ArrayList<>();
    for (int k = 0; k < 200; k++) {
      double[] a = invocation(r, 6, drift, 0.05);
      double[] b = invocation(r, 6, drift, 0.05);
      Shift s = allowForIt ? Shift.apart(a, b, drift, 30, Shift.ALPHA) : Shift.unpaired(a, b);
      e.add(
          new AaLedger.Entry(
              Instant.EPOCH,
              "i" + k + "+j" + k,
              "test",
              AaLedger.Design.APART,
              "p50",
              s.significant()));
    }
    return new AaLedger(e).rate(AaLedger.Design.APART, "p50");
  }

  @Test
  void invocationsThatDoNotDriftKeepTheRateNearFivePercent() {
    FalsePositives f = apartRate(0, false, 1);
    assertThat(f.aboveStated()).as(f.text()).isFalse();
    assertThat(f.rate()).isLessThanOrEqualTo(0.09);
    assertThat(f.invocations()).isEqualTo(400);
  }

  @Test
  void drifringInvocationsRaiseTheMeasuredRateAboveFivePercent() {
    FalsePositives f = apartRate(0.10, false, 2);
    assertThat(f.aboveStated()).as(f.text()).isTrue();
    assertThat(f.rate()).isGreaterThan(0.3);
    assertThat(f.text()).contains("ABOVE the stated 5 %");
  }

  @Test
  void theApartTestThatAllowsForTheDriftBringsItBack() {
    FalsePositives f = apartRate(0.10, true, 3);
    assertThat(f.aboveStated()).as(f.text()).isFalse();
    assertThat(f.rate()).isLessThanOrEqualTo(0.09);
  }
}
