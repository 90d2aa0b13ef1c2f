package io.rpcxbench.server.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.rpcxbench.serverkit.grpc.ReplyCompression;
import io.rpcxbench.spi.ClientOptions;

/**
 * The client's {@code --compression}: every call's {@link CallOptions#withCompression}, so
 * grpc-java compresses each request message with that codec from its compressor registry (gzip:
 * {@code Codec.Gzip}) and asks the server to answer in kind ({@link ReplyCompression}).
 */
final class CallCompression implements ClientInterceptor {
  private final String codec;

  CallCompression(String codec) {
    this.codec = codec;
  }

  /** What a client's description says of its compression: "; gzip compression (...)", or none. */
  static String described(ClientOptions options) {
    return options.compresses()
        ? "; " + options.compression() + " compression (CallOptions.withCompression)"
        : "";
  }

  @Override
  public <Q, R> ClientCall<Q, R> interceptCall(
      MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
    return next.newCall(method, options.withCompression(codec));
  }
}
