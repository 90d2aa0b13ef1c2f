package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The one kept-up rule: 99 % of the target by the slowest run, and no failed call. */
class KeptUpTest {
  @Test
  void ninetyNinePercentOfTheTargetKeepsUp() {
    assertThat(KeptUp.met(990, 1000)).isTrue();
    assertThat(KeptUp.met(989.9, 1000)).isFalse();
    assertThat(KeptUp.met(1200, 1000)).isTrue();
  }

  @Test
  void whyNamesTheShortfallItsDropsAndTheFailures() {
    assertThat(KeptUp.why(4000, 3990, 12, 0)).isNull();
    assertThat(KeptUp.why(4000, 3648, 12, 0))
        .isEqualTo("achieved 91.2 % of the target, 12 calls dropped");
    assertThat(KeptUp.why(4000, 3648, 0, 0)).isEqualTo("achieved 91.2 % of the target");
    assertThat(KeptUp.why(4000, 4000, 0, 3)).isEqualTo("3 calls failed");
    assertThat(KeptUp.why(4000, 3000, 5, 3))
        .isEqualTo("achieved 75.0 % of the target, 5 calls dropped, 3 calls failed");
  }

  @Test
  void theTextDoesNotDependOnTheLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertThat(KeptUp.why(4000, 3648, 0, 0)).isEqualTo("achieved 91.2 % of the target");
    } finally {
      Locale.setDefault(before);
    }
  }
}
