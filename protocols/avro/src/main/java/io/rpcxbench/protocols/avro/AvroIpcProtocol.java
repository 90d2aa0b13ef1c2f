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
 * Apache Avro IPC (type 10) as a harness protocol: the generated {@code BenchProtocol} over Avro's
 * Netty transport, one connection shared by all calling threads.
 *
 * <pre>{@code
 * try (BenchClient client = new AvroIpcProtocol().open(
 *     new ClientOptions("10.0.0.2", 8089, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class AvroIpcProtocol implements MessageCarrier {
  static final String ID = "avro";
  static final int PORT = 8089;
  static final String JAR = "protocols/avro/target/avro-server.jar";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "Apache Avro IPC";
  }

  @Override
  public int type() {
    return 10;
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
    AvroIpcClient ipc = AvroIpcClient.open(options);
    return new AvroMessageClient(ipc::message, ipc, type);
  }

  @Override
  public MessageCodec codec() {
    return AvroCodec.INSTANCE;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return AvroIpcClient.open(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("avro").describe("avro", "avro-ipc", "avro-ipc-netty");
  }

  /** Over Netty's {@code SslHandler} on both ends (Avro IPC's channel initializers). */
  @Override
  public boolean supportsTls() {
    return true;
  }
}
