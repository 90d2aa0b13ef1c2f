package io.rpcxbench.tls.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.rpcxbench.tls.TlsContexts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLEngine;

/**
 * The client end of a Netty protocol over TLS: Netty's {@link SslHandler} (JDK provider) of the PEM
 * files first in each connection's pipeline, the server's certificate checked against the host
 * called; it keeps the negotiated session for the client's {@code tlsSession()} and the last TLS
 * failure of any connection as one line, for a stack that reports a lost connection without its
 * cause.
 *
 * <pre>{@code
 * NettyClientTls tls = NettyClientTls.client(ca, cert, key);   // cert, key null: no mTLS
 * // in the client's channel initializer, after its own handlers:
 * tls.addFirst(channel, host, port, connectTimeout);
 * tls.session();                                               // "TLSv1.3 TLS_AES_128_GCM_SHA256"
 * }</pre>
 */
public final class NettyClientTls {
  private final SslContext context;
  private final boolean presentsCertificate;
  private volatile String session;
  private volatile String failure;

  private NettyClientTls(SslContext context, boolean presentsCertificate) {
    this.context = context;
    this.presentsCertificate = presentsCertificate;
  }

  /**
   * A client trusting {@code ca}; presenting {@code cert} and {@code key} (mTLS) when not null.
   *
   * @throws io.rpcxbench.tls.TlsSetupException with one line when a file cannot be used
   */
  public static NettyClientTls client(Path ca, Path cert, Path key) {
    return new NettyClientTls(
        new JdkSslContext(TlsContexts.client(ca, cert, key), true, ClientAuth.NONE), cert != null);
  }

  /**
   * Puts the TLS handler at the head of the pipeline (the handshake must end within {@code
   * handshakeTimeout}) and a watcher of TLS failures right after it.
   */
  public SslHandler addFirst(Channel channel, String host, int port, Duration handshakeTimeout) {
    SslHandler handler = context.newHandler(channel.alloc(), host, port);
    SSLEngine engine = handler.engine();
    engine.setSSLParameters(TlsContexts.checkingHostName(engine.getSSLParameters()));
    handler.setHandshakeTimeoutMillis(Math.max(1, handshakeTimeout.toMillis()));
    handler
        .handshakeFuture()
        .addListener(
            done -> {
              if (done.isSuccess()) {
                session = TlsContexts.describe(engine.getSession());
                failure = null;
              } else {
                failure = TlsContexts.explain(done.cause());
              }
            });
    channel.pipeline().addFirst("tls-failures", new FailureWatch());
    channel.pipeline().addFirst("tls", handler);
    return handler;
  }

  /** What the last handshake negotiated, e.g. {@code "TLSv1.3 TLS_AES_128_GCM_SHA256"}. */
  public Optional<String> session() {
    return Optional.ofNullable(session);
  }

  /** "TLS" or "mTLS". */
  public String mode() {
    return presentsCertificate ? "mTLS" : "TLS";
  }

  /**
   * The last TLS failure of any connection as one line ({@link TlsContexts#explain}), e.g. the
   * server's refusal of a client without a certificate, which TLS 1.3 reports after the handshake.
   */
  public Optional<String> lastFailure() {
    return Optional.ofNullable(failure);
  }

  /**
   * One line for a failure: its own TLS error explained, else the last TLS failure of a connection,
   * else {@code message}.
   */
  public String failure(String message, Throwable e) {
    return TlsContexts.handshakeFailure(e).or(this::lastFailure).orElse(message);
  }

  /** Records the TLS errors that pass; the protocol's handlers see them as before. */
  private final class FailureWatch extends ChannelInboundHandlerAdapter {
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      TlsContexts.handshakeFailure(cause).ifPresent(line -> failure = line);
      ctx.fireExceptionCaught(cause);
    }
  }
}
