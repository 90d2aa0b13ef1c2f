package io.rpcxbench.tls.grpc;

import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2SecurityUtil;
import io.grpc.netty.shaded.io.netty.handler.ssl.ApplicationProtocolConfig;
import io.grpc.netty.shaded.io.netty.handler.ssl.ApplicationProtocolNames;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.JdkSslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SupportedCipherSuiteFilter;
import io.rpcxbench.tls.TlsContexts;
import java.nio.file.Path;

/**
 * The client context of a gRPC plug-in: grpc-java's Netty transport over the JDK's {@code
 * SSLContext} of the PEM files from {@link TlsContexts#client}, configured as {@code
 * GrpcSslContexts} configures its own (ALPN offering h2 only, HTTP/2's cipher suites, JDK
 * provider). Taking the JDK context from tls-kit is what lets a round of clients share one session
 * cache ({@link io.rpcxbench.tls.TlsSessionSharing}), as a user who builds one context for all
 * channels does; grpc-java still checks the server's host name on each connection.
 *
 * <pre>{@code
 * NettyChannelBuilder.forAddress(host, port).sslContext(GrpcClientTls.context(ca, cert, key));
 * }</pre>
 */
public final class GrpcClientTls {
  private static final ApplicationProtocolConfig H2 =
      new ApplicationProtocolConfig(
          ApplicationProtocolConfig.Protocol.ALPN,
          ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
          ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
          ApplicationProtocolNames.HTTP_2);

  private GrpcClientTls() {}

  /**
   * A client trusting {@code ca}; presenting {@code cert} and {@code key} (mTLS) when not null.
   *
   * @throws io.rpcxbench.tls.TlsSetupException with one line when a file cannot be used
   */
  public static SslContext context(Path ca, Path cert, Path key) {
    return new JdkSslContext(
        TlsContexts.client(ca, cert, key),
        true,
        Http2SecurityUtil.CIPHERS,
        SupportedCipherSuiteFilter.INSTANCE,
        H2,
        ClientAuth.NONE,
        null,
        false);
  }
}
