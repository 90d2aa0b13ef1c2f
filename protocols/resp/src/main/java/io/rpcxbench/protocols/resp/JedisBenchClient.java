package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.time.Duration;
import java.util.List;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The harness's Jedis client, as Jedis users call a server from many threads: a {@link JedisPool}
 * of blocking connections sized to the load threads, each call borrowing one for its command (so
 * each thread effectively keeps its own), custom commands through {@code sendCommand}. A broken
 * connection is dropped by the pool on its way back; the next call opens a fresh one. {@code open}
 * connects once, to name the server ({@code INFO server}) and, for a real redis-server, to load the
 * Lua scripts.
 */
final class JedisBenchClient implements BenchClient {
  private final JedisPool pool;
  private final Backend backend;
  private final String description;

  private JedisBenchClient(JedisPool pool, Backend backend, String description) {
    this.pool = pool;
    this.backend = backend;
    this.description = description;
  }

  /**
   * Builds the pool and makes the first connection.
   *
   * @throws redis.clients.jedis.exceptions.JedisConnectionException when the server is unreachable
   */
  static JedisBenchClient open(ClientOptions options, Backend backend) {
    JedisClientConfig config =
        DefaultJedisClientConfig.builder()
            .connectionTimeoutMillis(millis(options.connectTimeout()))
            .socketTimeoutMillis(millis(options.callTimeout()))
            // JedisPool speaks the server's default protocol (RESP2) and sends no HELLO; without
            // this, Jedis 8 warns on every connection that pools cannot auto-negotiate RESP3
            .autoNegotiateProtocol(false)
            .build();
    JedisPoolConfig poolConfig = new JedisPoolConfig();
    poolConfig.setMaxTotal(options.threads());
    poolConfig.setMaxIdle(options.threads());
    poolConfig.setMaxWait(options.callTimeout());
    JedisPool pool =
        new JedisPool(poolConfig, new HostAndPort(options.host(), options.port()), config);
    try {
      String server;
      try (Jedis jedis = pool.getResource()) {
        server = Replies.serverOf(jedis.info("server"));
        if (backend == Backend.REDIS_SERVER) {
          loadScripts(jedis);
        }
      }
      String description =
          "Jedis "
              + LibraryVersions.of("redis.clients", "jedis")
              + ": JedisPool of at most "
              + options.threads()
              + " blocking connections (one per calling thread, borrowed per call),"
              + " RESP2 (the server's default, no HELLO)"
              + ", connectTimeout "
              + options.connectTimeout()
              + ", soTimeout = callTimeout "
              + options.callTimeout()
              + "; server: "
              + server
              + " at "
              + options.target()
              + "; "
              + backend.wireSummary();
      return new JedisBenchClient(pool, backend, description);
    } catch (JedisConnectionException e) {
      pool.close();
      throw withReason(e);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  @Override
  public String hello(String name) {
    return Replies.text(call(backend.hello(name)));
  }

  @Override
  public byte[] echo(byte[] payload) {
    return Replies.bytes(call(backend.echo(payload)));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return Replies.ok(call(backend.put(key, value)));
  }

  @Override
  public List<Item> items(int n) {
    return Replies.items(call(backend.items(n)));
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    pool.close();
  }

  private Object call(Request request) {
    try (Jedis jedis = pool.getResource()) {
      try {
        return jedis.sendCommand(request.command(), request.args());
      } catch (JedisNoScriptException e) {
        // the server restarted and forgot the scripts: load them again, once
        loadScripts(jedis);
        return jedis.sendCommand(request.command(), request.args());
      }
    } catch (JedisConnectionException e) {
      throw withReason(e);
    }
  }

  /**
   * Jedis keeps why a connect failed (a {@code ConnectException}: refused, timed out) as a
   * suppressed exception of its "Failed to connect to HOST:PORT."; the harness, like most callers,
   * looks for it in the cause chain.
   */
  static JedisConnectionException withReason(JedisConnectionException e) {
    if (e.getCause() != null || e.getSuppressed().length == 0) {
      return e;
    }
    Throwable reason = e.getSuppressed()[0];
    return new JedisConnectionException(e.getMessage() + " " + reason.getMessage(), reason);
  }

  private static void loadScripts(Jedis jedis) {
    for (LuaScripts script : LuaScripts.values()) {
      jedis.scriptLoad(script.source());
    }
  }

  private static int millis(Duration duration) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, duration.toMillis()));
  }
}
