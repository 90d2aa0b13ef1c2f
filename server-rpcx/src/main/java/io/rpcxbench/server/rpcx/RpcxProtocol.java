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

/** The paper's RPCX (type 1) as a harness protocol. */
public final class RpcxProtocol implements MessageCarrier {
  static final String ID = "rpcx";
  static final int PORT = 8081;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "RPCX";
  }

  @Override
  public int type() {
    return 1;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("server-rpcx/target/server-rpcx.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return RpcxBenchClient.open(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("server-rpcx").describe("rpcx", "netty-transport", "protobuf-java");
  }

  /** Netty's SslHandler on both ends, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** A user's message: its protobuf bytes through MessageService (RpcxMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return RpcxMessageClient.open(options, type, Transport.NIO, true);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }
}
