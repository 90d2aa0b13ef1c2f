package io.rpcxbench.rpcx;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.util.internal.PlatformDependent;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands calls from many calling threads to one channel with one event-loop task, one buffer and one
 * flush per batch, instead of a task, a buffer and a syscall per call: under load, calls that
 * arrive while a batch is being written ride along with it. Callers encode their frames into
 * arrays; the event loop copies a batch into pooled buffers of {@link #BATCH_BYTES} (larger only
 * for a larger frame), so pooled memory is taken and given back on the event loop alone. The event
 * loop registers each call in the channel's {@link PendingCalls} as it copies it. Without
 * coalescing ({@code RpcxClientFactory.Builder#coalesceWrites(false)}) each call gets a buffer of
 * its own, written and flushed alone: one write syscall per call.
 */
final class WriteQueue {
  /** Bytes copied into one buffer before it is written; a flush follows every 4 such buffers. */
  static final int BATCH_BYTES = 16 * 1024;

  private static final int BUFFERS_PER_FLUSH = 4;

  private final Channel channel;
  private final PendingCalls pending;
  private final Queue<PendingCall> queue = PlatformDependent.newMpscQueue();
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private final Runnable drain = this::drain;
  private final boolean coalesce;

  WriteQueue(Channel channel, PendingCalls pending, boolean coalesce) {
    this.channel = channel;
    this.pending = pending;
    this.coalesce = coalesce;
  }

  void enqueue(PendingCall call) {
    queue.add(call);
    if (scheduled.compareAndSet(false, true)) {
      channel.eventLoop().execute(drain);
    }
  }

  private void drain() {
    boolean active = channel.isActive();
    ByteBuf batch = null;
    int unflushed = 0;
    PendingCall call;
    while ((call = queue.poll()) != null) {
      byte[] frame = call.frame;
      call.frame = null;
      if (!active || call.finished()) {
        call.finish(pending.notSent());
        continue;
      }
      if (batch != null && batch.writableBytes() < frame.length) {
        channel.write(batch, channel.voidPromise());
        batch = null;
        if (++unflushed == BUFFERS_PER_FLUSH) {
          channel.flush();
          unflushed = 0;
        }
      }
      if (batch == null) {
        int size = coalesce ? Math.max(BATCH_BYTES, frame.length) : frame.length;
        batch = channel.alloc().ioBuffer(size, size);
      }
      pending.add(call);
      batch.writeBytes(frame);
      if (!coalesce) { // one write and one flush per call
        channel.writeAndFlush(batch, channel.voidPromise());
        batch = null;
      }
    }
    if (batch != null) {
      channel.write(batch, channel.voidPromise());
      unflushed++;
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
