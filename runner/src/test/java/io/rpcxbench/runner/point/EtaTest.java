package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EtaTest {
  @Test
  void aProtocolWithPointsLeftAndNoRateYetIsNamed() {
    Eta eta = new Eta(10, false, 660_000);
    eta.finished("rpcx", 1000, 1000, 1000, true);
    List<PlannedPoint> rest =
        List.of(PlannedPoint.grid(1, "grpc", 10, 10), PlannedPoint.grid(2, "rpcx", 10, 10));
    assertThat(eta.remaining(rest, p -> true)).isEqualTo("? (no rate yet for grpc)");
  }

  @Test
  void theTimeLeftIsTheCallsLeftAtTheLatestRatePlusTheMeanStartCost() {
    Eta eta = new Eta(10, false, 660_000);
    // 10,000 calls in 2,000 ms of runs, 3,000 ms for the whole point: 5 calls/ms, 1 s outside
    eta.finished("rpcx", 10_000, 2_000, 3_000, true);
    // 10 runs x 100 threads x 100 requests = 100,000 calls: 20 s, plus 1 s start, twice
    List<PlannedPoint> rest =
        List.of(PlannedPoint.grid(1, "rpcx", 100, 100), PlannedPoint.grid(2, "rpcx", 100, 100));
    assertThat(eta.remaining(rest, p -> true)).isEqualTo("0:00:42");
    assertThat(eta.remaining(rest, p -> p.index() == 1)).isEqualTo("0:00:21");
  }

  @Test
  void theLatestPointsRateReplacesTheEarlierOne() {
    Eta eta = new Eta(1, false, 660_000);
    eta.finished("rpcx", 1_000, 1_000, 1_000, false);
    eta.finished("rpcx", 10_000, 1_000, 1_000, false);
    assertThat(eta.remaining(List.of(PlannedPoint.grid(1, "rpcx", 100, 1000)), p -> true))
        .isEqualTo("0:00:10");
  }

  @Test
  void noPointCountsAboveItsLimit() {
    Eta eta = new Eta(10, false, 60_000);
    eta.finished("rpcx", 1, 1_000, 1_000, true);
    assertThat(eta.remaining(List.of(PlannedPoint.grid(1, "rpcx", 1000, 1000)), p -> true))
        .isEqualTo("0:01:00");
  }

  @Test
  void aRatePointTakesItsSchedulesWhateverTheProtocol() {
    Eta eta = new Eta(3, false, 660_000);
    assertThat(eta.remaining(List.of(PlannedPoint.rate(0, "grpc", 1000, 10)), p -> true))
        .isEqualTo("0:00:30");
  }
}
