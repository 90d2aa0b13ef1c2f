package io.rpcxbench.serverkit;

/**
 * One connection's share of an {@link InputBudget}: the capacity of the buffers its unfinished
 * request is read into. Grows and shrinks with {@link #holding}; up to {@link
 * InputBudget#GRANTED_BYTES} it is always granted. One thread at a time (the connection's).
 *
 * <pre>{@code
 * if (!share.holding(newCapacity)) { throw new BadInputException(share.refusal(newCapacity)); }
 * }</pre>
 */
public final class BudgetShare {
  private final InputBudget budget;
  private long held;

  BudgetShare(InputBudget budget) {
    this.budget = budget;
  }

  /**
   * Sets the bytes this connection holds now (0: none).
   *
   * @return false, holding what it held before, when the budget cannot give that many
   */
  public boolean holding(long bytes) {
    long more = bytes - held;
    if (more > 0) {
      if (bytes <= InputBudget.GRANTED_BYTES) {
        budget.grant(more);
      } else if (!budget.tryReserve(more)) {
        return false;
      }
    } else if (more < 0) {
      budget.release(-more);
    }
    held = bytes;
    return true;
  }

  /** Gives back everything held. */
  public void release() {
    holding(0);
  }

  /** Bytes held now. */
  public long held() {
    return held;
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
