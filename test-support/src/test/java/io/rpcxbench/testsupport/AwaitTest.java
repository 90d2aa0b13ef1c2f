package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AwaitTest {
  @Test
  void workThatKeepsProgressingIsWaitedForLongerThanTheStallBound() {
    AtomicLong steps = new AtomicLong();
    long started = System.nanoTime();
    // a step every few polls, done only after several stall bounds have passed in all
    Await.progressing(
        "slow steps",
        Duration.ofMillis(200),
        () -> steps.incrementAndGet() / 5,
        () -> System.nanoTime() - started > Duration.ofMillis(800).toNanos());
    assertThat(steps.get()).isPositive();
  }

  @Test
  void workThatStopsProgressingFailsNamingWhatAndWhere() {
    assertThatThrownBy(
            () -> Await.progressing("stuck calls", Duration.ofMillis(100), () -> 7, () -> false))
        .isInstanceOf(AssertionError.class)
        .hasMessage("no progress for PT0.1S (at 7): stuck calls");
  }
}
