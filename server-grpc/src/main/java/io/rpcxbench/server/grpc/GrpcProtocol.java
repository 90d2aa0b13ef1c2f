package io.rpcxbench.server.grpc;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/** The paper's gRPC-java (type 2), as grpc-java's examples build client and server. */
public final class GrpcProtocol implements MessageCarrier {
  static final String ID = "grpc";
  static final int PORT = 8082;
  static final ServerLaunch SERVER = ServerLaunch.jar("server-grpc/target/server-grpc.jar");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "gRPC";
  }

  @Override
  public int type() {
    return 2;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return SERVER;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return GrpcBenchClient.open(options, false);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("server-grpc")
        .describe("grpc-api", "grpc-netty-shaded", "protobuf-java");
  }

  /** grpc-java's TLS on the Netty transport on both ends, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** A user's message as DynamicMessages of the schema read at run time (GrpcMessages). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return GrpcMessageClient.open(options, type, false);
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
