package io.rpcxbench.protocols.typedjson;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.internal.PlatformDependent;
import io.rpcxbench.protocols.typedjson.TypedJsonException.Code;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection to one server, shared by every calling thread: calls are multiplexed by
 * request id. The pending calls live in a map confined to the channel's I/O thread (no locks among
 * callers): the I/O thread gives a call its id and registers it as it writes it, and removes it
 * when its reply comes. Calling threads hand calls over through one queue that the I/O thread
 * drains in batches (one buffer, one flush for all the calls that arrived meanwhile), as RPCX's
 * transport does. The reply's JSON is copied out and decoded by the calling thread. When the
 * connection is lost, every call in flight on it fails at once.
 */
final class Connection extends SimpleChannelInboundHandler<ByteBuf> {
  private static final Logger log = LoggerFactory.getLogger(Connection.class);

  /** Bytes copied into one buffer before it is written. */
  static final int BATCH_BYTES = 16 * 1024;

  private final ServerLink link;
  private final IntObjectHashMap<PendingCall> pending = new IntObjectHashMap<>();
  private final Queue<PendingCall> queue = PlatformDependent.newMpscQueue();
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private final Runnable drain = this::drain;
  private volatile Channel channel;
  private final AtomicInteger awaited = new AtomicInteger();
  private int nextId;

  Connection(ServerLink link) {
    this.link = link;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    channel = ctx.channel();
  }

  boolean isActive() {
    Channel c = channel;
    return c != null && c.isActive();
  }

  /** Calls sent on this connection whose callers are still waiting: what balancing compares. */
  int awaited() {
    return awaited.get();
  }

  /** Any thread: queues the call for the I/O thread; {@link #done} must follow. */
  void send(PendingCall call) {
    awaited.incrementAndGet();
    queue.add(call);
    if (scheduled.compareAndSet(false, true)) {
      try {
        channel.eventLoop().execute(drain);
      } catch (RejectedExecutionException closed) {
        synchronized (queue) { // the I/O thread is gone: callers drain it, one at a time
          failQueued();
        }
        scheduled.set(false);
      }
    }
  }

  /** The caller of a call it sent has its outcome. */
  void done() {
    awaited.decrementAndGet();
  }

  /** Any thread: a call that ended on the caller's side (deadline) leaves the map. */
  void abandon(PendingCall call) {
    try {
      channel
          .eventLoop()
          .execute(
              () -> {
                if (pending.get(call.id) == call) {
                  pending.remove(call.id);
                }
              });
    } catch (RejectedExecutionException closed) {
      // the I/O thread is gone, and the map with it
    }
  }

  void close() {
    Channel c = channel;
    if (c != null) {
      c.close();
    }
  }

  private void drain() {
    Channel ch = channel;
    boolean active = ch.isActive();
    ByteBuf batch = null;
    PendingCall call;
    while ((call = queue.poll()) != null) {
      byte[] json = call.json;
      call.json = null;
      if (!active) {
        call.finish(PendingCall.NOT_SENT);
        continue;
      }
      if (call.finished()) {
        continue;
      }
      int frame = Frames.LENGTH_BYTES + Frames.ID_BYTES + json.length;
      if (batch != null && batch.writableBytes() < frame) {
        ch.write(batch, ch.voidPromise());
        batch = null;
      }
      if (batch == null) {
        int size = Math.max(BATCH_BYTES, frame);
        batch = ch.alloc().ioBuffer(size, size);
      }
      call.id = nextId++;
      pending.put(call.id, call);
      batch.writeInt(Frames.ID_BYTES + json.length).writeInt(call.id).writeBytes(json);
    }
    if (batch != null) {
      ch.writeAndFlush(batch, ch.voidPromise());
    }
    scheduled.set(false);
    if (!queue.isEmpty() && scheduled.compareAndSet(false, true)) {
      ch.eventLoop().execute(drain);
    }
  }

  private void failQueued() {
    PendingCall call;
    while ((call = queue.poll()) != null) {
      call.finish(PendingCall.NOT_SENT);
    }
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
    if (frame.readableBytes() < Frames.ID_BYTES) {
      exceptionCaught(ctx, new IllegalStateException("a reply frame without a request id"));
      return;
    }
    PendingCall call = pending.remove(frame.readInt());
    if (call == null) {
      return; // its caller gave up at the deadline
    }
    byte[] json = new byte[frame.readableBytes()];
    frame.readBytes(json);
    link.replied(); // counted before the caller can see its reply
    call.finish(json);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    TypedJsonException lost = new TypedJsonException(Code.UNAVAILABLE, link.lossMessage());
    List<PendingCall> all = new ArrayList<>(pending.values());
    pending.clear();
    int failed = 0;
    for (PendingCall call : all) {
      if (call.finish(lost)) {
        failed++;
      }
    }
    failQueued();
    link.lost(this, failed);
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.debug("closing the connection to {}: {}", link.name(), cause.toString());
    ctx.close();
  }
}
