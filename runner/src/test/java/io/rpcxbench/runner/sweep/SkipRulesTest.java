package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.PointState;
import org.junit.jupiter.api.Test;

class SkipRulesTest {
  private static PlannedPoint grid(String p, int t, int r) {
    return PlannedPoint.grid(0, p, t, r);
  }

  @Test
  void skipDominatedSkipsPointsWithAtLeastTheThreadsAndRequestsOfAFailedOne() {
    SkipRules rules = new SkipRules(new StopRules(0, true, 2));
    rules.record(grid("rpcx", 20, 200), PointState.TIMEOUT, null, true);
    assertThat(rules.skipReason(grid("rpcx", 30, 200)))
        .isEqualTo("at least 20 threads x 200 requests, which did not finish");
    assertThat(rules.skipReason(grid("rpcx", 30, 100))).isNull();
    assertThat(rules.skipReason(grid("rpcx", 10, 300))).isNull();
    assertThat(rules.skipReason(grid("grpc", 30, 300))).isNull();
  }

  @Test
  void aPointThatFailedAcrossOneProfileSkipsNothingOnAnother() {
    SkipRules rules = new SkipRules(new StopRules(0, true, 2));
    rules.record(grid("rpcx", 20, 200).across(0, "wan"), PointState.TIMEOUT, null, true);
    assertThat(rules.skipReason(grid("rpcx", 30, 300).across(1, "wan")))
        .isEqualTo("at least 20 threads x 200 requests, which did not finish");
    assertThat(rules.skipReason(grid("rpcx", 30, 300).across(2, "loopback"))).isNull();
  }

  @Test
  void withoutSkipDominatedAFailedPointSkipsNothing() {
    SkipRules rules = new SkipRules(new StopRules(0, false, 2));
    rules.record(grid("rpcx", 20, 200), PointState.FAILED, null, true);
    assertThat(rules.skipReason(grid("rpcx", 30, 300))).isNull();
  }

  @Test
  void nFailuresInARowMoveAProtocolOnToTheNextThreadCount() {
    SkipRules rules = new SkipRules(new StopRules(2, false, 2));
    assertThat(rules.record(grid("rpcx", 10, 100), PointState.FAILED, null, true)).isNull();
    assertThat(rules.record(grid("rpcx", 10, 200), PointState.TIMEOUT, null, true))
        .isEqualTo(
            "rpcx: 2 failed points in a row at 10 threads; moving on to the next thread count");
    assertThat(rules.skipReason(grid("rpcx", 10, 300))).isEqualTo("stop-after-failures");
    assertThat(rules.skipReason(grid("grpc", 10, 300))).isNull();
    assertThat(rules.skipReason(grid("rpcx", 20, 100))).isNull();
  }

  @Test
  void aCompletePointEndsTheStreakAndANewThreadCountStartsAnother() {
    SkipRules rules = new SkipRules(new StopRules(2, false, 2));
    rules.record(grid("rpcx", 10, 100), PointState.FAILED, null, true);
    rules.record(grid("rpcx", 10, 200), PointState.COMPLETE, null, true);
    rules.record(grid("rpcx", 10, 300), PointState.FAILED, null, true);
    assertThat(rules.skipReason(grid("rpcx", 10, 400))).isNull();
    rules.record(grid("rpcx", 20, 100), PointState.FAILED, null, true);
    assertThat(rules.skipReason(grid("rpcx", 20, 200))).isNull();
  }

  @Test
  void nRatesInARowNotKeptUpWithSkipTheProtocolsHigherRates() {
    SkipRules rules = new SkipRules(new StopRules(0, false, 2));
    rules.record(
        PlannedPoint.rate(0, "grpc", 1000, 10),
        PointState.COMPLETE,
        "achieved 90.0 % of the target",
        true);
    rules.record(PlannedPoint.rate(1, "grpc", 2000, 10), PointState.COMPLETE, null, true);
    rules.record(
        PlannedPoint.rate(2, "grpc", 3000, 10),
        PointState.COMPLETE,
        "achieved 80.0 % of the target",
        true);
    assertThat(rules.overloaded("grpc")).isFalse();
    String line =
        rules.record(PlannedPoint.rate(3, "grpc", 4000, 10), PointState.TIMEOUT, "timeout", true);
    assertThat(line)
        .isEqualTo(
            "grpc: did not keep up at 2 rates in a row (3000, 4000 calls/s); its higher rates are not run");
    assertThat(rules.skipReason(PlannedPoint.rate(4, "grpc", 5000, 10)))
        .isEqualTo("did not keep up at 3000, 4000 calls/s");
    assertThat(rules.skipReason(PlannedPoint.rate(5, "rpcx", 5000, 10))).isNull();
    assertThat(rules.overloadSummary())
        .containsExactly(
            "overloaded: grpc stopped after 4000/s (did not keep up at 3000, 4000 calls/s)");
  }

  @Test
  void stopAfterOverloadZeroNeverSkips() {
    SkipRules rules = new SkipRules(new StopRules(0, false, 0));
    for (int i = 1; i <= 5; i++) {
      rules.record(PlannedPoint.rate(i, "grpc", i * 1000, 10), PointState.FAILED, "failed", true);
    }
    assertThat(rules.overloaded("grpc")).isFalse();
  }
}
