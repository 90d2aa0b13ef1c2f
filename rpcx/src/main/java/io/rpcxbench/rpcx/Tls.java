package io.rpcxbench.rpcx;

import io.netty.channel.Channel;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.time.Duration;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * TLS of one end: Netty's {@link SslHandler} first in every pipeline, from a Netty or JDK context.
 */
final class Tls {
  private Tls() {}

  /** A JDK context as Netty's, for a server ({@code requireClientCertificate}: mTLS). */
  static SslContext server(SSLContext context, boolean requireClientCertificate) {
    return new JdkSslContext(
        context, false, requireClientCertificate ? ClientAuth.REQUIRE : ClientAuth.NONE);
  }

  /** A JDK context as Netty's, for a client. */
  static SslContext client(SSLContext context) {
    return new JdkSslContext(context, true, ClientAuth.NONE);
  }

  /** The server's handler for a new connection. */
  static void addServerHandler(SslContext context, Channel channel) {
    channel.pipeline().addFirst("tls", context.newHandler(channel.alloc()));
  }

  /**
   * The client's handler: the server's certificate must name the host called (HTTPS endpoint
   * identification); the handshake must end within the connect timeout.
   */
  static void addClientHandler(
      SslContext context,
      Channel channel,
      String host,
      int port,
      Duration handshakeTimeout,
      Consumer<SSLSession> onHandshake) {
    SslHandler handler = context.newHandler(channel.alloc(), host, port);
    SSLEngine engine = handler.engine();
    SSLParameters parameters = engine.getSSLParameters();
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    engine.setSSLParameters(parameters);
    handler.setHandshakeTimeoutMillis(Math.max(1, handshakeTimeout.toMillis()));
    if (onHandshake != null) {
      handler
          .handshakeFuture()
          .addListener(
              done -> {
                if (done.isSuccess()) {
                  onHandshake.accept(engine.getSession());
                }
              });
    }
    channel.pipeline().addFirst("tls", handler);
  }
}
