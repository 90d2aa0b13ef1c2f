package io.rpcxbench.protocols.resp;

/**
 * The Redis protocol as an RPC transport (type 14): Jedis, a pool of blocking connections, one per
 * calling thread, against our netty-codec-redis server's {@code BENCH.*} commands (PerimeterX's
 * redcon server with a stock Redis client).
 *
 * <pre>{@code
 * try (BenchClient client = new RespProtocol().open(
 *     new ClientOptions("10.0.0.2", 8094, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class RespProtocol extends RespVariant {
  public RespProtocol() {
    super("resp", "RESP (Jedis)", 14, Library.JEDIS, Backend.NETTY);
  }
}
