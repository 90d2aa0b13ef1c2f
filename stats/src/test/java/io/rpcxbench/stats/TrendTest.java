package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Runs that still trend: synthetic figures of orders 1, 2, ... */
class TrendTest {
  @Test
  void aRiseIsATrend() {
    Trend t = trend(100, 110, 118, 125, 131, 134, 136, 137, 138).orElseThrow();

    assertThat(t.rising()).isTrue();
    assertThat(t.change()).isCloseTo(0.38, within(1e-12));
    assertThat(t.rho()).isEqualTo(1.0);
  }

  @Test
  void oneSmallReversalDoesNotHideARamp() {
    assertThat(trend(100, 112, 109, 120, 127, 131, 135, 139, 140)).isPresent();
  }

  @Test
  void aFallIsATrendToo() {
    Trend t = trend(200, 190, 180, 176, 170).orElseThrow();

    assertThat(t.rising()).isFalse();
    assertThat(t.change()).isCloseTo(-0.15, within(1e-12));
  }

  @Test
  void aSmallOrderedDriftOrNoiseOrAConstantIsNoTrend() {
    assertThat(trend(100, 101, 102, 103, 104, 105, 106, 107, 108)).isEmpty();
    assertThat(trend(100, 130, 95, 128, 99, 131, 102, 97, 133)).isEmpty();
    assertThat(trend(100, 100, 100, 100, 100)).isEmpty();
  }

  @Test
  void fewerThanFourRunsSayNothing() {
    assertThat(trend(100, 150, 200)).isEmpty();
    assertThat(trend(100, 150, 200, 250)).isPresent();
  }

  @Test
  void aFirstRunOfZeroHasNoChange() {
    assertThat(trend(0, 150, 200, 250)).isEmpty();
  }

  private static Optional<Trend> trend(double... values) {
    double[] orders = IntStream.rangeClosed(1, values.length).asDoubleStream().toArray();
    return Trend.of(orders, values);
  }
}
