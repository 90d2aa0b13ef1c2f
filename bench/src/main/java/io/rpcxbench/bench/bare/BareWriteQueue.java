package io.rpcxbench.bench.bare;

import io.netty.channel.Channel;
import io.netty.util.internal.PlatformDependent;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * RPCX's write coalescing, in its plainest form: callers enqueue their frames; one event-loop
 * task writes everything queued and flushes once. Netty's own MPSC queue (no node per call).
 */
final class BareWriteQueue {
  private static final int MAX_WRITES_PER_FLUSH = 128;

  private final Channel channel;
  private final BarePendingCalls pending;
  private final Queue<BareCall> queue = PlatformDependent.newMpscQueue();
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private final Runnable drain = this::drain;

  BareWriteQueue(Channel channel, BarePendingCalls pending) {
    this.channel = channel;
    this.pending = pending;
  }

  void enqueue(BareCall call) {
    queue.offer(call);
    if (!scheduled.get() && scheduled.compareAndSet(false, true)) {
      channel.eventLoop().execute(drain);
    }
  }

  private void drain() {
    boolean active = channel.isActive();
    int unflushed = 0;
    BareCall call;
    while ((call = queue.poll()) != null) {
      if (active) {
        channel.write(call.frame, channel.voidPromise());
        call.frame = null;
        if (++unflushed == MAX_WRITES_PER_FLUSH) {
          channel.flush();
          unflushed = 0;
        }
      } else {
        call.frame.release();
        call.frame = null;
        pending.fail(call, new BareException("connection closed before send"));
      }
    }
    if (unflushed > 0) {
      channel.flush();
    }
    scheduled.set(false);
    if (!queue.isEmpty() && scheduled.compareAndSet(false, true)) {
      channel.eventLoop().execute(drain);
    }
  }
}
