package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Two sides recorded apart, tested with the between-invocation variance allowed for. */
class ShiftApartTest {
  private static double[] side(Random r, int n, double center, double offset, double sd) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = center * Math.exp(offset + sd * r.nextGaussian());
    }
    return v;
  }

  @Test
  void theIntervalAndTheVerdictAreOneFact() {
    Random r = new Random(4);
    for (int k = 0; k < 200; k++) {
      double[] a = side(r, 6, 1000, 0, 0.05);
      double[] b = side(r, 6, 1000 * (1 + 0.02 * (k % 10)), 0, 0.05);
      Shift s = Shift.apart(a, b, 0.03, 3, Shift.ALPHA);
      assertThat(s.tested()).isTrue();
      boolean leavesOutOne = s.low() > 1 || s.high() < 1;
      assertThat(s.significant()).isEqualTo(leavesOutOne);
      assertThat(s.low()).isLessThanOrEqualTo(s.ratio());
      assertThat(s.high()).isGreaterThanOrEqualTo(s.ratio());
    }
  }

  @Test
  void aWiderInvocationSpreadWidensTheInterval() {
    Random r = new Random(5);
    double[] a = side(r, 6, 1000, 0, 0.05);
    double[] b = side(r, 6, 1150, 0, 0.05);
    Shift narrow = Shift.apart(a, b, 0, 3, Shift.ALPHA);
    Shift wide = Shift.apart(a, b, 0.2, 3, Shift.ALPHA);
    assertThat(wide.high() / wide.low()).isGreaterThan(narrow.high() / narrow.low());
    assertThat(narrow.significant()).isTrue();
    assertThat(wide.significant()).isFalse();
    assertThat(wide.method()).contains("between-invocation variance").contains("20.0 %");
    assertThat(wide.invocationSpread()).isEqualTo(0.2);
  }

  @Test
  void aRealChangeWellAboveTheInvocationsIsFound() {
    int found = 0;
    Random r = new Random(6);
    for (int k = 0; k < 100; k++) {
      double[] a = side(r, 6, 1000, 0.03 * r.nextGaussian(), 0.05);
      double[] b = side(r, 6, 1300, 0.03 * r.nextGaussian(), 0.05);
      Shift s = Shift.apart(a, b, 0.03, 20, Shift.ALPHA);
      found += s.significant() && s.ratio() > 1 ? 1 : 0;
    }
    assertThat(found).isGreaterThan(90);
  }

  @Test
  void tooFewTrialsOrNoMeasuredSpreadIsNoTest() {
    Shift few = Shift.apart(new double[] {1, 2, 3}, new double[] {1, 2, 3, 4}, 0.1, 3, 0.05);
    assertThat(few.tested()).isFalse();
    assertThat(few.why()).contains("n too small");
    assertThatThrownBy(() -> Shift.apart(new double[4], new double[4], 0.1, 0, 0.05))
        .hasMessageContaining("2 invocations");
  }

  @Test
  void theDetectableChangeApartNeverFallsBelowWhatTheInvocationsPutThere() {
    Detectable d = new Detectable(0.05);
    double interleaved = d.percent(6);
    double apart = d.percentApart(6, 0.1, 3);
    assertThat(apart).isGreaterThan(interleaved);
    assertThat(d.percentApart(60, 0.1, 3)).isGreaterThan(2.8 * 10 * Math.sqrt(2) * 0.9);
    assertThat(d.percentApart(6, 0, 3))
        .isCloseTo(interleaved, org.assertj.core.data.Offset.offset(interleaved * 0.3));
  }
}
