package io.rpcxbench.rpcx;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One connection's replies, gathered into pooled buffers of {@link #BATCH_BYTES} (larger only for a
 * larger frame) and written and flushed once per read batch: the server's side of the client's
 * {@link WriteQueue}. One buffer, one pipeline write and one flush for all the replies to one
 * {@code read}, instead of a buffer, a write (and its promise in the idle handler) and a queue
 * entry per reply. Replies that end outside a read (from the workers) are flushed by one task for
 * all that arrive before it runs. Event loop only.
 */
final class ReplyBatch {
  /** Bytes gathered into one buffer before it is written. */
  static final int BATCH_BYTES = 16 * 1024;

  private final ChannelHandlerContext ctx;
  private final AtomicInteger inFlight;
  private final Runnable flushTask = this::flushScheduled;
  private ByteBuf batch;
  private boolean reading;
  private boolean flushScheduled;

  /** Replies added and not yet flushed: still in flight for a graceful stop. */
  private int unflushed;

  ReplyBatch(ChannelHandlerContext ctx, AtomicInteger inFlight) {
    this.ctx = ctx;
    this.inFlight = inFlight;
  }

  /** A read batch began: replies wait for {@link #readComplete()}. */
  void reading() {
    reading = true;
  }

  /** Adds one reply frame; flushed at the end of the read, or by a task outside a read. */
  void add(byte[] frame) {
    if (batch != null && batch.writableBytes() < frame.length) {
      ctx.write(batch, ctx.voidPromise());
      batch = null;
    }
    if (batch == null) {
      int size = Math.max(BATCH_BYTES, frame.length);
      batch = ctx.alloc().ioBuffer(size, size);
    }
    batch.writeBytes(frame);
    unflushed++;
    if (!reading && !flushScheduled) {
      flushScheduled = true;
      ctx.executor().execute(flushTask);
    }
  }

  /** The read batch ended: write and flush what it answered. */
  void readComplete() {
    reading = false;
    flush();
  }

  /** The connection is gone: what was not written is dropped. */
  void discard() {
    if (batch != null) {
      batch.release();
      batch = null;
    }
    inFlight.addAndGet(-unflushed);
    unflushed = 0;
  }

  private void flushScheduled() {
    flushScheduled = false;
    if (!reading) {
      flush();
    }
  }

  private void flush() {
    if (unflushed == 0) {
      return;
    }
    if (batch != null) {
      ctx.write(batch, ctx.voidPromise());
      batch = null;
    }
    ctx.flush();
    // Only now are these calls answered for a graceful stop: their bytes are in the socket's queue.
    inFlight.addAndGet(-unflushed);
    unflushed = 0;
  }
}
