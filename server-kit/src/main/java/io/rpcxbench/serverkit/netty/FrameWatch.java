package io.rpcxbench.serverkit.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;

/**
 * The frame deadline, budget and frame limit for a decoder the server does not own: bytes read
 * since the last decoded message are the unfinished request. {@link Inbound} sits before the
 * decoder and counts them; {@link Decoded} sits after it and ends the count with each message. A
 * read that held a whole request and the start of the next leaves the decoders holding that start:
 * once the read is decoded, what they still hold ({@link DecoderBacklog}) is the next unfinished
 * request, with a deadline from then and its share of the budget (issue 59). The budget is charged
 * the capacity the decoder's cumulation buffer has, as {@code ByteToMessageDecoder} grows it: the
 * first read buffer's capacity, then the next power of two that holds what arrived, before the
 * decoder grows it (so a refusal comes before the allocation).
 */
final class FrameWatch {
  private static final AttributeKey<Inbound> KEY = AttributeKey.valueOf("rpcxbench.frameWatch");

  private FrameWatch() {}

  /** Ends the unfinished request of a connection: its bytes were decoded, or read and dropped. */
  static void handled(Channel channel) {
    Inbound inbound = channel.attr(KEY).get();
    if (inbound != null) {
      inbound.decoded();
    }
  }

  /** Before the decoder: counts the bytes of the request being received. */
  static final class Inbound extends ChannelInboundHandlerAdapter {
    private final NettyLimits server;
    private UnfinishedRequest request;
    private DecoderBacklog backlog;
    private boolean watching;
    private boolean decodedInRead;
    private long held;
    private long capacity;

    Inbound(NettyLimits server) {
      this.server = server;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      request = server.unfinishedRequest(ctx);
      ctx.channel().attr(KEY).set(this);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof ByteBuf buf) {
        capacity =
            held == 0 ? buf.capacity() : Math.max(capacity, cumulation(held + buf.readableBytes()));
        held += buf.readableBytes();
        // reserved before the decoder grows its cumulation: a refusal comes before the allocation
        // that would fail (issue 48), not after it
        if (held > InputBudget.GRANTED_BYTES && !request.holding(Math.max(held, capacity))) {
          ReferenceCountUtil.release(msg);
          return;
        }
        int max = server.limits().maxFrameBytes();
        if (held > (long) max + ServerLimits.FREE_PARTIAL_BYTES) {
          ReferenceCountUtil.release(msg);
          server
              .warnings()
              .warn(
                  "frame",
                  "{}: closing the connection from {}: a request of over {} bytes (--max-frame)",
                  server.name(),
                  ctx.channel().remoteAddress(),
                  max);
          request.release();
          ctx.close();
          return;
        }
        if (!watching) {
          watching = true;
          backlog = DecoderBacklog.after(ctx, server.requestDecoded());
        }
        int readCapacity = buf.capacity();
        decodedInRead = false;
        ctx.fireChannelRead(msg);
        if (decodedInRead && backlog != null && ctx.channel().isActive()) {
          // the start of the next request, read behind a whole one: unfinished from now
          held = backlog.held();
          capacity = held == 0 ? 0 : Math.max(readCapacity, cumulation(held));
        }
        // Only what is still unfinished once the decoder has taken its requests out: a request
        // that arrives whole never starts a deadline timer.
        if (held > 0) {
          request.holding(Math.max(held, capacity));
        } else {
          request.holding(0);
        }
        return;
      }
      ctx.fireChannelRead(msg);
    }

    /** What a cumulation grown to hold {@code bytes} has (Netty doubles it up to 4 MiB). */
    private static long cumulation(long bytes) {
      return bytes <= 64 ? 64 : Long.highestOneBit(bytes - 1) << 1;
    }

    void decoded() {
      decodedInRead = true;
      if (backlog != null) {
        backlog.requestDecoded();
      }
      if (held > 0) {
        held = 0;
        capacity = 0;
        request.holding(0);
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      request.release();
      ctx.fireChannelInactive();
    }
  }

  /** After the decoder: a decoded message ends the request. */
  @ChannelHandler.Sharable
  static final class Decoded extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      handled(ctx.channel());
      ctx.fireChannelRead(msg);
    }
  }
}
