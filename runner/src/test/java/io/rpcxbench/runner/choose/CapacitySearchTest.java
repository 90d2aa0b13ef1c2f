package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.runner.choose.CapacitySearch.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The search on fake protocols whose latency at a rate is known, so their capacity is too. */
class CapacitySearchTest {
  /**
   * A queue's p99: {@code base / (1 - rate / saturation)}, unbounded at and past saturation. With
   * base 1 ms and a 5 ms SLO the capacity is 80 % of the saturation.
   */
  private static CapacitySearch.Probe queue(double saturation, double sloMs) {
    return rate -> rate < saturation && 1.0 / (1 - rate / saturation) <= sloMs;
  }

  @Test
  void findsAQueuesCapacityWithinTheResolution() throws Exception {
    CapacitySearch search = new CapacitySearch(10, 1_000_000, 0.05);
    CapacitySearch.Result r = search.find(1000, 2.0, queue(20_000, 5));
    assertThat(r.capacity()).isBetween((int) (16_000 / 1.05), 16_000);
    assertThat(r.failedAt())
        .isGreaterThan(r.capacity())
        .isGreaterThanOrEqualTo(15_999) // 16000 itself is 5.000000001 ms in floating point
        .isLessThanOrEqualTo((int) (r.capacity() * 1.05) + 1);
    assertThat(r.probed()).startsWith(1000, 2000, 4000, 8000, 16_000);
  }

  @Test
  void aStartAboveTheCapacityHalvesThenBisects() throws Exception {
    CapacitySearch.Result r =
        new CapacitySearch(10, 1_000_000, 0.05).find(100_000, 2.0, queue(3000, 5));
    assertThat(r.capacity()).isBetween((int) (2400 / 1.05), 2400);
    assertThat(r.probed()).startsWith(100_000, 50_000, 25_000, 12_500, 6250, 3125, 1562);
  }

  /** Every round searches afresh: the same probes give the same search, whatever came before. */
  @Test
  void aSearchDependsOnItsStartAndItsProbesAlone() throws Exception {
    CapacitySearch search = new CapacitySearch(10, 1_000_000, 0.05);
    CapacitySearch.Result unlucky = search.find(1000, CapacitySearch.FACTOR, queue(200, 5));
    CapacitySearch.Result next = search.find(1000, CapacitySearch.FACTOR, queue(20_000, 5));
    CapacitySearch.Result alone = search.find(1000, CapacitySearch.FACTOR, queue(20_000, 5));
    assertThat(unlucky.capacity()).isLessThan(200);
    assertThat(next).isEqualTo(alone);
    assertThat(next.probed()).startsWith(1000, 2000);
  }

  @Test
  void aRateWithoutDataIsProbedOnceMoreAndThenCounts() throws Exception {
    List<Integer> asked = new ArrayList<>();
    CapacitySearch.Result r =
        new CapacitySearch(10, 5000, 0.05)
            .search(
                1000,
                2.0,
                rate -> {
                  asked.add(rate);
                  boolean first = asked.stream().filter(x -> x == rate).count() == 1;
                  return rate == 2000 && first ? Outcome.NO_DATA : Outcome.MET;
                });
    assertThat(asked).containsExactly(1000, 2000, 2000, 4000, 5000);
    assertThat(r.probed()).isEqualTo(asked);
    assertThat(r.capacity()).isEqualTo(5000);
    assertThat(r.complete()).isTrue();
  }

  @Test
  void twoProbesWithoutDataStopTheSearchThereNeitherPassNorFailure() throws Exception {
    CapacitySearch search = new CapacitySearch(10, 1_000_000, 0.05);
    CapacitySearch.Result up =
        search.search(1000, 2.0, rate -> rate < 4000 ? Outcome.MET : Outcome.NO_DATA);
    assertThat(up.probed()).containsExactly(1000, 2000, 4000, 4000);
    assertThat(up.capacity()).isEqualTo(2000);
    assertThat(up.failedAt()).isZero();
    assertThat(up.unknownAt()).isEqualTo(4000);
    assertThat(up.complete()).isFalse();

    CapacitySearch.Result never = search.search(1000, 2.0, rate -> Outcome.NO_DATA);
    assertThat(never.probed()).containsExactly(1000, 1000);
    assertThat(never.capacity()).isZero();
    assertThat(never.failedAt()).as("no data is no failure").isZero();
    assertThat(never.unknownAt()).isEqualTo(1000);

    CapacitySearch.Result bisecting =
        search.search(
            1000,
            2.0,
            rate -> rate <= 1000 ? Outcome.MET : rate >= 2000 ? Outcome.MISSED : Outcome.NO_DATA);
    assertThat(bisecting.probed()).containsExactly(1000, 2000, 1414, 1414);
    assertThat(bisecting.capacity()).isEqualTo(1000);
    assertThat(bisecting.failedAt()).isEqualTo(2000);
    assertThat(bisecting.unknownAt()).isEqualTo(1414);
  }

  @Test
  void nothingMetGivesCapacityZeroAndTheLowestFailure() throws Exception {
    CapacitySearch.Result r =
        new CapacitySearch(10, 1_000_000, 0.05).find(1000, 2.0, rate -> false);
    assertThat(r.capacity()).isZero();
    assertThat(r.failedAt()).isEqualTo(10);
  }

  @Test
  void noFailureUpToTheCeilingGivesTheCeilingAndNoFailure() throws Exception {
    CapacitySearch.Result r = new CapacitySearch(10, 5000, 0.05).find(1000, 2.0, rate -> true);
    assertThat(r.capacity()).isEqualTo(5000);
    assertThat(r.failedAt()).isZero();
    assertThat(r.probed()).containsExactly(1000, 2000, 4000, 5000);
  }

  @Test
  void badBoundsAreRefused() {
    assertThatThrownBy(() -> new CapacitySearch(0, 10, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CapacitySearch(10, 5, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new CapacitySearch(10, 50, 1.5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
