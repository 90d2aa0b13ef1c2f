package io.rpcxbench.serverkit;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection's share of an {@link InputBudget}: the capacity of the buffers its unfinished
 * request is read into. Grows and shrinks with {@link #holding}; up to {@link
 * InputBudget#GRANTED_BYTES} it is always granted. Beyond that, when the budget is spent, the share
 * whose unfinished request has waited longest (at least {@link InputBudget#EVICTABLE_AFTER}) is
 * evicted to make room, if its connection said how to close it ({@link #onEvicted}): a flood of
 * stalled requests then holds the budget for a second, not until its deadline, and an honest
 * request over the granted bytes is served meanwhile (issue 59). One thread at a time (the
 * connection's), except {@link #evict}, which any connection's thread may call.
 *
 * <pre>{@code
 * share.onEvicted(() -> channel.close());
 * if (!share.holding(newCapacity)) { throw new BadInputException(share.refusal(newCapacity)); }
 * }</pre>
 */
public final class BudgetShare {
  private final InputBudget budget;
  private final long id;
  private final AtomicLong held = new AtomicLong();
  private final AtomicBoolean evicted = new AtomicBoolean();
  private volatile Runnable closeConnection;
  private volatile long since;

  BudgetShare(InputBudget budget, long id) {
    this.budget = budget;
    this.id = id;
  }

  /**
   * How to close this connection when another one evicts its share (called on the evicting
   * connection's thread: hand it to the connection's own). Without it, the share is never evicted.
   */
  public BudgetShare onEvicted(Runnable closeConnection) {
    this.closeConnection = closeConnection;
    return this;
  }

  /**
   * Sets the bytes this connection holds now (0: none).
   *
   * @return false, holding what it held before, when the budget cannot give that many even after
   *     evicting the shares that waited longest; or when this share was evicted
   */
  public boolean holding(long bytes) {
    return holding(bytes, false);
  }

  /**
   * As {@link #holding}, but when the budget is spent the shares that waited longest are evicted
   * however briefly they waited: for a server whose every waiting request costs the budget a large
   * part of its own (Tomcat's parked request, about 118 KB), so that a flood of stalled requests
   * churns through the budget, oldest first, while an honest request, which waits moments, is
   * parked and served rather than refused until the flood is a second old (issue 59: 112-315 honest
   * calls refused at the start of each round of 1,000 stalled bodies).
   */
  public boolean holdingOverOldest(long bytes) {
    return holding(bytes, true);
  }

  private boolean holding(long bytes, boolean anyAge) {
    if (evicted.get()) {
      return false;
    }
    long before = held.get();
    long more = bytes - before;
    if (more > 0) {
      if (bytes <= InputBudget.GRANTED_BYTES) {
        budget.grant(more);
      } else if (!reserve(more, anyAge)) {
        return false;
      }
    }
    if (!held.compareAndSet(before, bytes)) { // evicted meanwhile: what it held is given back
      if (more > 0) {
        budget.release(more);
      }
      return false;
    }
    if (more < 0) {
      budget.release(-more);
    }
    waiting(bytes);
    return true;
  }

  private boolean reserve(long more, boolean anyAge) {
    while (!budget.tryReserve(more)) {
      if (!(anyAge ? budget.evictOldest(this, 0) : budget.evictOldest(this))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Evicts the share that has waited longest (not this one), when one has waited long enough: room
   * for this request while direct memory is past its high water.
   *
   * @return whether one was evicted
   */
  public boolean makeRoom() {
    return budget.evictOldest(this);
  }

  /** Registers or unregisters this share with the budget's evictable ones, by what it holds. */
  private void waiting(long bytes) {
    boolean evictable = bytes > InputBudget.GRANTED_BYTES && closeConnection != null;
    if (evictable && since == 0) {
      since = Math.max(1, System.nanoTime());
      budget.waiting(this);
    } else if (!evictable && since != 0) {
      budget.done(this);
      since = 0;
    }
  }

  /** Gives back everything held. */
  public void release() {
    holding(0);
    if (evicted.get() && since != 0) {
      budget.done(this);
    }
  }

  /**
   * Takes this share's bytes back into the budget at once and closes its connection (through {@link
   * #onEvicted}); later calls of {@link #holding} refuse.
   *
   * @return the bytes given back, 0 when it held nothing or was already evicted
   */
  long evict() {
    if (!evicted.compareAndSet(false, true)) {
      return 0;
    }
    long bytes = held.getAndSet(0);
    budget.release(bytes);
    budget.done(this);
    Runnable close = closeConnection;
    if (close != null) {
      close.run();
    }
    return bytes;
  }

  /** Whether another share evicted this one. */
  public boolean evicted() {
    return evicted.get();
  }

  /** Bytes held now. */
  public long held() {
    return held.get();
  }

  /** When its unfinished request started to hold more than the granted bytes (nanoTime). */
  long since() {
    return since;
  }

  long id() {
    return id;
  }

  /** What a refused connection is told, in the log: the request's size and the budget's. */
  public String refusal(long bytes) {
    return "its unfinished request of "
        + bytes
        + " bytes would pass the budget of "
        + budget.max()
        + " bytes for all unfinished requests (--max-buffered)";
  }
}
