package io.rpcxbench.server.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * The server answers in kind: a call whose request messages are compressed ({@code grpc-encoding},
 * e.g. gzip) gets its replies compressed with the same codec from the server's compressor registry
 * ({@link ServerCall#setCompression}); an uncompressed call is answered uncompressed, so plaintext
 * runs are unchanged.
 */
final class ReplyCompression implements ServerInterceptor {
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
        // a codec the registry does not have: the reply goes uncompressed
      }
    }
    return next.startCall(call, headers);
  }
}
