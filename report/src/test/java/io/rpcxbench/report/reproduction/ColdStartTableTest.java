package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.db.RawProtocol;
import org.junit.jupiter.api.Test;

/** The measured Table 2: order 0 against the other runs, per point over its rounds. */
class ColdStartTableTest {
  @Test
  void orderZeroOverTheOthersPerRound() {
    SyntheticRegime s = new SyntheticRegime("thread", "");
    // three rounds of RPCX 10 x 10: order 0 at 900, 1000, 2000 ms; the others 50, 40, 100 ms
    s.sweeps(
        RawProtocol.RPCX,
        10,
        10,
        VerdictBoxTest.runs(900, 50),
        VerdictBoxTest.runs(1000, 40),
        VerdictBoxTest.runs(2000, 100));
    String md = ColdStartTable.markdown(s.runTimes());
    assertThat(md)
        .contains("## Table 2 measured: the first run with --cold-start")
        .contains(
            "| RPCX | no link limit, T × R | 10 | 10 | 3 | 1000 [900-2000] | 50.0 [40.0-100.0] |"
                + " 20 [18-25]× |");
  }

  @Test
  void noRoundWithARunBesidesOrderZeroIsNoData() {
    SyntheticRegime s = new SyntheticRegime("thread", "");
    s.sweeps(RawProtocol.GRPC, 10, 10, new double[] {900});
    assertThat(ColdStartTable.markdown(s.runTimes())).endsWith("No data.\n");
  }
}
