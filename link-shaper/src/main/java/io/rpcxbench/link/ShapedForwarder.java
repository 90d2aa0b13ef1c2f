package io.rpcxbench.link;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.SocketChannel;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Carries what one side sends to the other over a {@link Link}: each chunk waits in a queue until
 * its arrival time and is written to the peer in the order it was read (TCP's bytes keep their
 * order). Reading stops while more than the link's hold limit waits, so the sender feels the rate.
 * A sender's half-close reaches the peer as a half-close once its bytes have arrived, so a client
 * may shut its output and still read every reply. Both channels share one event loop, so nothing
 * here is shared between threads.
 */
final class ShapedForwarder extends ChannelInboundHandlerAdapter {
  private record Chunk(long arrivalNanos, ByteBuf bytes) {}

  private final Link link;
  private final Channel peer;
  private final ArrayDeque<Chunk> waiting = new ArrayDeque<>();
  private long lastArrivalNanos;
  private long heldBytes;
  private boolean drainScheduled;
  private boolean senderDone;
  private boolean senderGone;
  private ChannelHandlerContext ctx;

  ShapedForwarder(Link link, Channel peer) {
    this.link = link;
    this.peer = peer;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf bytes = (ByteBuf) msg;
    int slice = link.sliceBytes();
    try {
      while (bytes.isReadable()) {
        enqueue(bytes.readRetainedSlice(Math.min(slice, bytes.readableBytes())));
      }
    } finally {
      bytes.release();
    }
    if (heldBytes > link.holdLimitBytes()) {
      ctx.channel().config().setAutoRead(false);
    }
    scheduleDrain();
  }

  private void enqueue(ByteBuf chunk) {
    long arrival =
        Math.max(link.arrival(System.nanoTime(), chunk.readableBytes()), lastArrivalNanos);
    lastArrivalNanos = arrival;
    heldBytes += chunk.readableBytes();
    waiting.add(new Chunk(arrival, chunk));
  }

  /** Writes every chunk that has arrived, then waits for the next one's arrival. */
  private void drain() {
    drainScheduled = false;
    long now = System.nanoTime();
    boolean wrote = false;
    while (!waiting.isEmpty() && waiting.peek().arrivalNanos() <= now) {
      Chunk c = waiting.poll();
      int size = c.bytes().readableBytes();
      peer.write(c.bytes()).addListener(f -> released(size));
      wrote = true;
    }
    if (wrote) {
      peer.flush();
    }
    if (!waiting.isEmpty()) {
      scheduleDrain();
    } else if (senderDone) {
      finishSending();
    }
  }

  /** Everything the sender sent has arrived: pass its end on, as a half-close or a close. */
  private void finishSending() {
    if (!senderGone && peer instanceof SocketChannel p && p.isActive()) {
      p.shutdownOutput().addListener(f -> closeWhenBothDone());
    } else {
      peer.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /** Both directions half-closed: the connection is over on both sides. */
  private void closeWhenBothDone() {
    if (ctx.channel() instanceof SocketChannel me && (me.isOutputShutdown() || !me.isActive())) {
      me.close();
      peer.close();
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof ChannelInputShutdownEvent) {
      ended(false);
    }
    ctx.fireUserEventTriggered(evt);
  }

  private void ended(boolean gone) {
    if (senderDone) {
      return;
    }
    senderDone = true;
    senderGone = gone;
    if (waiting.isEmpty()) {
      finishSending();
    }
  }

  private void scheduleDrain() {
    if (drainScheduled || waiting.isEmpty()) {
      return;
    }
    drainScheduled = true;
    long wait = waiting.peek().arrivalNanos() - System.nanoTime();
    if (wait <= 0) {
      peer.eventLoop().execute(this::drain);
    } else {
      peer.eventLoop().schedule(this::drain, wait, TimeUnit.NANOSECONDS);
    }
  }

  private void released(int size) {
    heldBytes -= size;
    if (heldBytes <= link.holdLimitBytes() / 2
        && !ctx.channel().config().isAutoRead()
        && ctx.channel().isActive()) {
      ctx.channel().config().setAutoRead(true);
    }
  }

  /** The sender's connection ended: the peer's ends once everything sent before has arrived. */
  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    ended(true);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    // the peer is gone too when this runs late: what still waits is never delivered
    if (!peer.isActive()) {
      waiting.forEach(c -> c.bytes().release());
      waiting.clear();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // a reset or a broken pipe ends the connection, as through a real link
  }
}
