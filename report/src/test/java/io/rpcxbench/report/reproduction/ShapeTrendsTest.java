package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.report.db.RawProtocol;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures' shapes (Spearman's rho: the stats module), the warm-up ratio and the per-run limit
 * on small data.
 */
class ShapeTrendsTest {
  @Test
  void runtimeRisesWithThreadsUnderConstantData() {
    Regime g = VerdictBoxTest.constantRegime();
    assertThat(ShapeTrends.runtime(g, RawProtocol.RPCX, 100)).isEqualTo(1.0);
    assertThat(ShapeTrends.runtime(g, RawProtocol.RPCX, 300)).isNull();
    // the advantage is 75 % at every thread count: no trend, no rho
    assertThat(ShapeTrends.advantage(g, RawProtocol.GRPC, 100)).isNull();
    // three points in perfect order: exact p = 2/3! = 0.33, no trend can be shown
    assertThat(ShapeTrends.runtimeTally(List.of(g)))
        .isEqualTo(new ShapeTrends.Tally(0, 0, 3, 3, List.of(3, 3, 3)));
    assertThat(ShapeTrends.table(g))
        .contains(
            "| 100 | +1.00 (3 points: untestable) | +1.00 (3 points: untestable) |"
                + " +1.00 (3 points: untestable) | – | – |")
        .contains("| 300 | – | – | – | – | – |");
    assertThat(ShapeTrends.text(-0.344)).isEqualTo("−0.34");
  }

  @Test
  void aSeriesOfFourPointsIsUntestableAndCountedApart() {
    SyntheticRegime s = new SyntheticRegime("thread", "1mbit");
    int[] threads = {10, 110, 210, 310, 410};
    for (int i = 0; i < threads.length; i++) {
      // R = 100: five points in order, a trend; R = 500: four in order, untestable
      s.point(RawProtocol.RPCX, threads[i], 100, VerdictBoxTest.runs(100, 10 + i));
      if (i < 4) {
        s.point(RawProtocol.RPCX, threads[i], 500, VerdictBoxTest.runs(100, 50 + i));
      }
    }
    ShapeTrends.Tally t = ShapeTrends.runtimeTally(List.of(s.regime()));
    assertThat(t).isEqualTo(new ShapeTrends.Tally(1, 0, 1, 2, List.of(4)));
    assertThat(t.testable()).isEqualTo(1);
    assertThat(ReproductionChecks.tallyText(t))
        .isEqualTo(
            "runtime rises with threads in 1, falls in 0 and has no trend in 0 of the 1 testable"
                + " series; 1 more series, of 4 points, is untestable");
    assertThat(ShapeTrends.table(s.regime()))
        .contains("| 100 | **+1.00** |")
        .contains("| 500 | +1.00 (4 points: untestable) |");
    assertThat(ReproductionChecks.sizes(List.of(4, 3))).isEqualTo("3 and 4");
  }

  @Test
  void figure8bsTpsClaimCountsThreadCountsWhereTpsFallsAtEachStepOfR() {
    SyntheticRegime s = new SyntheticRegime("thread", "1gbit");
    // 10 threads: runtime grows faster than R, TPS (R / runtime) falls; 110: slower, TPS rises;
    // 210: R = 500 missing, not counted
    s.point(RawProtocol.RPCX, 10, 100, VerdictBoxTest.runs(100, 10));
    s.point(RawProtocol.RPCX, 10, 300, VerdictBoxTest.runs(100, 40));
    s.point(RawProtocol.RPCX, 10, 500, VerdictBoxTest.runs(100, 80));
    s.point(RawProtocol.RPCX, 110, 100, VerdictBoxTest.runs(100, 10));
    s.point(RawProtocol.RPCX, 110, 300, VerdictBoxTest.runs(100, 20));
    s.point(RawProtocol.RPCX, 110, 500, VerdictBoxTest.runs(100, 30));
    s.point(RawProtocol.RPCX, 210, 100, VerdictBoxTest.runs(100, 10));
    TpsClaim c = TpsClaim.of(s.regime(), RawProtocol.RPCX);
    assertThat(c).isEqualTo(new TpsClaim(RawProtocol.RPCX, 1, 1, 2));
    assertThat(c.text()).isEqualTo("RPCX falls at 1 and rises at 1 of 2 thread counts");
    assertThat(TpsClaim.of(s.regime(), RawProtocol.GRPC).text())
        .isEqualTo("gRPC: no thread count has every R");
  }

  @Test
  void aWeakRhoIsNoTrend() {
    SyntheticRegime s = new SyntheticRegime("total", "1gbit");
    double[] ms = {20, 10, 30, 40, 15};
    int[] threads = {10, 110, 210, 310, 410};
    for (int i = 0; i < threads.length; i++) {
      s.point(RawProtocol.RPCX, threads[i], 100, VerdictBoxTest.runs(100, ms[i]));
    }
    Regime g = s.regime();
    // y ranks 3, 1, 4, 5, 2 against 1..5: rho = 1 - 6 * 16 / 120 = 0.2, p far above 0.05
    assertThat(ShapeTrends.runtime(g, RawProtocol.RPCX, 100)).isCloseTo(0.2, within(1e-12));
    assertThat(ShapeTrends.runtimeTally(List.of(g))).isEqualTo(new ShapeTrends.Tally(0, 0, 1));
    assertThat(ShapeTrends.runtimeTally(List.of(g)).flat()).isEqualTo(1);
    assertThat(ShapeTrends.table(g)).contains("| 100 | +0.20 | – | – | – | – |");
  }

  @Test
  void warmUpIsRunsOneToThreeOverSevenToNine() {
    SyntheticRegime s = new SyntheticRegime("thread", "1gbit");
    s.point(RawProtocol.GRPC, 10, 100, 500, 30, 30, 30, 20, 20, 20, 20, 20, 20);
    s.point(RawProtocol.GRPC, 110, 100, 500, 12, 12, 12, 10, 10, 10, 10, 10, 10);
    s.point(RawProtocol.GRPC, 210, 100, 500, 10, 10, 10, 10, 10, 10, 10, 10, 10);
    Regime g = s.regime();
    // ratios 1.5, 1.2, 1.0: median 1.2
    assertThat(WarmUpTrend.median(g, RawProtocol.GRPC)).isCloseTo(1.2, within(1e-12));
    assertThat(WarmUpTrend.median(g, RawProtocol.RPCX)).isNull();
  }

  @Test
  void perRunLimitCountsRunsAndTimedOutPointsThatWouldFinish() {
    SyntheticRegime s = new SyntheticRegime("thread", "1gbit");
    s.point(RawProtocol.RPCX, 10, 100, 1000, 20, 20);
    s.timedOut(RawProtocol.GRPC, 310, 500, 70_000, 72_000, 71_000);
    s.timedOut(RawProtocol.OPENFEIGN, 210, 100, 650_000);
    PerRunLimit l = PerRunLimit.of(s.regime(), null);
    assertThat(l.limitS()).isEqualTo(600);
    assertThat(l.runsOver()).isEqualTo(1);
    assertThat(l.timedOutUnder()).containsExactly("gRPC 310 × 500");
    assertThat(l.sentence())
        .isEqualTo(
            "longest run 650.0 s (OpenFeign 210 × 100); 1 run reached 600 s; timed out per point"
                + " with every run under 600 s (would finish read per run): gRPC 310 × 500");
  }
}
