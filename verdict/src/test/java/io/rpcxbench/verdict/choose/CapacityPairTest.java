package io.rpcxbench.verdict.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A capacity comparison carries what the search could not tell: each round's capacity lies between
 * the highest rate met and the lowest failed, so rounds that agree exactly still leave the ratio
 * open by their steps, and a lead that the steps can swallow is not claimed.
 */
class CapacityPairTest {
  private static ChooseCandidate candidate(String name, double met, Double failed, int rounds) {
    List<CapacityRound> r = new ArrayList<>();
    for (int i = 1; i <= rounds; i++) {
      r.add(new CapacityRound(i, name, met, failed, 4, "link", ""));
    }
    return ChooseCandidate.of(name, r, List.of());
  }

  @Test
  void roundsThatAgreeExactlyAreBracketedByTheSearchesSteps() {
    // issue 57's 1 Mbit/s: gzip met 235/s and failed 280/s in every round, plain 130/s and 155/s
    ChooseCandidate plain = candidate("grpc", 130, 155.0, 4);
    ChooseCandidate gzip = candidate("grpc:gzip", 235, 280.0, 4);

    PairTest t = CapacityPair.test(plain, gzip, 0.05);

    assertThat(t.ratio()).isCloseTo(235.0 / 130, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(t.ratioLow()).isCloseTo(235.0 / 155, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(t.ratioHigh()).isCloseTo(280.0 / 130, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(t.significant()).as("the lead holds anywhere in both brackets").isTrue();
    assertThat(t.test()).contains("bracketed by the searches' steps");
  }

  @Test
  void aLeadTheStepsCanSwallowIsNotClaimedThoughEveryRoundShowsIt() {
    // 1000/s met against 1100/s, but each search failed only at 1300/s: either may be the faster
    ChooseCandidate a = candidate("a", 1000, 1300.0, 6);
    ChooseCandidate b = candidate("b", 1100, 1300.0, 6);

    PairTest t = CapacityPair.test(a, b, 0.05);

    assertThat(t.ratio()).isGreaterThan(1);
    assertThat(t.ratioLow()).isLessThan(1);
    assertThat(t.significant()).isFalse();
  }

  @Test
  void theSmallestDifferenceDetectedTakesInTheSearchesSteps() {
    assertThat(CapacityPair.step(candidate("grpc", 130, 155.0, 4)))
        .isCloseTo(155.0 / 130, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(CapacityPair.step(candidate("ceiling", 5000, null, 4))).isEqualTo(1.0);
  }
}
