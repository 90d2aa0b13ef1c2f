package io.rpcxbench.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.Arrivals;
import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RateSchedule;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.rpcx.RpcxException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Intended starts, result file names and error kinds. */
class ScheduleTest {
  private static List<Long> offsets(Arrivals a, RateSchedule s, long seed) {
    ArrivalTimes times = new ArrivalTimes(a, s, seed);
    List<Long> all = new ArrayList<>();
    for (long t = times.next(); t >= 0; t = times.next()) {
      all.add(t);
    }
    return all;
  }

  @Test
  void uniformStartsAreMultiplesOfOneOverTheRateNeverChained() {
    List<Long> t = offsets(Arrivals.UNIFORM, RateSchedule.constant(4, Duration.ofSeconds(1)), 0);
    assertThat(t).containsExactly(0L, 250_000_000L, 500_000_000L, 750_000_000L);
    assertThat(offsets(Arrivals.UNIFORM, RateSchedule.constant(1000, Duration.ofSeconds(2)), 0))
        .hasSize(2000);
  }

  @Test
  void stepsFollowEachOther() {
    RateSchedule s = RateSchedule.parse("2:1s, 4:500ms");
    assertThat(offsets(Arrivals.UNIFORM, s, 0))
        .containsExactly(0L, 500_000_000L, 1_000_000_000L, 1_250_000_000L);
    assertThat(s.expectedCalls()).isEqualTo(4);
    assertThat(s.total()).isEqualTo(Duration.ofMillis(1500));
    assertThat(s).hasToString("2:PT1S,4:PT0.5S");
  }

  @Test
  void poissonArrivalsAreSeededAscendingAndAboutTheRate() {
    RateSchedule s = RateSchedule.constant(1000, Duration.ofSeconds(10));
    List<Long> a = offsets(Arrivals.POISSON, s, 42);
    assertThat(a).isEqualTo(offsets(Arrivals.POISSON, s, 42)).isSorted();
    assertThat(a).isNotEqualTo(offsets(Arrivals.POISSON, s, 43));
    assertThat(a.size()).isBetween(9_500, 10_500); // mean 10000, sd 100
    assertThat(a.get(a.size() - 1)).isLessThan(10_000_000_000L);
  }

  @Test
  void eachModelNamesItsFilesApart() {
    assertThat(LoadModel.CLOSED.fileName(10, 100)).isEqualTo("t10-r100.csv");
    LoadModel open =
        new LoadModel(
            LoadModel.Kind.OPEN,
            RateSchedule.constant(2.5, Duration.ofMillis(1500)),
            Arrivals.POISSON,
            8,
            0,
            Duration.ZERO);
    assertThat(open.fileName(8, 4)).isEqualTo("open-r2p5-d1p5s-poisson.csv");
    LoadModel steps =
        new LoadModel(
            LoadModel.Kind.OPEN,
            RateSchedule.parse("500:10s,1000:10s"),
            Arrivals.UNIFORM,
            8,
            0,
            Duration.ZERO);
    assertThat(steps.fileName(8, 15000)).isEqualTo("open-s500x10s-1000x10s.csv");
    LoadModel inFlight =
        new LoadModel(LoadModel.Kind.IN_FLIGHT, null, Arrivals.UNIFORM, 8, 64, Duration.ZERO);
    assertThat(inFlight.fileName(64, 1000)).isEqualTo("inflight-n64-r1000.csv");
  }

  @Test
  void errorsAreSortedByKind() {
    assertThat(ErrorKind.of(new CallKind.WrongReplyException("x")))
        .isEqualTo(ErrorKind.WRONG_REPLY);
    assertThat(
            ErrorKind.of(
                new CompletionException(
                    new RpcxException(RpcxException.Code.DEADLINE_EXCEEDED, "late"))))
        .isEqualTo(ErrorKind.TIMEOUT);
    assertThat(ErrorKind.of(new RuntimeException(new SocketTimeoutException("Read timed out"))))
        .isEqualTo(ErrorKind.TIMEOUT);
    assertThat(ErrorKind.of(new RuntimeException("DEADLINE_EXCEEDED: deadline exceeded after 1s")))
        .isEqualTo(ErrorKind.TIMEOUT);
    assertThat(ErrorKind.of(new RpcxException(RpcxException.Code.UNAVAILABLE, "connection lost")))
        .isEqualTo(ErrorKind.TRANSPORT);
    assertThat(ErrorKind.OVER_THRESHOLD.column()).isEqualTo("errors_over_threshold");
  }
}
