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
 * what it held. Thread-safe.
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

  private static final ConcurrentMap<Long, InputBudget> SHARED = new ConcurrentHashMap<>();

  private final long max;
  private final AtomicLong used = new AtomicLong();

  /**
   * A budget of its own (tests); servers use {@link #shared}.
   *
   * @param max bytes; 0 for no budget
   */
  public InputBudget(long max) {
    this.max = max;
  }

  /** The process's one budget of this size: every server started with the same limit shares it. */
  public static InputBudget shared(long max) {
    return SHARED.computeIfAbsent(max, InputBudget::new);
  }

  /** A connection's share, empty. */
  public BudgetShare share() {
    return new BudgetShare(this);
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
