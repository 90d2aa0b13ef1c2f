package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundsDecisionTest {
  private static List<Double> rounds(double... v) {
    return java.util.Arrays.stream(v).boxed().toList();
  }

  @Test
  void aClearWinnerAndAnEquivalentPairAreDecidedANoisyPairIsNot() {
    Map<String, List<Double>> m = new LinkedHashMap<>();
    m.put("rpcx", rounds(9000, 9100, 8900, 9050, 9020));
    m.put("grpc", rounds(3000, 3050, 2990, 3010, 3020));
    m.put("thrift", rounds(3010, 3040, 3000, 3005, 3025)); // within 10 % of grpc
    assertThat(RoundsDecision.undecided(m, (a, b) -> false, 0.05, 0.10)).isEmpty();

    m.put("http-json", rounds(2000, 4000, 2500, 3500, 1500)); // wide: neither
    List<String> open = RoundsDecision.undecided(m, (a, b) -> false, 0.05, 0.10);
    assertThat(open).hasSize(2).allSatisfy(s -> assertThat(s).contains("http-json"));
  }

  @Test
  void anAaPairIsACheckNotADecisionAndTooFewRoundsAreUndecided() {
    Map<String, List<Double>> m = new LinkedHashMap<>();
    m.put("rpcx", rounds(9000, 5000, 12000));
    m.put("rpcx#2", rounds(3000, 15000, 8000));
    assertThat(RoundsDecision.undecided(m, (a, b) -> true, 0.05, 0.10)).isEmpty();
    assertThat(RoundsDecision.undecided(m, (a, b) -> false, 0.05, 0.10))
        .containsExactly("rpcx / rpcx#2: n too small to test (3 and 3 trials; need 4 a side)");
  }

  @Test
  void aCopysPairsAreChecksNotClaims() {
    assertThat(RoundsDecision.isCheck("rpcx", "rpcx#2")).isTrue();
    assertThat(RoundsDecision.isCheck("rpcx#2", "grpc")).isTrue();
    assertThat(RoundsDecision.isCheck("rpcx", "grpc")).isFalse();
  }

  @Test
  void roundsThatNeverMetAreTestedAsTheSmallestValue() {
    assertThat(RoundsDecision.tested(List.of(0, 1500))).containsExactly(0.001, 1500.0);
    Map<String, List<Double>> m = new LinkedHashMap<>();
    m.put("a", RoundsDecision.tested(List.of(0, 0, 0, 0, 0)));
    m.put("b", RoundsDecision.tested(List.of(0, 0, 0, 0, 0)));
    assertThat(RoundsDecision.undecided(m, (x, y) -> false, 0.05, 0.10)).isEmpty();
  }

  @Test
  void anUndecidedPairWithMissedRoundsCountsTheRoundsMetInsteadOfARatioAgainstTheStandIn() {
    Map<String, List<Double>> m = new LinkedHashMap<>();
    m.put("rpcx", rounds(26908, 14672, 12338, 10375, 10375));
    m.put("grpc-tuned", RoundsDecision.tested(List.of(0, 0, 0, 0, 0)));
    m.put("http-json", RoundsDecision.tested(List.of(0, 0, 0, 0, 0)));
    m.put("thrift", rounds(4757, 4362, 5188, 6727, 6727));
    // 5 against 5 reaches p = 0.0079 at best; Holm over 6 claims cannot call it at 0.021
    List<String> open = RoundsDecision.undecided(m, (x, y) -> false, 0.021, 0.10);
    assertThat(open)
        .contains(
            "rpcx / grpc-tuned: rpcx met it in 5 of 5 rounds, grpc-tuned in 0 of 5 (not yet"
                + " separated after Holm)")
        .noneMatch(s -> s.contains("12338000"));
    // one round met: still counts, not a ratio against the stand-in
    m.put("grpc-tuned", RoundsDecision.tested(List.of(0, 0, 0, 0, 0, 2378)));
    m.put("http-json", RoundsDecision.tested(List.of(0, 0, 0, 0, 0, 0)));
    assertThat(RoundsDecision.undecided(m, (x, y) -> false, 0.021, 0.10))
        .contains(
            "grpc-tuned / http-json: grpc-tuned met it in 1 of 6 rounds, http-json in 0 of 6 (not"
                + " yet separated after Holm)");
  }
}
