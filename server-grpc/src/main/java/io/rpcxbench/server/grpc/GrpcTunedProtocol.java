package io.rpcxbench.server.grpc;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;

/**
 * gRPC at its documented best for handlers that never block: {@code directExecutor()} on the
 * channel and on the server (a server of its own, on its own port). Beside {@code grpc}, so every
 * comparison shows gRPC's default and its tuning.
 */
public final class GrpcTunedProtocol implements MessageCarrier {
  @Override
  public String id() {
    return "grpc-tuned";
  }

  @Override
  public String label() {
    return "gRPC, direct executor";
  }

  @Override
  public int type() {
    return 4;
  }

  @Override
  public int defaultPort() {
    return 8084;
  }

  @Override
  public ServerLaunch server() {
    return GrpcProtocol.SERVER.withArgs("--direct-executor");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return GrpcBenchClient.open(options, true);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return new GrpcProtocol().stack();
  }

  /** grpc-java's TLS on the Netty transport on both ends, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** A user's message as DynamicMessages of the schema read at run time (GrpcMessages). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return GrpcMessageClient.open(options, type, true);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }

  /** grpc-java's gzip codec: requests compressed by the client, replies in kind by the server. */
  @Override
  public java.util.List<String> compressions() {
    return java.util.List.of("gzip");
  }
}
