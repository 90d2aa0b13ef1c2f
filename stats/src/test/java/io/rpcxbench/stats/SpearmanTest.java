package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Spearman's rho on ranks: monotone data, swaps, ties, too little or constant data. */
class SpearmanTest {
  @Test
  void spearmanOnRanks() {
    assertThat(Spearman.rho(new double[] {1, 2, 3, 4}, new double[] {1, 8, 27, 64})).isEqualTo(1.0);
    assertThat(Spearman.rho(new double[] {1, 2, 3, 4}, new double[] {9, 7, 5, 1})).isEqualTo(-1.0);
    // ranks of y: 1, 3, 2, 4 -> 1 - 6 * 2 / (4 * 15) = 0.8
    assertThat(Spearman.rho(new double[] {1, 2, 3, 4}, new double[] {10, 30, 20, 40}))
        .isCloseTo(0.8, within(1e-12));
    // ties share their mean rank: y ranks 1.5, 1.5, 3 -> rho = sqrt(3)/2
    assertThat(Spearman.rho(new double[] {1, 2, 3}, new double[] {5, 5, 9}))
        .isCloseTo(Math.sqrt(3) / 2, within(1e-12));
    assertThat(Spearman.rho(new double[] {1, 2}, new double[] {1, 2})).isNull();
    assertThat(Spearman.rho(new double[] {1, 2, 3}, new double[] {4, 4, 4})).isNull();
  }

  @Test
  void theTestOfRhoIsTheTApproximationOnNMinusTwoDegreesOfFreedom() {
    // t = 2.2622 is the two-sided 5 % line of t on 9 degrees of freedom: rho = t / sqrt(t^2 + 9)
    double rhoAt5 = 2.2622 / Math.sqrt(2.2622 * 2.2622 + 9);
    assertThat(Spearman.pTwoSided(rhoAt5, 11)).isCloseTo(0.05, within(1e-4));
    assertThat(Spearman.pTwoSided(-rhoAt5, 11)).isEqualTo(Spearman.pTwoSided(rhoAt5, 11));
    // the exact 5 % line at n = 11 is 0.618: the approximation calls it significant too
    assertThat(Spearman.pTwoSided(0.618, 11)).isLessThan(0.05);
    assertThat(Spearman.pTwoSided(0.41, 11)).isGreaterThan(0.2);
    assertThat(Spearman.pTwoSided(1.0, 11)).isZero();
    assertThat(Spearman.pTwoSided(0.0, 11)).isEqualTo(1.0);
    assertThatThrownBy(() -> Spearman.pTwoSided(0.5, 2))
        .hasMessage("a rank test needs at least 3 pairs, got 2");
  }

  @Test
  void samplesOfTwoLengthsAreRefused() {
    assertThatThrownBy(() -> Spearman.rho(new double[] {1, 2, 3}, new double[] {1, 2}))
        .hasMessage("x and y differ in length: 3, 2");
  }
}
