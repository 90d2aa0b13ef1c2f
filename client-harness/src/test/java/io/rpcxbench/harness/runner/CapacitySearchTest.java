package io.rpcxbench.harness.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  @Test
  void aLaterRoundStepsFromTheEarlierCapacityInFewerProbes() throws Exception {
    CapacitySearch search = new CapacitySearch(10, 1_000_000, 0.05);
    CapacitySearch.Result first = search.find(1000, 2.0, queue(20_000, 5));
    CapacitySearch.Result again = search.find(first.capacity(), 1.25, queue(20_000, 5));
    assertThat(again.capacity()).isBetween((int) (16_000 / 1.05), 16_000);
    assertThat(again.probed().size()).isLessThan(first.probed().size());
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
