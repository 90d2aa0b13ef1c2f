package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The t quantile: the table up to 30 degrees of freedom, Cornish-Fisher beyond. */
class StudentTTest {
  @Test
  void quantilesAndHalfWidths() {
    assertThat(StudentT.quantile975(8)).isEqualTo(2.3060);
    assertThat(StudentT.quantile975(30)).isEqualTo(2.0423);
    assertThat(StudentT.quantile975(31)).isCloseTo(2.0395, within(1e-4));
    assertThat(StudentT.quantile975(120)).isCloseTo(1.9799, within(1e-4));
    assertThat(StudentT.halfWidth95(9, 3.0)).isCloseTo(2.3060, within(1e-9));
    assertThat(StudentT.halfWidth95(1, 3.0)).isNull();
    assertThat(StudentT.halfWidth95(5, null)).isNull();
  }

  @Test
  void noDegreesOfFreedomIsRefused() {
    assertThatThrownBy(() -> StudentT.quantile975(0))
        .hasMessage("degrees of freedom must be at least 1, got 0");
  }
}
