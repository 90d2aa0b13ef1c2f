package io.rpcxbench.bench.bare;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.util.internal.PlatformDependent;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * RPCX's write coalescing, in its plainest form: callers enqueue their frames (arrays); one
 * event-loop task copies everything queued into pooled buffers of {@link #BATCH_BYTES} (larger only
 * for a larger frame), writes them and flushes once. Netty's own MPSC queue (no node per call).
 */
final class BareWriteQueue {
  static final int BATCH_BYTES = 16 * 1024;

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
    ByteBuf batch = null;
    BareCall call;
    while ((call = queue.poll()) != null) {
      byte[] frame = call.frame;
      call.frame = null;
      if (!active) {
        pending.fail(call, new BareException("connection closed before send"));
        continue;
      }
      if (batch != null && batch.writableBytes() < frame.length) {
        channel.write(batch, channel.voidPromise());
        batch = null;
      }
      if (batch == null) {
        int size = Math.max(BATCH_BYTES, frame.length);
        batch = channel.alloc().ioBuffer(size, size);
      }
      batch.writeBytes(frame);
    }
    if (batch != null) {
      channel.write(batch, channel.voidPromise());
    }
    channel.flush();
    scheduled.set(false);
    if (!queue.isEmpty() && scheduled.compareAndSet(false, true)) {
      channel.eventLoop().execute(drain);
    }
  }
}
