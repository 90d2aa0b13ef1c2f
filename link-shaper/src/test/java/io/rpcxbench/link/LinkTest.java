package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkTest {
  private static LinkDirection direction(long delayNanos, long jitterNanos, long bps) {
    return new LinkDirection(delayNanos, jitterNanos, "normal", 0, 0, 0, 0, bps);
  }

  @Test
  void theRateSerialisesChunksOneAfterTheOther() {
    Link link = new Link(direction(0, 0, 10_000_000), 1); // 10 Mbit/s: 1,250 bytes a millisecond
    assertThat(link.arrival(0, 1250)).isEqualTo(1_000_000L);
    assertThat(link.arrival(0, 1250)).isEqualTo(2_000_000L); // queued behind the first
    assertThat(link.arrival(5_000_000, 1250)).isEqualTo(6_000_000L); // the wire was free again
  }

  @Test
  void theDelayComesAfterTheWire() {
    Link link = new Link(direction(20_000_000, 0, 10_000_000), 1);
    assertThat(link.arrival(0, 1250)).isEqualTo(21_000_000L);
  }

  @Test
  void normalJitterCentresOnTheDelayAndNeverGoesBelowZero() {
    Link link = new Link(direction(1_000_000, 500_000, 0), 42);
    double sum = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      long a = link.arrival(0, 100);
      assertThat(a).isNotNegative();
      sum += a;
    }
    assertThat(sum / n).isBetween(950_000.0, 1_050_000.0);
  }

  @Test
  void slicesAreAMillisecondOfBytesAtLeastASegment() {
    assertThat(new Link(direction(0, 0, 1_000_000), 1).sliceBytes()).isEqualTo(1460);
    assertThat(new Link(direction(0, 0, 100_000_000), 1).sliceBytes()).isEqualTo(12_500);
    assertThat(new Link(direction(0, 0, 0), 1).sliceBytes()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void theHoldLimitCoversTheBytesInFlight() {
    // 1 Gbit/s over 40 ms RTT holds 5 MB in flight: the limit must not throttle below the rate
    assertThat(new Link(direction(20_000_000, 0, 1_000_000_000), 1).holdLimitBytes())
        .isEqualTo(10_000_000L);
    assertThat(new Link(direction(0, 0, 0), 1).holdLimitBytes()).isEqualTo(4L << 20);
  }
}
