package io.rpcxbench.verdict.choose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The scorecard's "limited by" cell: short enough for its column, the rounds' words behind it. */
class LimitedByCellTest {
  private static CapacityRound round(int n, String limitedBy) {
    return new CapacityRound(n, "rpcx", 1000, 1200.0, 4, limitedBy, "");
  }

  @Test
  void roundsThatAgreeKeepTheirWordsAndRoundsThatDifferAreCountedByKindWithTheirReasonsInShort() {
    assertThat(ChooseCandidate.word(List.of(round(1, "server"), round(2, "server"))))
        .isEqualTo("server");
    assertThat(
            ChooseCandidate.word(
                List.of(
                    round(1, "client (sends lagged 1.7 ms at p99)"),
                    round(2, "client (in-flight cap 1024; 12141 calls dropped)"),
                    round(3, "client (sends lagged 3.0 ms at p99)"),
                    round(4, "server"))))
        .isEqualTo("client 3/4 (sends lagged 1.7-3.0 ms at p99, in-flight cap 1024), server 1/4");
    assertThat(ChooseCandidate.word(List.of(round(1, "none"), round(2, ""))))
        .isEqualTo("none 1/2, - 1/2");
  }
}
