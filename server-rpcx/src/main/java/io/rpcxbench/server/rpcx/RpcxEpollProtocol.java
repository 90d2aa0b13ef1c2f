package io.rpcxbench.server.rpcx;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * RPCX on Linux's native epoll transport on both ends ({@code --transport EPOLL} for the server,
 * {@link Transport#EPOLL} for the client), beside the paper's NIO {@code rpcx}. gRPC's
 * grpc-netty-shaded picks native epoll by itself where it is available, so this is the RPCX to set
 * against {@code grpc} and {@code grpc-tuned} transport for transport.
 */
public final class RpcxEpollProtocol implements MessageCarrier {
  static final String ID = "rpcx-epoll";
  static final int PORT = 8097;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "RPCX, native epoll";
  }

  @Override
  public int type() {
    return 21;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return new RpcxProtocol().server().withArgs("--transport", "EPOLL");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return RpcxBenchClient.open(options, Transport.EPOLL);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("server-rpcx")
        .describe("rpcx", "netty-transport", "netty-transport-native-epoll", "protobuf-java");
  }

  /** Netty's SslHandler on both ends, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** A user's message: its protobuf bytes through MessageService (RpcxMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return RpcxMessageClient.open(options, type, Transport.EPOLL, true);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }
}
