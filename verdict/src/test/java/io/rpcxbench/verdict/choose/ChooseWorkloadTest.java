package io.rpcxbench.verdict.choose;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ChooseWorkloadTest {
  private static ChooseWorkload over(String check, String accuracy) {
    return new ChooseWorkload("hello", "cross-az", 1.210, check, accuracy, "off", "p99 <= 5 ms");
  }

  @Test
  void aRoundTripTheBoxHeldIsNamedOnlyByItsFigure() {
    ChooseWorkload w =
        over(
            "ok",
            "held: the link added 1.012 ms, the profile 1.000 ms (tolerance +-0.020 ms, 1000"
                + " round trips)");
    assertThat(w.link()).isEqualTo("cross-az (link RTT 1.210 ms measured)");
    assertThat(w.linkNotHeld()).isFalse();
  }

  @Test
  void aRoundTripTheBoxCouldNotHoldToItsAccuracyIsSaidWithItsFigures() {
    ChooseWorkload w =
        over(
            "ok",
            "the box could not hold it: the link added 1.042 ms, the profile 1.000 ms (tolerance"
                + " +-0.020 ms, 1000 round trips)");
    assertThat(w.linkNotHeld()).isTrue();
    assertThat(w.link())
        .isEqualTo(
            "cross-az (link RTT 1.210 ms measured; the box could not hold its round trip to 2 %"
                + " or 20 us: the link added 1.042 ms, the profile 1.000 ms (tolerance +-0.020 ms,"
                + " 1000 round trips))");
  }

  @Test
  void aLinkOffItsProfileSaysThatAndNothingFiner() {
    ChooseWorkload w =
        over(
            "off: the link added 2.100 ms, the profile 1.000 ms (tolerance 0.300 ms)",
            "the box could not hold it: the link added 2.100 ms");
    assertThat(w.link())
        .isEqualTo(
            "cross-az (link RTT 1.210 ms measured; OFF ITS PROFILE: the link added 2.100 ms, the"
                + " profile 1.000 ms (tolerance 0.300 ms))");
  }
}
