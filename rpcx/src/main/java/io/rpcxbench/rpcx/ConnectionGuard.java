package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;

/**
 * What guards a server's connections beyond its frame limit: an application's idle timeout,
 * connection cap, deadline and budget for unfinished frames. The server asks it once for the
 * listening channel and once for each connection; without one ({@link #backpressure()}, the
 * default) a connection is only not read while its replies are unsent.
 *
 * <pre>{@code
 * RpcxServer.builder()
 *     .guard(new ConnectionGuard() {
 *       public void connection(ChannelPipeline pipeline) {
 *         pipeline.addFirst("idle", new MyIdleCloser(Duration.ofMinutes(5)));
 *       }
 *     })
 *     .publish(new BenchEndpoint()).build().start();
 * }</pre>
 */
public interface ConnectionGuard {
  /** A frame nobody watches: its bytes are never refused. */
  UnfinishedFrame UNWATCHED =
      new UnfinishedFrame() {
        @Override
        public boolean holding(long bytes) {
          return true;
        }

        @Override
        public void release() {}
      };

  /** The default: no reading while a connection's replies are over Netty's high water mark. */
  static ConnectionGuard backpressure() {
    return pipeline -> pipeline.addFirst("backpressure", ReadBackpressure.INSTANCE);
  }

  /**
   * For the listening channel's pipeline, where every accepted connection passes as a message (e.g.
   * a cap that closes connections past it); null for none.
   */
  default ChannelHandler acceptor() {
    return null;
  }

  /** Adds this guard's handlers to a new connection's pipeline, after the server's own. */
  void connection(ChannelPipeline pipeline);

  /** A new connection's unfinished request frame, told after each decode what it holds. */
  default UnfinishedFrame unfinishedFrame(ChannelHandlerContext ctx) {
    return UNWATCHED;
  }

  /** One line for the server's start-up log. */
  default String describe() {
    return "read backpressure";
  }

  /** One connection's request frame that has begun to arrive and is not complete. */
  interface UnfinishedFrame {
    /**
     * The bytes held now for an unfinished frame (0: none), after each decode.
     *
     * @return false when this closed the connection
     */
    boolean holding(long bytes);

    /** The connection ended: gives back what it held. */
    void release();
  }
}
