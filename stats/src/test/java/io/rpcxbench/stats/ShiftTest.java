package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ShiftTest {
  /** Trial values around {@code center}, log-normal with {@code sd} (8 % a trial by default). */
  private static double[] trials(Random r, int n, double center, double sd) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = center * Math.exp(sd * r.nextGaussian());
    }
    return x;
  }

  @Test
  void fourAgainstFourFullySeparatedIsTheExactSmallestP() {
    Shift s = Shift.unpaired(new double[] {100, 101, 102, 103}, new double[] {110, 111, 112, 113});
    assertThat(s.tested()).isTrue();
    assertThat(s.p()).isCloseTo(2.0 / 70, within(1e-12));
    assertThat(s.significant()).isTrue();
    assertThat(s.low()).isGreaterThan(1);
    assertThat(s.ratio()).isCloseTo(1.0946, within(0.01));
  }

  @Test
  void threeASideIsNoVerdictNeverATie() {
    Shift s = Shift.unpaired(new double[] {100, 101, 102}, new double[] {200, 201, 202});
    assertThat(s.tested()).isFalse();
    assertThat(s.significant()).isFalse();
    assertThat(s.why()).isEqualTo("n too small to test (3 and 3 trials; need 4 a side)");
    assertThat(s.changeText()).startsWith("n too small");
  }

  @Test
  void pairingStartsAtTenRoundsWhereItsSmallestPIsAffordable() {
    double[] a = {100, 101, 102, 103, 104, 105, 106, 107, 108};
    double[] b = {110, 111, 112, 113, 114, 115, 116, 117, 118};
    assertThat(Shift.of(a, b, true).paired()).isFalse();
    assertThat(Shift.smallestP(5, 5)).isCloseTo(2.0 / 252, within(1e-12));
    assertThat(Shift.smallestP(4, 4)).isCloseTo(2.0 / 70, within(1e-12));
    Shift p =
        Shift.paired(
            new double[] {100, 90, 110, 95, 105, 99}, new double[] {104, 94, 113, 99, 109, 103});
    assertThat(p.paired()).isTrue();
    // every round's NEW is above its BASE: the signed rank's smallest p, 2 / 64
    assertThat(p.p()).isCloseTo(2.0 / 64, within(1e-12));
    assertThat(p.significant()).isTrue();
    // one pair fewer than MIN_PAIRS: 2 / 32 is above 0.05, so no test, and the answer says why
    Shift five =
        Shift.paired(new double[] {100, 90, 110, 95, 105}, new double[] {104, 94, 113, 99, 109});
    assertThat(Shift.MIN_PAIRS).isEqualTo(6);
    assertThat(five.tested()).isFalse();
    assertThat(five.why()).isEqualTo("n too small to test paired (5 rounds; need 6)");
    // unpaired, the round-to-round swing hides the same shift
    assertThat(
            Shift.unpaired(
                    new double[] {100, 90, 110, 95, 105, 99},
                    new double[] {104, 94, 113, 99, 109, 103})
                .significant())
        .isFalse();
  }

  @Test
  void intervalAndVerdictNeverDisagree() {
    Random r = new Random(7);
    for (int i = 0; i < 3000; i++) {
      int m = 4 + r.nextInt(9);
      int n = 4 + r.nextInt(9);
      double shift = r.nextInt(3) == 0 ? 1 : 1 + 0.3 * r.nextDouble();
      Shift s = Shift.unpaired(trials(r, m, 1000, 0.1), trials(r, n, 1000 * shift, 0.1));
      boolean excludes = s.low() > 1 || s.high() < 1;
      assertThat(s.significant())
          .as("row %d: %s p %s", i, s.changeText(), s.p())
          .isEqualTo(excludes);
      assertThat(s.low()).isLessThanOrEqualTo(s.ratio());
      assertThat(s.high()).isGreaterThanOrEqualTo(s.ratio());
      if (m >= 6 && m == n) {
        Shift p = Shift.paired(trials(r, m, 1000, 0.1), trials(r, m, 1000 * shift, 0.1));
        assertThat(p.significant()).isEqualTo(p.low() > 1 || p.high() < 1);
      }
    }
  }

  @Test
  void aaPairsAreSignificantAtMostAtTheStatedRate() {
    Random r = new Random(11);
    int significant = 0;
    int tries = 4000;
    for (int i = 0; i < tries; i++) {
      if (Shift.unpaired(trials(r, 6, 1000, 0.1), trials(r, 6, 1000, 0.1)).significant()) {
        significant++;
      }
    }
    // exact test: at most alpha (6 vs 6 reaches 0.041 at its largest level below 0.05)
    assertThat(significant / (double) tries).isLessThanOrEqualTo(0.055).isGreaterThan(0.02);
  }

  @Test
  void aKnownTenPercentShiftIsFoundAtThePowerTheDetectableDifferenceStates() {
    Random r = new Random(13);
    double spread = 0.04;
    int n = new Detectable(spread).trialsFor(10);
    int found = 0;
    int tries = 2000;
    for (int i = 0; i < tries; i++) {
      Shift s = Shift.unpaired(trials(r, n, 1000, spread), trials(r, n, 1100, spread));
      if (s.significant() && s.ratio() > 1) {
        found++;
      }
    }
    // planned for 80 % power with the test's own discreteness
    assertThat(found / (double) tries).isGreaterThan(0.75);
  }

  @Test
  void theIntervalCoversTheTrueShiftAboutNinetyFivePercentOfTheTime() {
    Random r = new Random(17);
    int covered = 0;
    int tries = 2000;
    for (int i = 0; i < tries; i++) {
      Shift s = Shift.unpaired(trials(r, 8, 1000, 0.1), trials(r, 8, 1200, 0.1));
      if (s.low() <= 1.2 && s.high() >= 1.2) {
        covered++;
      }
    }
    assertThat(covered / (double) tries).isBetween(0.93, 0.99);
  }

  @Test
  void largeSamplesUseTheNormalApproximationAndStillAgree() {
    Random r = new Random(19);
    Shift s = Shift.unpaired(trials(r, 50, 1000, 0.1), trials(r, 50, 1050, 0.1));
    assertThat(s.tested()).isTrue();
    assertThat(s.significant()).isEqualTo(s.low() > 1 || s.high() < 1);
  }

  @Test
  void absoluteAndPercentTexts() {
    Shift s = Shift.unpaired(new double[] {100, 101, 102, 103}, new double[] {110, 111, 112, 113});
    assertThat(s.changeText()).matches("\\+9\\.\\d % \\[\\+\\d\\.\\d, \\+\\d+\\.\\d\\]");
    assertThat(s.absoluteText(101.5, "µs", 1)).isEqualTo("+10.0 µs [+6.9, +13.2]");
    assertThat(s.pText()).isEqualTo("p = 0.029");
  }
}
