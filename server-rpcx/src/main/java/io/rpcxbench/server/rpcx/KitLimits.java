package io.rpcxbench.server.rpcx;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.rpcxbench.rpcx.ConnectionGuard;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.UnfinishedRequest;

/**
 * The server kit's limits ({@code --idle-timeout}, {@code --frame-deadline}, {@code
 * --max-connections}, {@code --max-buffered}) as RPCX's {@link ConnectionGuard}: the benchmark
 * adapts to the framework, which knows nothing of the kit.
 */
final class KitLimits implements ConnectionGuard {
  private final NettyLimits limits;

  KitLimits(ServerLimits limits) {
    this.limits = new NettyLimits("rpcx", limits);
  }

  @Override
  public ChannelHandler acceptor() {
    return limits.connectionCap();
  }

  @Override
  public void connection(ChannelPipeline pipeline) {
    limits.addIdleAndBackpressure(pipeline);
  }

  @Override
  public UnfinishedFrame unfinishedFrame(ChannelHandlerContext ctx) {
    UnfinishedRequest request = limits.unfinishedRequest(ctx);
    return new UnfinishedFrame() {
      @Override
      public boolean holding(long bytes) {
        return request.holding(bytes);
      }

      @Override
      public void release() {
        request.release();
      }
    };
  }

  @Override
  public String describe() {
    return limits.limits().describe();
  }
}
