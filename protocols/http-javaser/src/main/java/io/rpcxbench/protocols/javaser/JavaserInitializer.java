package io.rpcxbench.protocols.javaser;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.serverkit.netty.NettyLimits;

/**
 * HTTP/1.1 codec with bounded lines and headers, an aggregator bounded to the largest legal request
 * (413 with Connection: close past it), then the handler. One {@link BenchService} for all
 * connections.
 */
final class JavaserInitializer extends ChannelInitializer<SocketChannel> {
  private static final int MAX_INITIAL_LINE = 4096;
  private static final int MAX_HEADERS = 8192;
  private static final int MAX_CHUNK = 8192;

  private final BenchService bench;
  private final PublishedMessage messages;
  private final NettyLimits limits;

  /**
   * @param limits the server kit's limits, wrapped around the HTTP codec
   */
  JavaserInitializer(NettyLimits limits, BenchService bench) {
    this.limits = limits;
    this.bench = bench;
    this.messages = PublishedMessage.of(bench, ServerStarter.RefusedService::new);
  }

  @Override
  protected void initChannel(SocketChannel ch) {
    ch.pipeline()
        .addLast("http", new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADERS, MAX_CHUNK))
        .addLast(
            "aggregate",
            new ClosingAggregator(
                limits.limits().maxFrameBytes(WireFilters.MAX_REQUEST_BYTES), limits))
        .addLast("limits-decoded", limits.requestDecoded())
        .addLast("bench", new JavaserHandler(bench, messages));
    limits.addFirst(ch.pipeline());
  }
}
