package io.rpcxbench.server.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.rpcxbench.serverkit.grpc.ReplyCompression;

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

  @Override
  public <Q, R> ClientCall<Q, R> interceptCall(
      MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
    return next.newCall(method, options.withCompression(codec));
  }
}
