package io.rpcxbench.serverkit;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes all of a process's connections together may hold in unfinished requests ({@code
 * --max-buffered}): without it, a few hundred connections that each send most of a large frame and
 * then stall fill the memory every other caller needs. What is counted is the capacity of the
 * buffers a request is read into, not the bytes that arrived. One budget per process and size
 * ({@link #shared}), so that every server of a process draws on the same one. A connection holds
 * its share through a {@link BudgetShare}; the one whose share cannot grow is closed and gives back
 * what it held, unless the share that has waited longest can be evicted for it ({@link
 * BudgetShare}). Thread-safe.
 *
 * <pre>{@code
 * BudgetShare share = InputBudget.shared(limits.maxBufferedBytes()).share();
 * if (!share.holding(capacity)) { close(); } ... share.release();
 * }</pre>
 */
public final class InputBudget {
  /**
   * A connection's share is granted up to this many bytes even when the budget is spent (and
   * counted, so that larger requests see it): an honest small request is never refused because
   * others hold the budget. The memory this leaves outside the budget is at most connections x this
   * (32 MiB at the default 4,096 connections).
   */
  public static final int GRANTED_BYTES = 8 * 1024;

  /**
   * A share whose unfinished request has held more than the granted bytes this long may be evicted
   * for another's: an honest request arrives in milliseconds, a stalled one waits for seconds.
   */
  public static final java.time.Duration EVICTABLE_AFTER = java.time.Duration.ofSeconds(1);

  private static final ConcurrentMap<Long, InputBudget> SHARED = new ConcurrentHashMap<>();

  private final long max;
  private final long evictableAfterNanos;
  private final AtomicLong used = new AtomicLong();
  private final AtomicLong shares = new AtomicLong();
  private final AtomicLong evictions = new AtomicLong();

  /** The evictable shares, the one waiting longest first. */
  private final java.util.concurrent.ConcurrentSkipListSet<BudgetShare> waiting =
      new java.util.concurrent.ConcurrentSkipListSet<>(
          java.util.Comparator.comparingLong(BudgetShare::since)
              .thenComparingLong(BudgetShare::id));

  /**
   * A budget of its own (tests); servers use {@link #shared}.
   *
   * @param max bytes; 0 for no budget
   */
  public InputBudget(long max) {
    this(max, EVICTABLE_AFTER);
  }

  /**
   * A budget of its own whose shares may be evicted after {@code evictableAfter} (tests).
   *
   * @param max bytes; 0 for no budget
   */
  public InputBudget(long max, java.time.Duration evictableAfter) {
    this.max = max;
    this.evictableAfterNanos = evictableAfter.toNanos();
  }

  /** The process's one budget of this size: every server started with the same limit shares it. */
  public static InputBudget shared(long max) {
    return SHARED.computeIfAbsent(max, InputBudget::new);
  }

  /** A connection's share, empty. */
  public BudgetShare share() {
    return new BudgetShare(this, shares.incrementAndGet());
  }

  void waiting(BudgetShare share) {
    waiting.add(share);
  }

  void done(BudgetShare share) {
    waiting.remove(share);
  }

  /**
   * Evicts the share that has waited longest, if it waited at least {@link #EVICTABLE_AFTER} (or
   * this budget's own age) and is not {@code asking}'s.
   *
   * @return whether one was evicted (its bytes are back in the budget)
   */
  boolean evictOldest(BudgetShare asking) {
    return evictOldest(asking, evictableAfterNanos);
  }

  /**
   * Evicts the share that has waited longest, if it waited at least {@code minWaitNanos} and is not
   * {@code asking}'s.
   */
  boolean evictOldest(BudgetShare asking, long minWaitNanos) {
    long now = System.nanoTime();
    for (BudgetShare oldest : waiting) {
      if (now - oldest.since() < minWaitNanos) {
        return false;
      }
      if (oldest != asking && oldest.evict() > 0) {
        evictions.incrementAndGet();
        return true;
      }
    }
    return false;
  }

  /** Shares evicted for others since the start. */
  public long evictions() {
    return evictions.get();
  }

  /** Reserves bytes; false (and nothing reserved) when that would pass the budget. */
  public boolean tryReserve(long bytes) {
    if (max <= 0) {
      used.addAndGet(bytes);
      return true;
    }
    long now;
    do {
      now = used.get();
      if (now + bytes > max) {
        return false;
      }
    } while (!used.compareAndSet(now, now + bytes));
    return true;
  }

  /**
   * Reserves bytes whether or not they fit (a share within {@link #GRANTED_BYTES}, a gRPC
   * connection's first queued reply).
   */
  public void grant(long bytes) {
    used.addAndGet(bytes);
  }

  /** Gives back reserved bytes. */
  public void release(long bytes) {
    used.addAndGet(-bytes);
  }

  /** Bytes reserved now. */
  public long used() {
    return used.get();
  }

  public long max() {
    return max;
  }
}
