package io.rpcxbench.serverkit.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * A gRPC server answers in kind: a call or stream whose request messages are compressed ({@code
 * grpc-encoding}, e.g. gzip, decompressed by grpc-java's default registry) gets its replies
 * compressed with the same codec from the server's compressor registry ({@link
 * ServerCall#setCompression}); an uncompressed one is answered uncompressed, so plaintext runs are
 * unchanged.
 *
 * <pre>{@code
 * NettyServerBuilder.forPort(0).addService(ServerInterceptors.intercept(service, new ReplyCompression()));
 * }</pre>
 */
public final class ReplyCompression implements ServerInterceptor {
  private static final Metadata.Key<String> ENCODING =
      Metadata.Key.of("grpc-encoding", Metadata.ASCII_STRING_MARSHALLER);

  @Override
  public <Q, R> ServerCall.Listener<Q> interceptCall(
      ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
    String encoding = headers.get(ENCODING);
    if (encoding != null && !"identity".equals(encoding)) {
      try {
        call.setCompression(encoding);
      } catch (IllegalArgumentException unknown) {
        // a codec the registry does not have: the replies go uncompressed
      }
    }
    return next.startCall(call, headers);
  }
}
