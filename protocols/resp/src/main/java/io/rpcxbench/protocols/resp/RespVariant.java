package io.rpcxbench.protocols.resp;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.MessageSupport;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;
import java.util.List;

/**
 * What the four catalog entries of this folder share: one server jar (our server, or with {@code
 * --backend redis-server} a real redis-server it starts as its child), and two stock clients.
 */
abstract class RespVariant implements MessageCarrier {
  static final String JAR = "protocols/resp/target/resp-server.jar";
  static final int PORT = 8094;
  static final int REDIS_PORT = 8095;

  /** The stock client library a variant drives. */
  enum Library {
    JEDIS,
    LETTUCE
  }

  private final String id;
  private final String label;
  private final int type;
  private final Library library;
  private final Backend backend;

  RespVariant(String id, String label, int type, Library library, Backend backend) {
    this.id = id;
    this.label = label;
    this.type = type;
    this.library = library;
    this.backend = backend;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String label() {
    return label;
  }

  @Override
  public final int type() {
    return type;
  }

  @Override
  public final int defaultPort() {
    return backend == Backend.NETTY ? PORT : REDIS_PORT;
  }

  /**
   * Our server: the jar alone. The real redis-server: the same jar with {@code --backend
   * redis-server}, which starts redis-server itself; {@code external} names it for the catalog.
   */
  @Override
  public final ServerLaunch server() {
    return backend == Backend.NETTY
        ? ServerLaunch.jar(JAR)
        : new ServerLaunch(
            JAR, List.of(RespServerMain.BACKEND_OPTION, backend.optionValue()), "redis-server");
  }

  @Override
  public final BenchClient open(ClientOptions options) {
    return library == Library.JEDIS
        ? JedisBenchClient.open(options, backend)
        : LettuceBenchClient.open(options, backend);
  }

  /**
   * Our server decodes a user's message (BenchCommands.message); a real redis-server cannot: it has
   * no schema, and its {@code ECHO} would return the bytes unread, the codec paid on one side only.
   */
  @Override
  public final MessageSupport messages() {
    return backend == Backend.NETTY
        ? MessageSupport.carriedHere()
        : MessageSupport.notCarried(
            "a real redis-server has no schema: it cannot decode the message, only store or echo"
                + " its bytes unread");
  }

  /** {@code BENCH.MESSAGE} through the stock client's custom-command API (RespMessageClient). */
  @Override
  public final MessageClient openMessages(ClientOptions options, Descriptor type) {
    if (backend != Backend.NETTY) {
      throw new IllegalStateException(id + " carries no message: " + messages().reason());
    }
    if (library == Library.JEDIS) {
      JedisBenchClient jedis = JedisBenchClient.open(options, backend);
      return new RespMessageClient(jedis::bulk, jedis, jedis.describe(), type);
    }
    LettuceBenchClient lettuce = LettuceBenchClient.open(options, backend);
    return new RespMessageClient(lettuce::bulk, lettuce, lettuce.describe(), type);
  }

  @Override
  public final MessageCodec codec() {
    return MessageCodec.PROTOBUF;
  }

  /**
   * Either library's own TLS (Jedis's SSL socket, Lettuce's {@code SslOptions}) against our server
   * (Netty's SslHandler) or a real redis-server (its {@code tls-port}, OpenSSL).
   */
  @Override
  public final boolean supportsTls() {
    return true;
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public final String stack() {
    StackVersions versions = StackVersions.of("resp");
    return versions.describe(library == Library.JEDIS ? "jedis" : "lettuce-core")
        + ", server: "
        + (backend == Backend.NETTY
            ? versions.describe("netty-codec-redis")
            : "redis-server (external)");
  }
}
