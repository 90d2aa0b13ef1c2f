package io.rpcxbench.serverkit.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import javax.net.ssl.SSLEngine;

/**
 * The kit's TLS for a Netty server: Netty's {@code SslHandler} (JDK provider) first in every
 * connection's pipeline, so the kit's limits and the protocol's decoder see plaintext.
 *
 * <pre>{@code
 * SslContext tls = NettyTls.serverContext(serverTls, limits); // null: plaintext
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

  /**
   * As {@link #serverContext(ServerTls)}, every handler it makes closing a connection whose
   * handshake is not done within the kit's {@code --handshake-deadline} (Netty's {@code SslHandler}
   * handshake timeout; 0: none).
   */
  public static SslContext serverContext(ServerTls tls, ServerLimits limits) {
    SslContext context = serverContext(tls);
    if (context == null) {
      return null;
    }
    long millis =
        limits.hasHandshakeDeadline() ? Math.max(1, limits.handshakeDeadline().toMillis()) : 0;
    return new DelegatingSslContext(context) {
      @Override
      protected void initEngine(SSLEngine engine) {
        // the JDK context's engine as it is
      }

      @Override
      protected void initHandler(SslHandler handler) {
        handler.setHandshakeTimeoutMillis(millis);
      }
    };
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
