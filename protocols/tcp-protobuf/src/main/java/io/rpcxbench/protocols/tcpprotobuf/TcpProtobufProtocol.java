package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Raw TCP + Protobuf (type 8) as a harness protocol: varint-delimited Protobuf messages on plain
 * blocking sockets, one socket per calling thread. The floor for binary RPC (the Geode "raw socket
 * + Protobuf" row).
 *
 * <pre>{@code
 * try (BenchClient client = new TcpProtobufProtocol().open(
 *     new ClientOptions("10.0.0.2", 8087, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class TcpProtobufProtocol implements MessageCarrier {
  static final String ID = "tcp-protobuf";
  static final int PORT = 8087;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "raw TCP + Protobuf";
  }

  @Override
  public int type() {
    return 8;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("protocols/tcp-protobuf/target/tcp-protobuf-server.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new TcpProtobufClient(options);
  }

  /** Over the JDK's TLS on both ends: {@code SSLSocket} and {@code SSLServerSocket}. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("tcp-protobuf").describe("protobuf-java");
  }

  /** A user's message: its protobuf bytes in a MessageCall (TcpProtobufMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return new TcpProtobufMessageClient(options, type);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }
}
