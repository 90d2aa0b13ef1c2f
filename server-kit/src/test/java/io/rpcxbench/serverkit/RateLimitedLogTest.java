package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class RateLimitedLogTest {
  @Test
  void oneLinePerIntervalPerKindTheRestCounted() {
    RateLimitedLog log =
        new RateLimitedLog(LoggerFactory.getLogger(RateLimitedLogTest.class), Duration.ofHours(1));
    int logged = 0;
    for (int i = 0; i < 15_000; i++) {
      if (log.warn("flood", "closing connection {}", i)) {
        logged++;
      }
    }
    assertThat(logged).isEqualTo(1);
    assertThat(log.suppressed("flood")).isEqualTo(14_999);
    assertThat(log.warn("other", "another kind")).isTrue();
  }

  @Test
  void theCapCountsAndRefuses() {
    ConnectionCap cap = new ConnectionCap("demo", 2);
    assertThat(cap.tryOpen()).isTrue();
    assertThat(cap.tryOpen()).isTrue();
    for (int i = 0; i < 100; i++) {
      assertThat(cap.tryOpen()).isFalse();
    }
    assertThat(cap.refused()).isEqualTo(100);
    cap.closed();
    assertThat(cap.tryOpen()).isTrue();
    assertThat(cap.open()).isEqualTo(2);
  }

  @Test
  void aFloodSwingingAboutTheCapLogsTwoLinesNotTwoPerSwing() {
    ConnectionCap cap = new ConnectionCap("demo", 2);
    cap.tryOpen();
    cap.tryOpen();
    for (int swing = 0; swing < 1_000; swing++) {
      assertThat(cap.tryOpen()).isFalse();
      cap.closed();
      assertThat(cap.tryOpen()).isTrue();
    }
    assertThat(cap.refused()).isEqualTo(1_000);
    assertThat(cap.lines()).isEqualTo(2);
  }

  @Test
  void theBudgetRefusesWhatWouldPassIt() {
    InputBudget budget = new InputBudget(100);
    assertThat(budget.tryReserve(60)).isTrue();
    assertThat(budget.tryReserve(60)).isFalse();
    budget.release(60);
    assertThat(budget.tryReserve(100)).isTrue();
    assertThat(budget.used()).isEqualTo(100);
  }
}
