package io.rpcxbench.rpcx;

import io.netty.channel.EventLoop;
import io.netty.util.collection.LongObjectHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * The client's "cache pool" of one channel: request id to {@link PendingCall}. Confined to the
 * channel's event loop (no locks, no boxing, no contention among calling threads): calls are
 * registered when the event loop writes them, and removed by their reply, by the loss of the
 * channel, or, for a call that ended on its own (deadline), by a task the caller submits.
 */
final class PendingCalls {
  private final EventLoop loop;
  private final LongObjectHashMap<PendingCall> calls = new LongObjectHashMap<>();
  private Throwable closedBy;

  PendingCalls(EventLoop loop) {
    this.loop = loop;
  }

  /** Event loop only. */
  void add(PendingCall call) {
    calls.put(call.id, call);
  }

  /** Event loop only: removes and returns the call with this id, or null. */
  PendingCall remove(long id) {
    return calls.remove(id);
  }

  /** Any thread: ends the call with an error and drops it from the map. */
  void fail(PendingCall call, RpcxException cause) {
    if (call.finish(cause)) {
      if (loop.inEventLoop()) {
        calls.remove(call.id);
      } else {
        loop.execute(() -> calls.remove(call.id));
      }
    }
  }

  /** Event loop only: the failure that is closing the channel (e.g. a TLS alert). */
  void closedBy(Throwable failure) {
    if (closedBy == null) {
      closedBy = failure;
    }
  }

  /** Event loop only: what a call that came too late to be sent fails with, and why. */
  RpcxException notSent() {
    return lost("connection closed before send");
  }

  /** Event loop only: {@code what} happened, with the failure that closed the channel, if any. */
  RpcxException lost(String what) {
    return closedBy == null
        ? new RpcxException(RpcxException.Code.UNAVAILABLE, what)
        : new RpcxException(
            RpcxException.Code.UNAVAILABLE, what + ": " + closedBy.getMessage(), closedBy);
  }

  /** Event loop only: fails every pending call at once, e.g. when the channel is lost. */
  void failAll(RpcxException cause) {
    List<PendingCall> all = new ArrayList<>(calls.values());
    calls.clear();
    for (PendingCall call : all) {
      call.finish(cause);
    }
  }

  /** Any thread: the number of registered calls, read on the event loop. */
  int size() {
    if (loop.inEventLoop()) {
      return calls.size();
    }
    try {
      return loop.submit(calls::size).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    } catch (ExecutionException | java.util.concurrent.RejectedExecutionException e) {
      return 0; // the event loop is gone: nothing can be pending on it
    }
  }
}
