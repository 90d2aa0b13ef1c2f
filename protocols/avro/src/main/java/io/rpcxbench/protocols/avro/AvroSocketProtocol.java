package io.rpcxbench.protocols.avro;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Raw socket + Avro (type 11) as a harness protocol: the generated {@code Request} and {@code
 * Reply} records in 4-byte length-prefixed frames on plain blocking sockets, one socket per calling
 * thread (the Geode "raw socket + Avro" row).
 *
 * <pre>{@code
 * try (BenchClient client = new AvroSocketProtocol().open(
 *     new ClientOptions("10.0.0.2", 8091, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class AvroSocketProtocol implements MessageCarrier {
  static final String ID = "avro-socket";
  static final int PORT = 8091;
  static final String JAR = "protocols/avro/target/avro-socket-server.jar";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "raw socket + Avro";
  }

  @Override
  public int type() {
    return 11;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar(JAR);
  }

  /**
   * A user's record in Avro's binary encoding under the schema derived from its descriptor
   * (AvroMessageClient, AvroRecords).
   */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    AvroSocketClient socket = new AvroSocketClient(options);
    return new AvroMessageClient(socket::message, socket, type);
  }

  @Override
  public MessageCodec codec() {
    return AvroCodec.INSTANCE;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new AvroSocketClient(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("avro").describe("avro");
  }

  /** Over the JDK's TLS on both ends: {@code SSLSocket} and {@code SSLServerSocket}. */
  @Override
  public boolean supportsTls() {
    return true;
  }
}
