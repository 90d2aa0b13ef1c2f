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

  @Test
  void aThreeAndAHalfFoldClimbWithRhoEightyIsARamp() {
    double[] orders = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    // rho 0.80 (two swaps), from 100 to 360
    double[] climb = {100, 180, 150, 240, 200, 300, 280, 220, 360};
    assertThat(Spearman.rho(orders, climb)).isBetween(0.7, 0.9);
    assertThat(Trend.of(orders, climb)).isPresent();
    // the same order with a 20 % change is not enough order to call a ramp
    double[] small = {100, 108, 104, 112, 110, 116, 114, 111, 120};
    assertThat(Spearman.rho(orders, small)).isLessThan(0.9);
    assertThat(Trend.of(orders, small)).isEmpty();
  }
}
