package io.rpcxbench.protocols.resp;

import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.resource.NettyCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.time.Duration;
import java.util.Optional;

/**
 * Lettuce's own TLS from the harness's PEM files: {@code RedisURI.withSsl(true)} with full peer
 * verification (the server's certificate must name the host), {@link SslOptions} with the JDK
 * provider, the CA as trust manager and, for mTLS, the client's certificate and key. A {@link
 * NettyCustomizer} watches each connection's {@code SslHandler} for the negotiated session and the
 * last TLS failure, which Lettuce reports as a closed connection.
 */
final class LettuceTls implements NettyCustomizer {
  private final ClientTls tls;
  private volatile String session;
  private volatile String failure;

  LettuceTls(ClientTls tls) {
    this.tls = tls;
  }

  /** The URI with TLS and full verification. */
  RedisURI.Builder secured(RedisURI.Builder uri) {
    return uri.withSsl(true).withVerifyPeer(SslVerifyMode.FULL);
  }

  /** Lettuce's TLS options of the PEM files (unencrypted PKCS#8 key: no password). */
  SslOptions options(Duration handshakeTimeout) {
    SslOptions.Builder builder =
        SslOptions.builder()
            .jdkSslProvider()
            .handshakeTimeout(handshakeTimeout)
            .trustManager(tls.ca().toFile());
    if (tls.presentsCertificate()) {
      builder.keyManager(tls.cert().toFile(), tls.key().toFile(), null);
    }
    return builder.build();
  }

  @Override
  public void afterChannelInitialized(Channel channel) {
    SslHandler handler = channel.pipeline().get(SslHandler.class);
    if (handler == null) {
      return;
    }
    handler
        .handshakeFuture()
        .addListener(
            done -> {
              if (done.isSuccess()) {
                session = TlsContexts.describe(handler.engine().getSession());
                failure = null;
              } else {
                failure = TlsContexts.explain(done.cause());
              }
            });
    channel
        .pipeline()
        .addAfter(
            channel.pipeline().context(handler).name(),
            "rpcxbench-tls-failures",
            new ChannelInboundHandlerAdapter() {
              @Override
              public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                TlsContexts.handshakeFailure(cause).ifPresent(line -> failure = line);
                ctx.fireExceptionCaught(cause);
              }
            });
  }

  Optional<String> session() {
    return Optional.ofNullable(session);
  }

  String mode() {
    return tls.mode();
  }

  /**
   * Lettuce's failure with its TLS cause as one line (its own, or the last TLS failure of the
   * connection it lost), keeping a connection failure's type; else as it is.
   */
  RuntimeException explained(RuntimeException e) {
    Optional<String> line =
        TlsContexts.handshakeFailure(e)
            .or(
                () ->
                    e instanceof RedisException ? Optional.ofNullable(failure) : Optional.empty());
    if (line.isEmpty()) {
      return e;
    }
    return e instanceof RedisConnectionException
        ? new RedisConnectionException(line.get(), e)
        : new RedisException(line.get(), e);
  }
}
