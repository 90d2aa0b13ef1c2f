package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Reconnect delays: exponential, capped, jittered both ways, never zero. */
class BackoffTest {
  private static long ms(int attempt, double random) {
    return TimeUnit.NANOSECONDS.toMillis(Backoff.delayNanos(attempt, random));
  }

  @Test
  void doublesFromTheInitialDelayUpToTheCap() {
    assertThat(ms(0, 0.5)).isEqualTo(100);
    assertThat(ms(1, 0.5)).isEqualTo(200);
    assertThat(ms(2, 0.5)).isEqualTo(400);
    assertThat(ms(4, 0.5)).isEqualTo(1600);
    assertThat(ms(5, 0.5)).isEqualTo(2000);
    assertThat(ms(1000, 0.5)).isEqualTo(2000);
  }

  @Test
  void jitterSpreadsEachDelayByTwentyPercentEitherWay() {
    assertThat(ms(0, 0)).isEqualTo(80);
    assertThat(ms(0, 0.999_999)).isEqualTo(119);
    assertThat(ms(9, 0)).isEqualTo(1600);
    assertThat(ms(9, 0.999_999)).isEqualTo(2399);
    for (int attempt = 0; attempt < 50; attempt++) {
      long nanos = Backoff.delayNanos(attempt);
      assertThat(nanos)
          .isBetween(TimeUnit.MILLISECONDS.toNanos(80), TimeUnit.MILLISECONDS.toNanos(2400));
    }
  }
}
