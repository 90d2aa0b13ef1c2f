package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A probe holds enough calls for its percentile to be more than its slowest call. */
class ProbeSecondsTest {
  @Test
  void aLowRateRunsLongerUpToHalfAMinute() {
    assertThat(Choose.probeSeconds(10_000, 5)).isEqualTo(5);
    assertThat(Choose.probeSeconds(400, 5)).isEqualTo(5);
    assertThat(Choose.probeSeconds(100, 5)).isEqualTo(10);
    assertThat(Choose.probeSeconds(10, 5)).isEqualTo(30);
    assertThat(Choose.probeSeconds(1, 5)).isEqualTo(30);
  }
}
