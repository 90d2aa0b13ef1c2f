package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.point.PlannedPoint;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepPlanTest {
  private static List<String> labels(SweepPlan plan) {
    return plan.points().stream().map(p -> p.protocol() + " " + p.label()).toList();
  }

  @Test
  void aTrialsOrderIsRandomBySeedProtocolsKeptTogetherAndNumberedAgain() {
    SweepPlan plan =
        SweepPlan.grid(List.of("rpcx", "grpc", "thrift"), List.of(1, 8, 32), List.of(100), false);
    SweepPlan a = plan.shuffled(1);
    assertThat(labels(a)).containsExactlyInAnyOrderElementsOf(labels(plan));
    assertThat(labels(plan.shuffled(1))).isEqualTo(labels(a));
    // some seed gives another order of protocols: the trials are not all alike
    assertThat(
            java.util.stream.LongStream.range(2, 20)
                .mapToObj(s -> plan.shuffled(s).points().get(0).protocol())
                .distinct()
                .count())
        .isGreaterThan(1);
    // a protocol's points run one after another (its servers are fresh for the trial)
    List<String> protocols = a.points().stream().map(PlannedPoint::protocol).toList();
    assertThat(protocols.subList(0, 3).stream().distinct().count()).isEqualTo(1);
    for (int i = 0; i < a.points().size(); i++) {
      assertThat(a.points().get(i).index()).isEqualTo(i);
    }
  }

  @Test
  void theGridRunsThreadsOutermostThenRequestsWithProtocolsInterleaved() {
    SweepPlan plan =
        SweepPlan.grid(List.of("rpcx", "grpc"), List.of(10, 20), List.of(100, 200), false);
    assertThat(labels(plan))
        .containsExactly(
            "rpcx t10 r100",
            "grpc t10 r100",
            "rpcx t10 r200",
            "grpc t10 r200",
            "rpcx t20 r100",
            "grpc t20 r100",
            "rpcx t20 r200",
            "grpc t20 r200");
    assertThat(plan.points().get(5).index()).isEqualTo(5);
  }

  @Test
  void profilesRunInnermostOnePointAfterTheOtherAcrossThem() {
    SweepPlan plan =
        SweepPlan.grid(
            List.of("rpcx", "grpc"),
            List.of(10),
            List.of(100),
            false,
            List.of(),
            List.of("loopback", "wan"));
    assertThat(labels(plan))
        .containsExactly(
            "rpcx t10 r100 loopback",
            "rpcx t10 r100 wan",
            "grpc t10 r100 loopback",
            "grpc t10 r100 wan");
    assertThat(plan.points().get(3).index()).isEqualTo(3);
    assertThat(plan.points().get(1).series()).isEqualTo("rpcx wan");
    SweepPlan rates =
        SweepPlan.rates(
            List.of("rpcx"), List.of(1000, 2000), 5, false, List.of(), List.of("lan", "wan"));
    assertThat(labels(rates))
        .containsExactly(
            "rpcx 1000/s lan", "rpcx 1000/s wan", "rpcx 2000/s lan", "rpcx 2000/s wan");
    assertThat(
            SweepPlan.grid(
                List.of("rpcx"), List.of(10), List.of(100), false, List.of(), List.of("")))
        .isEqualTo(SweepPlan.grid(List.of("rpcx"), List.of(10), List.of(100), false));
  }

  @Test
  void aDimensionOfTheSweepRunsEveryPointOncePerValueJustOutsideTheProfiles() {
    Axis payload = new Axis("--payload", List.of("0", "16384"));
    SweepPlan plan =
        SweepPlan.grid(
            List.of("rpcx", "grpc"),
            List.of(10),
            List.of(100),
            false,
            List.of(payload),
            List.of("lan", "wan"));
    assertThat(labels(plan))
        .containsExactly(
            "rpcx t10 r100 payload=0 lan",
            "rpcx t10 r100 payload=0 wan",
            "rpcx t10 r100 payload=16384 lan",
            "rpcx t10 r100 payload=16384 wan",
            "grpc t10 r100 payload=0 lan",
            "grpc t10 r100 payload=0 wan",
            "grpc t10 r100 payload=16384 lan",
            "grpc t10 r100 payload=16384 wan");
    assertThat(plan.points().get(7).index()).isEqualTo(7);
    // a protocol that fails at 16 KiB keeps running at 0 B: the skip rules and ETA learn per series
    assertThat(plan.points().get(2).series()).isEqualTo("rpcx payload=16384 lan");
    // a larger grid point dominates a failed smaller one only at the same size
    PlannedPoint small = plan.points().get(0);
    PlannedPoint big = plan.points().get(2);
    assertThat(big.renumbered(0).dominates(small)).isFalse();
    assertThat(small.dominates(small.renumbered(5))).isTrue();
    assertThat(plan.shuffled(7).points())
        .extracting(PlannedPoint::label)
        .containsExactlyInAnyOrderElementsOf(
            labels(plan).stream().map(l -> l.substring(5)).toList());
  }

  @Test
  void thePapersDefaultGridHas99x90PointsPerProtocol() {
    SweepPlan plan =
        SweepPlan.grid(
            List.of("rpcx", "grpc", "openfeign"),
            CountList.parse("--threads", "10:990:10", CountList.Range.of(10, 990, 10)).values(),
            CountList.parse("--requests", "10:900:10", CountList.Range.of(10, 900, 10)).values(),
            false);
    assertThat(plan.size()).isEqualTo(99 * 90 * 3);
  }

  @Test
  void chainsThisSweepStartsRunProtocolOutermost() {
    SweepPlan plan = SweepPlan.grid(List.of("rpcx", "grpc"), List.of(10, 20), List.of(5), true);
    assertThat(labels(plan))
        .containsExactly("rpcx t10 r5", "rpcx t20 r5", "grpc t10 r5", "grpc t20 r5");
  }

  @Test
  void aRateSweepRunsTheRateOutermostAndPlansRateTimesDurationCalls() {
    SweepPlan plan = SweepPlan.rates(List.of("rpcx", "grpc"), List.of(1000, 2000), 10, false);
    assertThat(labels(plan))
        .containsExactly("rpcx 1000/s", "grpc 1000/s", "rpcx 2000/s", "grpc 2000/s");
    assertThat(plan.plannedCalls(3, false)).isEqualTo(3L * 10 * (1000 + 2000) * 2);
  }

  @Test
  void requestsPerTotalSplitsTheRequestsOverTheThreads() {
    PlannedPoint p = PlannedPoint.grid(0, "rpcx", 10, 100);
    assertThat(p.callsPerRun(false)).isEqualTo(1000);
    assertThat(p.callsPerRun(true)).isEqualTo(100);
  }
}
