package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The level of a test looked at after every round from planned to most: A/A pairs stay at the
 * stated rate over the whole design (checked on fresh seeds and a skewed distribution, not the
 * simulation's own), and a real difference is still found.
 */
class SequentialTest {
  @Test
  void oneLookIsTheUsualLevel() {
    assertThat(Sequential.fixed(5).alpha()).isEqualTo(Shift.ALPHA);
    assertThat(new Sequential(6, 6).adds()).isFalse();
    assertThat(Sequential.fixed(5).text()).isEqualTo("one look, alpha 0.05");
  }

  @Test
  void moreLooksLowerTheLevel() {
    double four = new Sequential(5, 8).alpha();
    double two = new Sequential(5, 6).alpha();
    assertThat(four).isLessThan(two).isLessThan(Shift.ALPHA).isGreaterThan(0.005);
    assertThat(new Sequential(5, 8).text()).startsWith("looked at after rounds 5-8, each look at");
    // looks before four trials a side cannot test: they count from the fourth
    assertThat(new Sequential(2, 6).alpha()).isEqualTo(new Sequential(4, 6).alpha());
  }

  @Test
  void badRoundsAreRefused() {
    assertThatThrownBy(() -> new Sequential(6, 5)).hasMessageContaining("planned 6");
  }

  /** Stop as soon as a look is significant at the design's level, as choose's rule does. */
  private static boolean everSignificant(double[] a, double[] b, Sequential d) {
    for (int n = d.planned(); n <= d.most(); n++) {
      if (Shift.of(Arrays.copyOf(a, n), Arrays.copyOf(b, n), true, d.alpha()).significant()) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aaPairsOverEveryLookStayAtTheStatedRate() {
    Sequential d = new Sequential(5, 8);
    Random r = new Random(7);
    int runs = 4000;
    int seq = 0;
    int naive = 0;
    for (int i = 0; i < runs; i++) {
      double[] a = new double[8];
      double[] b = new double[8];
      for (int k = 0; k < 8; k++) {
        a[k] = Math.exp(0.3 * r.nextGaussian()) + 0.2 * r.nextDouble(); // skewed, not uniform
        b[k] = Math.exp(0.3 * r.nextGaussian()) + 0.2 * r.nextDouble();
      }
      seq += everSignificant(a, b, d) ? 1 : 0;
      for (int n = 5; n <= 8; n++) {
        if (Shift.of(Arrays.copyOf(a, n), Arrays.copyOf(b, n), true).significant()) {
          naive++;
          break;
        }
      }
    }
    double rate = seq / (double) runs;
    double naiveRate = naive / (double) runs;
    System.out.printf(
        "sequential 5-8: alpha per look %.4f; A/A false positives %.2f %% (each look at 5 %%:"
            + " %.2f %%)%n",
        d.alpha(), 100 * rate, 100 * naiveRate);
    // 4,000 runs: the binomial's 99.9 % band above 5 % is about 1.1 points
    assertThat(rate).isLessThan(0.061);
    assertThat(naiveRate).isGreaterThan(rate);
  }

  /**
   * A +10 % difference against 8 % trial noise: how often five rounds at 5 % find it, and how often
   * the design that adds up to three rounds while undecided does (printed, for docs/choose.md).
   */
  @Test
  void addingRoundsWhileUndecidedFindsSmallDifferencesMoreOften() {
    Sequential d = new Sequential(5, 8);
    Random r = new Random(13);
    int fixed = 0;
    int sequential = 0;
    int runs = 1000;
    for (int i = 0; i < runs; i++) {
      double[] a = new double[8];
      double[] b = new double[8];
      for (int k = 0; k < 8; k++) {
        a[k] = 1000 * Math.exp(0.08 * r.nextGaussian());
        b[k] = 1100 * Math.exp(0.08 * r.nextGaussian());
      }
      fixed += Shift.of(Arrays.copyOf(a, 5), Arrays.copyOf(b, 5), true).significant() ? 1 : 0;
      sequential += everSignificant(a, b, d) ? 1 : 0;
    }
    System.out.printf(
        "+10 %% (8 %% trial noise): 5 rounds at 0.05 find it in %d of %d, rounds 5-8 at %.4f in"
            + " %d%n",
        fixed, runs, d.alpha(), sequential);
    assertThat(sequential).isGreaterThan(fixed);
  }

  @Test
  void aRealDifferenceIsStillFound() {
    Sequential d = new Sequential(5, 8);
    Random r = new Random(11);
    int found = 0;
    for (int i = 0; i < 500; i++) {
      double[] a = new double[8];
      double[] b = new double[8];
      for (int k = 0; k < 8; k++) {
        a[k] = 1000 * Math.exp(0.08 * r.nextGaussian());
        b[k] = 1300 * Math.exp(0.08 * r.nextGaussian());
      }
      found += everSignificant(a, b, d) ? 1 : 0;
    }
    System.out.printf(
        "sequential 5-8: a +30 %% difference (8 %% trial noise) found in %d of 500 runs%n", found);
    // +30 % against 8 % trial noise: found nearly always
    assertThat(found).isGreaterThan(480);
  }
}
