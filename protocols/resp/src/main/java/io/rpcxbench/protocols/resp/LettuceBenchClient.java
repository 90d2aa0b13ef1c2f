package io.rpcxbench.protocols.resp;

import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.StatefulRedisConnectionImpl;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The harness's Lettuce client, as Lettuce is meant to be used: one connection shared by every
 * calling thread, their commands pipelined on it and the replies matched in order (multiplexed),
 * through the blocking sync API because the harness's calls are blocking. Custom commands go
 * through {@code dispatch} with {@link RespCommand} as the {@code ProtocolKeyword}. Lettuce
 * reconnects on its own after a lost connection.
 */
final class LettuceBenchClient implements BenchClient {
  private static final ByteArrayCodec CODEC = ByteArrayCodec.INSTANCE;
  private static final Duration SHUTDOWN_QUIET = Duration.ZERO;
  private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(2);

  /**
   * Lettuce's default back-off, capped at 1 s instead of 30 s: a restarted server is reconnected
   * within a second, not after a back-off grown while it was down.
   */
  private static final Delay RECONNECT_DELAY =
      Delay.exponential(Duration.ZERO, Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS);

  private final ClientResources resources;
  private final RedisClient client;
  private final StatefulRedisConnection<byte[], byte[]> connection;
  private final RedisCommands<byte[], byte[]> sync;
  private final Backend backend;
  private final String description;
  private LettuceTls tls;

  private LettuceBenchClient(
      ClientResources resources,
      RedisClient client,
      StatefulRedisConnection<byte[], byte[]> connection,
      Backend backend,
      String description) {
    this.resources = resources;
    this.client = client;
    this.connection = connection;
    this.sync = connection.sync();
    this.backend = backend;
    this.description = description;
  }

  /**
   * Connects (Lettuce connects eagerly) and names the server.
   *
   * @throws io.lettuce.core.RedisConnectionException when the server is unreachable
   */
  static LettuceBenchClient open(ClientOptions options, Backend backend) {
    LettuceTls tls = options.tlsSettings().map(LettuceTls::new).orElse(null);
    DefaultClientResources.Builder resourcesBuilder =
        DefaultClientResources.builder().reconnectDelay(RECONNECT_DELAY);
    if (tls != null) {
      resourcesBuilder.nettyCustomizer(tls);
    }
    ClientResources resources = resourcesBuilder.build();
    RedisURI.Builder uri =
        RedisURI.builder()
            .withHost(options.host())
            .withPort(options.port())
            .withTimeout(options.callTimeout());
    RedisClient client =
        RedisClient.create(resources, (tls == null ? uri : tls.secured(uri)).build());
    DisconnectedBehavior whileDisconnected = disconnectedBehavior(backend);
    io.lettuce.core.ClientOptions.Builder clientOptions =
        io.lettuce.core.ClientOptions.builder()
            .socketOptions(SocketOptions.builder().connectTimeout(options.connectTimeout()).build())
            .disconnectedBehavior(whileDisconnected);
    if (tls != null) {
      clientOptions.sslOptions(tls.options(options.connectTimeout()));
    }
    client.setOptions(clientOptions.build());
    try {
      StatefulRedisConnection<byte[], byte[]> connection = client.connect(CODEC);
      RedisCommands<byte[], byte[]> sync = connection.sync();
      String server = Replies.serverOf(sync.info("server"));
      if (backend == Backend.REDIS_SERVER) {
        loadScripts(sync);
      }
      String description =
          "Lettuce "
              + LibraryVersions.of("io.lettuce", "lettuce-core")
              + ": one connection shared by all calling threads (commands pipelined, replies in"
              + " order), sync API, protocol "
              + negotiated(connection)
              + ", timeout = callTimeout "
              + options.callTimeout()
              + ", connectTimeout "
              + options.connectTimeout()
              + ", auto-reconnect (back-off capped at 1 s), while disconnected "
              + whileDisconnected
              + "; server: "
              + server
              + " at "
              + options.target()
              + "; "
              + backend.wireSummary()
              + (tls == null ? "" : "; " + tls.mode() + " (Lettuce SslOptions, JDK provider)");
      LettuceBenchClient opened =
          new LettuceBenchClient(resources, client, connection, backend, description);
      opened.tls = tls;
      return opened;
    } catch (RuntimeException e) {
      client.shutdown(SHUTDOWN_QUIET, SHUTDOWN_WAIT);
      resources.shutdown(0, SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
      throw tls == null ? e : tls.explained(e);
    }
  }

  /**
   * Our server: calls fail at once while the connection is down (a dead server is errors, not a
   * wait of the call timeout per call). A real redis-server closes the connection on an argument
   * over {@code proto-max-bulk-len}: the calls after it wait for the reconnect (Lettuce's default).
   */
  static DisconnectedBehavior disconnectedBehavior(Backend backend) {
    return backend == Backend.NETTY
        ? DisconnectedBehavior.REJECT_COMMANDS
        : DisconnectedBehavior.DEFAULT;
  }

  @Override
  public String hello(String name) {
    return Replies.text(call(backend.hello(name), () -> new ValueOutput<>(CODEC)));
  }

  @Override
  public byte[] echo(byte[] payload) {
    return Replies.bytes(call(backend.echo(payload), () -> new ValueOutput<>(CODEC)));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return Replies.ok(call(backend.put(key, value), () -> new StatusOutput<>(CODEC)));
  }

  @Override
  public List<Item> items(int n) {
    return Replies.items(call(backend.items(n), () -> new NestedMultiOutput<>(CODEC)));
  }

  /** One custom command whose reply is a bulk string (RespMessageClient). */
  byte[] bulk(Request request) {
    return Replies.bytes(call(request, () -> new ValueOutput<>(CODEC)));
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown(SHUTDOWN_QUIET, SHUTDOWN_WAIT);
    resources.shutdown(0, SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public Optional<String> tlsSession() {
    return tls == null ? Optional.empty() : tls.session();
  }

  private <T> T call(Request request, Supplier<CommandOutput<byte[], byte[], T>> output) {
    try {
      return dispatch(request, output);
    } catch (RuntimeException e) {
      throw tls == null ? e : tls.explained(e);
    }
  }

  private <T> T dispatch(Request request, Supplier<CommandOutput<byte[], byte[], T>> output) {
    try {
      return sync.dispatch(request.command(), output.get(), args(request));
    } catch (RedisNoScriptException e) {
      // the server restarted and forgot the scripts: load them again, once
      loadScripts(sync);
      return sync.dispatch(request.command(), output.get(), args(request));
    }
  }

  private static CommandArgs<byte[], byte[]> args(Request request) {
    CommandArgs<byte[], byte[]> args = new CommandArgs<>(CODEC);
    for (byte[] arg : request.args()) {
      args.add(arg);
    }
    return args;
  }

  private static void loadScripts(RedisCommands<byte[], byte[]> sync) {
    for (LuaScripts script : LuaScripts.values()) {
      sync.scriptLoad(script.source());
    }
  }

  private static String negotiated(StatefulRedisConnection<byte[], byte[]> connection) {
    if (connection instanceof StatefulRedisConnectionImpl<?, ?> impl) {
      ProtocolVersion version = impl.getConnectionState().getNegotiatedProtocolVersion();
      if (version != null) {
        return version + " (negotiated: HELLO 3, RESP2 on NOPROTO)";
      }
    }
    return "negotiated (HELLO 3, RESP2 on NOPROTO)";
  }
}
