package io.rpcxbench.protocols.bert;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.rpcxbench.api.BenchLogic;

/**
 * BERP framing (a 4-byte big-endian length, stripped) bounded to {@link Terms#MAX_FRAME} and
 * failing fast on a longer announcement, then the handler. One {@link BertCalls} for all
 * connections.
 */
final class BertServerInitializer extends ChannelInitializer<SocketChannel> {
  private static final int LENGTH_BYTES = 4;

  private final BertCalls calls = new BertCalls(new BenchLogic());

  @Override
  protected void initChannel(SocketChannel ch) {
    ch.pipeline().addLast("frames", frameDecoder()).addLast("bert", new BertServerHandler(calls));
  }

  /** BERP's framing: a 4-byte big-endian length, stripped; over the bound fails at the header. */
  static LengthFieldBasedFrameDecoder frameDecoder() {
    return new LengthFieldBasedFrameDecoder(
        Terms.MAX_FRAME, 0, LENGTH_BYTES, 0, LENGTH_BYTES, true);
  }
}
