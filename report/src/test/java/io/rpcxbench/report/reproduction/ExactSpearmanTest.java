package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.stats.Spearman;
import org.junit.jupiter.api.Test;

/** Spearman's exact test for few points: what 3, 4 and 5 points in perfect order can show. */
class ExactSpearmanTest {
  @Test
  void aPerfectOrderOfThreeOrFourPointsCannotBeSignificant() {
    // both perfect orders of n ranks out of n! orderings
    assertThat(ExactSpearman.pTwoSided(1.0, 3)).isCloseTo(2.0 / 6, within(1e-12));
    assertThat(ExactSpearman.pTwoSided(-1.0, 4)).isCloseTo(2.0 / 24, within(1e-12));
    assertThat(ExactSpearman.pTwoSided(1.0, 5)).isCloseTo(2.0 / 120, within(1e-12));
    assertThat(ExactSpearman.testable(3, 0.05)).isFalse();
    assertThat(ExactSpearman.testable(4, 0.05)).isFalse();
    assertThat(ExactSpearman.testable(5, 0.05)).isTrue();
    // the t approximation calls any perfect order significant: the reason for the exact test
    assertThat(Spearman.pTwoSided(1.0, 3)).isZero();
  }

  @Test
  void nearPerfectOrdersCountEveryOrderingAtLeastAsExtreme() {
    // n = 5, rho 0.9: sum of squared rank differences <= 2, one ordering with 0 and four
    // adjacent swaps with 2, on each side: 10 of 120
    assertThat(ExactSpearman.pTwoSided(0.9, 5)).isCloseTo(10.0 / 120, within(1e-12));
    assertThat(ExactSpearman.pTwoSided(0.0, 5)).isEqualTo(1.0);
  }

  @Test
  void aboveNinePointsTheTApproximationIsUsed() {
    assertThat(ExactSpearman.pTwoSided(0.41, 11)).isEqualTo(Spearman.pTwoSided(0.41, 11));
    // at 9 points exact and approximate are near each other
    assertThat(ExactSpearman.pTwoSided(0.7, 9)).isCloseTo(Spearman.pTwoSided(0.7, 9), within(0.02));
  }
}
