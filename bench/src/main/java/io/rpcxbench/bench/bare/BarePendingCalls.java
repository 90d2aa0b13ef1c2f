package io.rpcxbench.bench.bare;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;

/** Request id to the call waiting for its reply; each call leaves exactly once. */
final class BarePendingCalls {
  private final ConcurrentHashMap<Long, BareCall> calls = new ConcurrentHashMap<>();

  void add(BareCall call) {
    calls.put(call.id, call);
  }

  /** The call with this id, removed; null when it already left (timed out). */
  BareCall remove(long id) {
    return calls.remove(id);
  }

  /** True when this call was still pending (so nobody else will complete it). */
  boolean removeIfPending(BareCall call) {
    return calls.remove(call.id, call);
  }

  void fail(BareCall call, BareException cause) {
    if (calls.remove(call.id, call)) {
      call.complete(cause);
    }
  }

  void failAll(BareException cause) {
    for (Iterator<BareCall> it = calls.values().iterator(); it.hasNext(); ) {
      BareCall call = it.next();
      it.remove();
      call.complete(cause);
    }
  }
}
