package io.rpcxbench.serverkit;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes all of a server's connections together may hold in unfinished requests ({@code
 * --max-buffered}): without it, a few hundred connections that each send most of a large frame and
 * then stall fill the memory every other caller needs. A connection reserves what its unfinished
 * request holds beyond {@link ServerLimits#FREE_PARTIAL_BYTES}; the one whose reservation fails is
 * closed, and gives back what it held. Thread-safe.
 *
 * <pre>{@code
 * if (!budget.tryReserve(grow)) { close(); } ... budget.release(held);
 * }</pre>
 */
public final class InputBudget {
  private final long max;
  private final AtomicLong used = new AtomicLong();

  /**
   * @param max bytes; 0 for no budget
   */
  public InputBudget(long max) {
    this.max = max;
  }

  /** Reserves bytes; false (and nothing reserved) when that would pass the budget. */
  public boolean tryReserve(long bytes) {
    if (max <= 0) {
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

  /** Gives back reserved bytes. */
  public void release(long bytes) {
    if (max > 0) {
      used.addAndGet(-bytes);
    }
  }

  /** Bytes reserved now. */
  public long used() {
    return used.get();
  }

  public long max() {
    return max;
  }
}
