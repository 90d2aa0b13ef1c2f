package io.rpcxbench.serverkit.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.rpcxbench.serverkit.ServerTls;

/**
 * The kit's TLS for a Netty server: Netty's {@code SslHandler} (JDK provider) first in every
 * connection's pipeline, so the kit's limits and the protocol's decoder see plaintext.
 *
 * <pre>{@code
 * SslContext tls = NettyTls.serverContext(serverTls);      // null: plaintext
 * // in the initializer, after every other handler is added:
 * NettyTls.addFirst(tls, channel);
 * }</pre>
 */
public final class NettyTls {
  private NettyTls() {}

  /** Netty's server context of the kit's TLS (mTLS: client certificates required); null: null. */
  public static SslContext serverContext(ServerTls tls) {
    if (tls == null) {
      return null;
    }
    return new JdkSslContext(
        tls.sslContext(), false, tls.mutual() ? ClientAuth.REQUIRE : ClientAuth.NONE);
  }

  /** Puts the TLS handler at the head of the channel's pipeline; nothing for a null context. */
  public static void addFirst(SslContext context, Channel channel) {
    if (context != null) {
      channel.pipeline().addFirst("tls", context.newHandler(channel.alloc()));
    }
  }

  /**
   * The server's child handler with TLS in front: {@code initializer} as it is for a null context,
   * else an initializer that adds it and then puts the TLS handler at the head of the pipeline. For
   * a server whose own initializer does not take the context.
   */
  public static ChannelHandler first(SslContext context, ChannelHandler initializer) {
    if (context == null) {
      return initializer;
    }
    return new ChannelInitializer<Channel>() {
      @Override
      protected void initChannel(Channel channel) {
        channel.pipeline().addLast(initializer);
        addFirst(context, channel);
      }
    };
  }
}
