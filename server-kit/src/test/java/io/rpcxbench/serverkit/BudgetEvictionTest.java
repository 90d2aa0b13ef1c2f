package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 59's attack table: 2,000 connections each holding 62 KiB of an unfinished frame spent the
 * budget for 30 s (their deadline), and an honest client echoing 16 KiB was refused on every call.
 * The share that has waited longest is now evicted for a newer request that needs room.
 */
class BudgetEvictionTest {
  private static final int KIB = 1024;

  @Test
  void aStalledRequestIsEvictedForANewerOneThatNeedsRoom() {
    InputBudget budget = new InputBudget(100 * KIB, Duration.ZERO);
    AtomicInteger closed = new AtomicInteger();
    BudgetShare stalled = budget.share().onEvicted(closed::incrementAndGet);
    BudgetShare honest = budget.share().onEvicted(() -> {});
    assertThat(stalled.holding(90 * KIB)).isTrue();

    assertThat(honest.holding(20 * KIB)).isTrue();

    assertThat(stalled.evicted()).isTrue();
    assertThat(closed).hasValue(1);
    assertThat(budget.used()).isEqualTo(20 * KIB);
    assertThat(budget.evictions()).isEqualTo(1);
    assertThat(stalled.holding(91 * KIB)).as("an evicted share holds no more").isFalse();
    stalled.release();
    assertThat(budget.used()).as("given back once").isEqualTo(20 * KIB);
    honest.release();
    assertThat(budget.used()).isZero();
  }

  @Test
  void theOneWaitingLongestGoesFirst() {
    InputBudget budget = new InputBudget(100 * KIB, Duration.ZERO);
    BudgetShare older = budget.share().onEvicted(() -> {});
    BudgetShare newer = budget.share().onEvicted(() -> {});
    older.holding(40 * KIB);
    newer.holding(40 * KIB);

    assertThat(budget.share().onEvicted(() -> {}).holding(30 * KIB)).isTrue();

    assertThat(older.evicted()).isTrue();
    assertThat(newer.evicted()).isFalse();
  }

  @Test
  void aRequestYoungerThanTheAgeIsNotEvicted() {
    InputBudget budget = new InputBudget(100 * KIB, Duration.ofHours(1));
    BudgetShare holder = budget.share().onEvicted(() -> {});
    holder.holding(90 * KIB);

    assertThat(budget.share().onEvicted(() -> {}).holding(20 * KIB)).isFalse();
    assertThat(holder.evicted()).isFalse();
    assertThat(budget.used()).isEqualTo(90 * KIB);
  }

  @Test
  void holdingOverOldestEvictsTheOldestHoweverBrieflyItWaited() {
    InputBudget budget = new InputBudget(100 * KIB, Duration.ofHours(1));
    BudgetShare older = budget.share().onEvicted(() -> {});
    BudgetShare newer = budget.share().onEvicted(() -> {});
    older.holding(45 * KIB);
    newer.holding(45 * KIB);
    BudgetShare parked = budget.share().onEvicted(() -> {});

    assertThat(parked.holding(20 * KIB)).as("by age: neither waited an hour").isFalse();
    assertThat(parked.holdingOverOldest(20 * KIB)).isTrue();

    assertThat(older.evicted()).isTrue();
    assertThat(newer.evicted()).isFalse();
    assertThat(budget.used()).isEqualTo(65 * KIB);
  }

  @Test
  void aShareThatCannotBeClosedIsNeverEvictedAndGrantedBytesNeverWait() {
    InputBudget budget = new InputBudget(100 * KIB, Duration.ZERO);
    BudgetShare unclosable = budget.share();
    unclosable.holding(90 * KIB);
    BudgetShare small = budget.share().onEvicted(() -> {});
    small.holding(InputBudget.GRANTED_BYTES);

    assertThat(budget.share().onEvicted(() -> {}).holding(20 * KIB)).isFalse();
    assertThat(unclosable.evicted()).isFalse();
    assertThat(small.evicted()).as("within the granted bytes").isFalse();
  }

  @Test
  void aShareThatFinishedItsRequestLeavesTheQueue() {
    InputBudget budget = new InputBudget(100 * KIB, Duration.ZERO);
    BudgetShare finished = budget.share().onEvicted(() -> {});
    finished.holding(90 * KIB);
    finished.holding(0);
    BudgetShare stalled = budget.share().onEvicted(() -> {});
    stalled.holding(90 * KIB);

    assertThat(budget.share().onEvicted(() -> {}).holding(20 * KIB)).isTrue();
    assertThat(finished.evicted()).isFalse();
    assertThat(stalled.evicted()).isTrue();
  }
}
