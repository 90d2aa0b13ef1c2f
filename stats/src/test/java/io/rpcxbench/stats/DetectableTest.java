package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DetectableTest {
  @Test
  void moreTrialsDetectSmallerChanges() {
    Detectable d = new Detectable(0.08);
    assertThat(d.percent(12)).isLessThan(d.percent(6));
    assertThat(d.percent(3)).isInfinite();
    assertThat(d.text(3)).isEqualTo("detectable here with 3 trials: nothing (too few to test)");
  }

  @Test
  void trialsForAndPercentAreInverses() {
    Detectable d = new Detectable(0.05);
    int n = d.trialsFor(10);
    assertThat(d.percent(n)).isLessThanOrEqualTo(10.0);
    assertThat(d.percent(n - 1)).isGreaterThan(10.0);
  }

  @Test
  void theSpreadOfTrialsIsTheDeviationOfTheirLogs() {
    Detectable d = Detectable.of(new double[] {100, 100 * Math.E});
    assertThat(d.spread()).isCloseTo(Math.sqrt(0.5), within(1e-12));
  }
}
