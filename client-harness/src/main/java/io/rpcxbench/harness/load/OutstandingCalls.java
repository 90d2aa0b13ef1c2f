package io.rpcxbench.harness.load;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The calls a {@link CallLauncher} has out, one slot each, so that the harness can end a call that
 * its client never ends: a call still out its deadline plus a grace after it was sent is failed
 * with {@link NeverEnded} (an error of kind timeout), whatever the protocol. A slot costs a CAS to
 * take and one to give back; the slot a call gives back is the one its thread takes next (the
 * in-flight model starts the next call from the completion of the last), so a full set of slots is
 * not scanned per call.
 */
final class OutstandingCalls {
  /** One started call: when it was sent, and the future whose completion ends it. */
  static final class Call {
    final CompletableFuture<?> ended;
    volatile long sent;
    int slot;

    Call(CompletableFuture<?> ended, long sent) {
      this.ended = ended;
      this.sent = sent;
    }
  }

  /** A call the client did not end by its deadline plus the grace: the harness ended it. */
  static final class NeverEnded extends TimeoutException {
    private static final long serialVersionUID = 1L;

    NeverEnded(String message) {
      super(message);
    }
  }

  private static final ThreadLocal<int[]> LAST_RELEASED = ThreadLocal.withInitial(() -> new int[1]);

  private final AtomicReferenceArray<Call> slots;
  private final AtomicInteger cursor = new AtomicInteger();

  /** Room for {@code capacity} calls: the launcher never has more out. */
  OutstandingCalls(int capacity) {
    this.slots = new AtomicReferenceArray<>(capacity);
  }

  /** Takes a free slot for the call; the caller guarantees that one is free (its own bound). */
  void add(Call call) {
    int n = slots.length();
    int hint = LAST_RELEASED.get()[0];
    if (hint < n && slots.compareAndSet(hint, null, call)) {
      call.slot = hint;
      return;
    }
    while (true) {
      int i = Math.floorMod(cursor.getAndIncrement(), n);
      if (slots.compareAndSet(i, null, call)) {
        call.slot = i;
        return;
      }
    }
  }

  /** Gives the call's slot back; its thread takes it first for its next call. */
  void remove(Call call) {
    slots.compareAndSet(call.slot, call, null);
    LAST_RELEASED.get()[0] = call.slot;
  }

  /**
   * Fails every call sent more than {@code limitNanos} before {@code now} that has not ended yet,
   * with {@code why}'s message; its completion runs here, in the calling thread.
   *
   * @return how many calls this ended
   */
  int endOverdue(long now, long limitNanos, String why) {
    int ended = 0;
    for (int i = 0; i < slots.length(); i++) {
      Call call = slots.get(i);
      if (call != null
          && now - call.sent > limitNanos
          && call.ended.completeExceptionally(new NeverEnded(why))) {
        ended++;
      }
    }
    return ended;
  }
}
