package io.rpcxbench.protocols.grpcstream;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.serverkit.grpc.ReplyCompression;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * gRPC bidi stream (type 5) as a harness protocol: one bidirectional gRPC stream per connection,
 * used as request/response (PerimeterX's {@code grpc_stream}, the Geode "gRPC streaming" row).
 *
 * <pre>{@code
 * try (BenchClient client = new GrpcStreamProtocol().open(
 *     new ClientOptions("10.0.0.2", 8085, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class GrpcStreamProtocol implements MessageCarrier {
  static final String ID = "grpc-stream";
  static final int PORT = 8085;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "gRPC bidi stream";
  }

  @Override
  public int type() {
    return 5;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("protocols/grpc-stream/target/grpc-stream-server.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return GrpcStreamClient.open(options);
  }

  /** A user's message as a MessageCall on the same shared stream (GrpcStreamMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return new GrpcStreamMessageClient(GrpcStreamClient.open(options), type);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("grpc-stream")
        .describe("grpc-api", "grpc-netty-shaded", "protobuf-java");
  }

  /** Over grpc-java's TLS on the Netty transport on both ends, as unary gRPC. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /**
   * grpc-java's gzip codec on the stream: every request message compressed by the client ({@code
   * CallOptions.withCompression}), the replies in kind by the server ({@link ReplyCompression}).
   */
  @Override
  public java.util.List<String> compressions() {
    return java.util.List.of("gzip");
  }
}
