package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * redis-server's command line for the reference variants: no persistence, not daemonized, the
 * server kit's limits as redis-server's own settings, and the kit's TLS as its {@code tls-port}.
 *
 * <table>
 *   <caption>The kit's limits as redis-server's settings</caption>
 *   <tr><th>kit</th><th>redis-server</th></tr>
 *   <tr><td>{@code --max-connections N}</td><td>{@code maxclients N} (0: Redis's 10000)</td></tr>
 *   <tr><td>{@code --idle-timeout D}</td><td>{@code timeout} D in whole seconds, rounded up</td></tr>
 *   <tr><td>{@code --max-frame B}</td><td>{@code client-query-buffer-limit} B, at least Redis's
 *       minimum 1 MiB</td></tr>
 *   <tr><td>{@code --max-buffered B}</td><td>{@code maxmemory-clients} B + 32 KiB per connection
 *       allowed (Redis 7: past it the clients holding the most are disconnected; 0: off)</td></tr>
 *   <tr><td>{@code --frame-deadline}</td><td>none: redis-server has no such setting</td></tr>
 * </table>
 *
 * <p>Besides: {@code proto-max-bulk-len} 1 MiB (the contract's payload, Redis's minimum) and {@code
 * maxmemory} with {@code noeviction}: past it a {@code SET} is refused ({@code -OOM}), never a key
 * evicted silently.
 */
final class RedisConfig {
  /**
   * The stored data's bound: about 1.38 million puts of 64 B keys and 512 B values (779 B each).
   */
  static final String DEFAULT_MAX_MEMORY = "1gb";

  /**
   * What one connection at rest counts in {@code maxmemory-clients}, granted on top of the budget
   * as the kit grants 8 KiB each: Redis counts a new connection's 16 KiB reply buffer and its
   * client structure (about 17 KiB in all; 2,000 idle connections passed a 32 MiB budget and Redis
   * disconnected the honest client with the rest).
   */
  static final long PER_CONNECTION_BYTES = 32 * 1024;

  /** Redis's {@code maxclients} when the kit sets no cap. */
  static final int REDIS_MAX_CLIENTS = 10_000;

  /** Redis's smallest {@code client-query-buffer-limit} and {@code proto-max-bulk-len}. */
  static final long REDIS_MIN_BUFFER = 1024 * 1024;

  private final ServerLimits limits;
  private final ServerTls tls;
  private final String maxMemory;

  /**
   * @param tls null: plaintext on {@code port}; else TLS only on it ({@code port 0}, {@code
   *     tls-port})
   * @param maxMemory redis-server's {@code maxmemory} in its own units ({@code 1gb}, {@code 0}: no
   *     bound)
   */
  RedisConfig(ServerLimits limits, ServerTls tls, String maxMemory) {
    this.limits = limits;
    this.tls = tls;
    this.maxMemory = maxMemory;
  }

  /** The kit's defaults, plaintext. */
  static RedisConfig defaults() {
    return new RedisConfig(ServerLimits.defaults(), null, DEFAULT_MAX_MEMORY);
  }

  /** The TLS versions redis-server is told to serve. */
  static final String TLS_PROTOCOLS = "TLSv1.2 TLSv1.3";

  /** With TLS, what serves it, for the start-up line: redis-server's OpenSSL, not the JDK. */
  java.util.Optional<String> tlsStack() {
    return tls == null
        ? java.util.Optional.empty()
        : java.util.Optional.of(TLS_PROTOCOLS.replace(' ', ',') + " (redis-server's OpenSSL)");
  }

  ServerTls tls() {
    return tls;
  }

  /**
   * The whole command line.
   *
   * @param dir the child's private folder: its working directory and its admin Unix socket
   */
  List<String> arguments(Path executable, String bind, int port, Path dir) {
    List<String> args = new ArrayList<>(List.of(executable.toString()));
    if (tls == null) {
      add(args, "port", String.valueOf(port));
    } else {
      add(args, "port", "0");
      add(args, "tls-port", String.valueOf(port));
      add(args, "tls-cert-file", tls.cert().toString());
      add(args, "tls-key-file", tls.key().toString());
      // OpenSSL's defaults, said explicitly; the start-up line names them (tlsStack)
      add(args, "tls-protocols", TLS_PROTOCOLS);
      if (tls.mutual()) {
        add(args, "tls-ca-cert-file", tls.clientCa().toString());
        add(args, "tls-auth-clients", "yes");
      } else {
        // no client certificate asked for: then redis-server needs no CA file either
        add(args, "tls-auth-clients", "no");
      }
    }
    add(args, "bind", bind);
    add(args, "unixsocket", dir.resolve(RedisServerChild.ADMIN_SOCKET).toString());
    add(args, "unixsocketperm", "700");
    add(args, "save", "");
    add(args, "appendonly", "no");
    add(args, "daemonize", "no");
    // the benchmark's clients come from host A: no loopback-only protection
    add(args, "protected-mode", "no");
    // a bulk string over the contract's 1 MiB is a protocol error (Redis's minimum setting)
    add(args, "proto-max-bulk-len", String.valueOf(BenchContract.MAX_PAYLOAD));
    if (limits.hasMaxConnections()) {
      add(args, "maxclients", String.valueOf(limits.maxConnections()));
    }
    add(args, "timeout", String.valueOf(timeoutSeconds()));
    add(
        args,
        "client-query-buffer-limit",
        String.valueOf(Math.max(REDIS_MIN_BUFFER, limits.maxFrameBytes())));
    add(args, "maxmemory-clients", String.valueOf(maxMemoryClients()));
    add(args, "maxmemory", maxMemory);
    add(args, "maxmemory-policy", "noeviction");
    add(args, "dir", dir.toString());
    add(args, "loglevel", "warning");
    return List.copyOf(args);
  }

  /** The kit's budget plus what every connection allowed holds at rest (0: off). */
  long maxMemoryClients() {
    if (!limits.hasMaxBuffered()) {
      return 0;
    }
    int connections = limits.hasMaxConnections() ? limits.maxConnections() : REDIS_MAX_CLIENTS;
    return limits.maxBufferedBytes() + connections * PER_CONNECTION_BYTES;
  }

  /** The idle timeout in whole seconds, rounded up (0: never). */
  long timeoutSeconds() {
    if (!limits.hasIdleTimeout()) {
      return 0;
    }
    long millis = limits.idleTimeout().toMillis();
    return Math.max(1, (millis + 999) / 1000);
  }

  private static void add(List<String> args, String name, String value) {
    args.add("--" + name);
    args.add(value);
  }
}
