package io.rpcxbench.rpcx;

import io.netty.channel.Channel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.internal.PlatformDependent;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands calls from many calling threads to one channel with one event-loop task and one flush
 * per batch, instead of a task and a syscall per call: under load, calls that arrive while a
 * batch is being written ride along with it. The event loop registers each call in the
 * channel's {@link PendingCalls} as it writes it.
 */
final class WriteQueue {
  private static final int MAX_WRITES_PER_FLUSH = 128;

  private final Channel channel;
  private final PendingCalls pending;
  private final Queue<PendingCall> queue = PlatformDependent.newMpscQueue();
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private final Runnable drain = this::drain;

  WriteQueue(Channel channel, PendingCalls pending) {
    this.channel = channel;
    this.pending = pending;
  }

  void enqueue(PendingCall call) {
    queue.add(call);
    if (scheduled.compareAndSet(false, true)) {
      channel.eventLoop().execute(drain);
    }
  }

  private void drain() {
    boolean active = channel.isActive();
    int unflushed = 0;
    PendingCall call;
    while ((call = queue.poll()) != null) {
      if (active && !call.finished()) {
        pending.add(call);
        channel.write(call.frame, channel.voidPromise());
        call.frame = null;
        if (++unflushed == MAX_WRITES_PER_FLUSH) {
          channel.flush();
          unflushed = 0;
        }
      } else {
        ReferenceCountUtil.release(call.frame);
        call.frame = null;
        call.finish(
            new RpcxException(RpcxException.Code.UNAVAILABLE, "connection closed before send"));
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
