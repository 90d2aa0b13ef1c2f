package io.rpcxbench.protocols.grpcstream;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import io.rpcxbench.tls.TlsSetupException;
import io.rpcxbench.tls.grpc.GrpcClientTls;
import javax.net.ssl.SSLSession;

/**
 * grpc-java's own TLS on the Netty transport for the bidi stream, as for unary gRPC: h2 by ALPN,
 * JDK provider (the client jar has no tcnative), from the PEM files on both ends, the client's JDK
 * context from tls-kit ({@link GrpcClientTls}); the client's session read from its stream's
 * transport attributes; a TLS failure as one line. The client's side: the server's context is
 * {@code GrpcStreamServer}'s (the server kit is not on the harness's class path).
 */
final class StreamTls {
  private StreamTls() {}

  /**
   * The client's context: trusts the CA, presents a certificate for mTLS ({@link GrpcClientTls}).
   */
  static SslContext client(ClientTls tls) {
    try {
      return GrpcClientTls.context(tls.ca(), tls.cert(), tls.key());
    } catch (TlsSetupException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The failure with a TLS error in its causes as one line, keeping its code; else as it is. */
  static StatusRuntimeException explained(StatusRuntimeException e) {
    return TlsContexts.handshakeFailure(e)
        .map(
            line ->
                new StatusRuntimeException(
                    Status.fromCode(e.getStatus().getCode()).withDescription(line).withCause(e)))
        .orElse(e);
  }

  /** Reads the negotiated session from a call's transport attributes (its first headers). */
  static final class SessionRecorder implements ClientInterceptor {
    volatile String described;

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(
        MethodDescriptor<Q, R> method, CallOptions callOptions, Channel next) {
      return new ForwardingClientCall.SimpleForwardingClientCall<>(
          next.newCall(method, callOptions)) {
        @Override
        public void start(Listener<R> listener, Metadata headers) {
          ClientCall<Q, R> call = this;
          super.start(
              new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                @Override
                public void onHeaders(Metadata replyHeaders) {
                  SSLSession s = call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION);
                  if (s != null) {
                    described = TlsContexts.describe(s);
                  }
                  super.onHeaders(replyHeaders);
                }
              },
              headers);
        }
      };
    }
  }
}
