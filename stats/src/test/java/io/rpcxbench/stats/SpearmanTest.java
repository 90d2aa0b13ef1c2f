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
  void samplesOfTwoLengthsAreRefused() {
    assertThatThrownBy(() -> Spearman.rho(new double[] {1, 2, 3}, new double[] {1, 2}))
        .hasMessage("x and y differ in length: 3, 2");
  }
}
