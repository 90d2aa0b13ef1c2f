package io.rpcxbench.rpcx;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client's "cache pool" of one connection: request id to {@link PendingCall}. Every call
 * leaves it exactly once: by its reply, its deadline, or the loss of the connection.
 */
final class PendingCalls {
  private final ConcurrentHashMap<Long, PendingCall> calls = new ConcurrentHashMap<>();

  void add(PendingCall call) {
    calls.put(call.id, call);
  }

  /** Removes and returns the call with this id, or null when it already left (e.g. timed out). */
  PendingCall remove(long id) {
    return calls.remove(id);
  }

  /** Fails one call if it is still pending. */
  void fail(PendingCall call, RpcxException cause) {
    if (calls.remove(call.id, call)) {
      call.completeExceptionally(cause);
    }
  }

  /** Fails every pending call at once, e.g. when the connection is lost. */
  void failAll(RpcxException cause) {
    for (Iterator<PendingCall> it = calls.values().iterator(); it.hasNext(); ) {
      PendingCall call = it.next();
      it.remove();
      call.completeExceptionally(cause);
    }
  }

  int size() {
    return calls.size();
  }
}
