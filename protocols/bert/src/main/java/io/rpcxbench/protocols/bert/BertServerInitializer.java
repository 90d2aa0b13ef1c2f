package io.rpcxbench.protocols.bert;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.netty.NettyLimits;

/**
 * The server kit's limits first, then BERP framing (a 4-byte big-endian length, stripped) bounded
 * to the smaller of {@link Terms#MAX_FRAME} and {@code --max-frame} and failing fast on a longer
 * announcement, then the handler. One {@link BertCalls} for all connections.
 */
final class BertServerInitializer extends ChannelInitializer<SocketChannel> {
  private static final int LENGTH_BYTES = 4;

  private final BertCalls calls;
  private final NettyLimits limits;

  /**
   * @param limits the server kit's limits, shared by all connections
   * @param service what the calls do (the server kit's)
   */
  BertServerInitializer(NettyLimits limits, BenchService service) {
    this.limits = limits;
    this.calls = new BertCalls(service);
  }

  @Override
  protected void initChannel(SocketChannel ch) {
    ch.pipeline()
        .addLast("frames", frameDecoder(limits.limits().maxFrameBytes(Terms.MAX_FRAME)))
        .addLast("limits-decoded", limits.requestDecoded())
        .addLast("bert", new BertServerHandler(calls));
    limits.addFirst(ch.pipeline());
  }

  /** BERP's framing bounded to {@link Terms#MAX_FRAME}. */
  static LengthFieldBasedFrameDecoder frameDecoder() {
    return frameDecoder(Terms.MAX_FRAME);
  }

  /** BERP's framing: a 4-byte big-endian length, stripped; over {@code max} fails at the header. */
  static LengthFieldBasedFrameDecoder frameDecoder(int max) {
    return new LengthFieldBasedFrameDecoder(max, 0, LENGTH_BYTES, 0, LENGTH_BYTES, true);
  }
}
