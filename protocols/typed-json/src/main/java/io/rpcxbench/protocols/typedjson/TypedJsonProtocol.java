package io.rpcxbench.protocols.typedjson;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Typed JSON over TCP (type 20), after Infobip's in-house MML: one persistent connection per
 * server, calls multiplexed by request id, and a client that balances across servers and fails
 * over. It takes several servers: {@code --host a:8096,b:8096}.
 *
 * <pre>{@code
 * List<InetSocketAddress> servers = List.of(
 *     InetSocketAddress.createUnresolved("10.0.0.2", 8096),
 *     InetSocketAddress.createUnresolved("10.0.0.3", 8096));
 * try (BenchClient client = new TypedJsonProtocol().open(new ClientOptions(
 *     "10.0.0.2", 8096, Duration.ofSeconds(5), Duration.ofSeconds(5), 64, servers))) {
 *   client.hello("world");   // "hello, world", from one server or the other
 * }
 * }</pre>
 */
public final class TypedJsonProtocol implements MessageCarrier {
  static final String ID = "typed-json";
  static final int PORT = 8096;
  static final String JAR = "protocols/typed-json/target/typed-json-server.jar";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "typed JSON over TCP (MML-like)";
  }

  @Override
  public int type() {
    return 20;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar(JAR);
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return TypedJsonClient.open(options);
  }

  @Override
  public boolean balancesServers() {
    return true;
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("typed-json").describe("jackson-databind", "netty-handler");
  }

  /**
   * A user's message in protobuf's JSON mapping, as a plain JSON tree in a typed request
   * (TypedJsonMessageClient, RecordCodec).
   */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return TypedJsonMessageClient.open(options, type);
  }

  @Override
  public MessageCodec codec() {
    return TypedJsonCodec.INSTANCE;
  }

  /** Over Netty's {@code SslHandler} (JDK provider) on both ends. */
  @Override
  public boolean supportsTls() {
    return true;
  }
}
