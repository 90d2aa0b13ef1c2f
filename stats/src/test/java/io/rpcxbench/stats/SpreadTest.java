package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spread of a point's runs: nulls skipped, sample stdev, {@link Spread#NONE} for nothing. */
class SpreadTest {

  @Test
  void averagesTheValuesWithTheirRangeAndSampleStdevSkippingNulls() {
    // deviations 16 + 0 + 16 = 32, over n - 1 = 2: stdev 4
    assertThat(Spread.of(Arrays.asList(10.0, null, 14.0, 18.0)))
        .isEqualTo(new Spread(14.0, 10.0, 18.0, 4.0));
  }

  @Test
  void oneValueHasNoStdev() {
    assertThat(Spread.of(List.of(20.0))).isEqualTo(new Spread(20.0, 20.0, 20.0, null));
  }

  @Test
  void noValueIsNoneWithEveryFieldNull() {
    assertThat(Spread.of(List.of())).isSameAs(Spread.NONE);
    assertThat(Spread.of(Arrays.asList(null, null))).isSameAs(Spread.NONE);
    assertThat(Spread.NONE).isEqualTo(new Spread(null, null, null, null));
  }
}
