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
}
