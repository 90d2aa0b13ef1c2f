package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.stats.Sequential;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When choose stops adding rounds. */
class RoundsRuleTest {
  @Test
  void stopsAtTheRounds() {
    assertThat(new RoundsRule(Sequential.fixed(3), null, null).stopBefore(3, Map.of(), 0, 0, 0))
        .isEqualTo("rounds");
    assertThat(new RoundsRule(Sequential.fixed(3), null, null).stopBefore(2, Map.of(), 0, 0, 0))
        .isNull();
  }

  /** Fewer than four rounds a side cannot be tested: a narrow interval of three does not stop. */
  @Test
  void stopsOnceEveryIntervalIsNarrowFromFourRounds() {
    RoundsRule rule = new RoundsRule(Sequential.fixed(10), 0.05, null);
    Map<String, List<Integer>> narrow =
        Map.of("a", List.of(1000, 1010, 990, 1000), "b", List.of(0, 0, 0, 0));
    Map<String, List<Integer>> wide =
        Map.of("a", List.of(1000, 1010, 990, 1000), "b", List.of(500, 900, 700, 600));
    assertThat(rule.stopBefore(2, Map.of("a", List.of(1000, 1000)), 0, 0, 0)).isNull();
    assertThat(rule.stopBefore(3, Map.of("a", List.of(1000, 1000, 1000)), 0, 0, 0)).isNull();
    assertThat(rule.stopBefore(4, narrow, 0, 0, 0)).isEqualTo("precision");
    assertThat(rule.stopBefore(4, wide, 0, 0, 0)).isNull();
    assertThat(RoundsRule.relativeHalfWidth(List.of(1000, 1010, 990))).isBetween(0.02, 0.03);
  }

  @Test
  void startsNoRoundThatWouldPassTheTimeLimit() {
    RoundsRule rule = new RoundsRule(Sequential.fixed(10), null, Duration.ofMinutes(10));
    assertThat(rule.stopBefore(1, Map.of(), 300_000, 200_000, 0)).isNull();
    assertThat(rule.stopBefore(2, Map.of(), 500_000, 200_000, 0)).isEqualTo("max-time");
  }

  /**
   * After the planned rounds a round is added only while a pair is undecided, and without a time
   * limit only while the extra rounds stay within a quarter again the planned rounds' time.
   */
  @Test
  void addsRoundsOnlyWhileAPairIsUndecidedAndWithinTheBudget() {
    RoundsRule rule = new RoundsRule(new Sequential(5, 8), null, null);
    Map<String, List<Integer>> apart =
        Map.of(
            "a", List.of(9000, 9100, 8900, 9050, 9020), "b", List.of(3000, 3050, 2990, 3010, 3020));
    Map<String, List<Integer>> mixed =
        Map.of(
            "a", List.of(9000, 3000, 8900, 3050, 9020), "b", List.of(3000, 9050, 2990, 9010, 3020));
    assertThat(rule.stopBefore(4, mixed, 0, 0, 0)).isNull(); // planned rounds first
    assertThat(rule.stopBefore(5, apart, 500, 100, 500)).isEqualTo("decided");
    assertThat(rule.stopBefore(5, mixed, 500, 100, 500)).isNull();
    assertThat(rule.stopBefore(6, mixed, 600, 100, 500)).isEqualTo("budget"); // 700 > 625
    assertThat(rule.undecided(mixed)).singleElement().asString().matches("(a / b|b / a): .*");
    // an A/A pair is a check, never a reason for another round: one protocol ends at the planned
    Map<String, List<Integer>> aa =
        Map.of(
            "a",
            List.of(9000, 3000, 8900, 3050, 9020),
            "a#2",
            List.of(3000, 9050, 2990, 9010, 3020));
    assertThat(rule.stopBefore(5, aa, 500, 100, 500)).isEqualTo("rounds");
  }
}
