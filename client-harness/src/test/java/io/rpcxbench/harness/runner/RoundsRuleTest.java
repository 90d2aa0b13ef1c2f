package io.rpcxbench.harness.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When choose stops adding rounds. */
class RoundsRuleTest {
  @Test
  void stopsAtTheRounds() {
    assertThat(new RoundsRule(3, null, null).stopBefore(3, Map.of(), 0, 0)).isEqualTo("rounds");
    assertThat(new RoundsRule(3, null, null).stopBefore(2, Map.of(), 0, 0)).isNull();
  }

  /** Fewer than four rounds a side cannot be tested: a narrow interval of three does not stop. */
  @Test
  void stopsOnceEveryIntervalIsNarrowFromFourRounds() {
    RoundsRule rule = new RoundsRule(10, 0.05, null);
    Map<String, List<Integer>> narrow =
        Map.of("a", List.of(1000, 1010, 990, 1000), "b", List.of(0, 0, 0, 0));
    Map<String, List<Integer>> wide =
        Map.of("a", List.of(1000, 1010, 990, 1000), "b", List.of(500, 900, 700, 600));
    assertThat(rule.stopBefore(2, Map.of("a", List.of(1000, 1000)), 0, 0)).isNull();
    assertThat(rule.stopBefore(3, Map.of("a", List.of(1000, 1000, 1000)), 0, 0)).isNull();
    assertThat(rule.stopBefore(4, narrow, 0, 0)).isEqualTo("precision");
    assertThat(rule.stopBefore(4, wide, 0, 0)).isNull();
    assertThat(RoundsRule.relativeHalfWidth(List.of(1000, 1010, 990))).isBetween(0.02, 0.03);
  }

  @Test
  void startsNoRoundThatWouldPassTheTimeLimit() {
    RoundsRule rule = new RoundsRule(10, null, Duration.ofMinutes(10));
    assertThat(rule.stopBefore(1, Map.of(), 300_000, 200_000)).isNull();
    assertThat(rule.stopBefore(2, Map.of(), 500_000, 200_000)).isEqualTo("max-time");
  }
}
