package io.rpcxbench.serverkit.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;

/**
 * What a connection's decoders still hold of the next request once a read has been decoded (issue
 * 59: a whole request and, in the same read, the start of the next one; the count of unfinished
 * bytes ended with the whole one, and the rest sat in the decoder with no deadline and nothing
 * reserved): the bytes left in the first decoder's cumulation, plus the parts it has passed on
 * since the last whole request (the head and body chunks an HTTP or RESP aggregator collects). One
 * per connection, on its event loop.
 */
final class DecoderBacklog {
  private static final String PARTS = "limits-parts";
  private static final MethodHandle CUMULATED = handle("actualReadableBytes", int.class);
  private static final MethodHandle INBOUND = combinedInbound();

  private final ChannelHandler decoder;
  private final Parts parts;

  private DecoderBacklog(ChannelHandler decoder, Parts parts) {
    this.decoder = decoder;
    this.parts = parts;
  }

  /**
   * Watches the first inbound handler after {@code watch} (the decoder), putting a counter of the
   * parts it passes on right after it; null when none comes before {@code end}, the handler after
   * the decoders.
   */
  static DecoderBacklog after(ChannelHandlerContext watch, ChannelHandler end) {
    boolean past = false;
    for (Map.Entry<String, ChannelHandler> e : watch.pipeline()) {
      if (e.getValue() == watch.handler()) {
        past = true;
      } else if (past && e.getValue() == end) {
        return null;
      } else if (past && e.getValue() instanceof ChannelInboundHandler) {
        Parts parts = new Parts();
        watch.pipeline().addAfter(e.getKey(), PARTS, parts);
        return new DecoderBacklog(e.getValue(), parts);
      }
    }
    return null;
  }

  /** A whole request was decoded: the parts passed on so far were its own. */
  void requestDecoded() {
    parts.bytes = 0;
  }

  /** The bytes the decoders hold now of a request that is not complete. */
  long held() {
    return cumulated(decoder) + parts.bytes;
  }

  private static long cumulated(ChannelHandler handler) {
    try {
      if (handler instanceof ByteToMessageDecoder decoder) {
        return (int) CUMULATED.invokeExact(decoder);
      }
      if (handler instanceof CombinedChannelDuplexHandler<?, ?> combined && INBOUND != null) {
        return cumulated((ChannelHandler) INBOUND.invoke(combined));
      }
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read what the decoder holds", e);
    }
    return 0;
  }

  /**
   * {@code ByteToMessageDecoder.actualReadableBytes()} is protected: the kit reads it from outside,
   * as Netty's own subclasses do, because the decoders are Netty's and the protocols'.
   */
  private static MethodHandle handle(String name, Class<?> returns) {
    try {
      return MethodHandles.privateLookupIn(ByteToMessageDecoder.class, MethodHandles.lookup())
          .findVirtual(ByteToMessageDecoder.class, name, MethodType.methodType(returns));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * {@code CombinedChannelDuplexHandler.inboundHandler()} (HTTP's server codec), also protected.
   */
  private static MethodHandle combinedInbound() {
    try {
      return MethodHandles.privateLookupIn(
              CombinedChannelDuplexHandler.class, MethodHandles.lookup())
          .findVirtual(
              CombinedChannelDuplexHandler.class,
              "inboundHandler",
              MethodType.methodType(ChannelInboundHandler.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Right after the decoder: counts the bytes of the parts it passes on. */
  private static final class Parts extends ChannelInboundHandlerAdapter {
    long bytes;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof ByteBuf buf) {
        bytes += buf.readableBytes();
      } else if (msg instanceof ByteBufHolder holder) {
        bytes += Math.max(1, holder.content().readableBytes());
      } else {
        bytes++; // a head or a header: something of a request has begun
      }
      ctx.fireChannelRead(msg);
    }
  }
}
