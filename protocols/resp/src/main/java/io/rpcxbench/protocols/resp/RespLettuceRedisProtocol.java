package io.rpcxbench.protocols.resp;

/**
 * The reference point for {@code resp-lettuce} (type 17): Lettuce against the real redis-server of
 * {@code resp-redis} (same jar, arguments and port).
 *
 * <pre>{@code
 * try (BenchClient client = new RespLettuceRedisProtocol().open(
 *     new ClientOptions("10.0.0.2", 8095, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class RespLettuceRedisProtocol extends RespVariant {
  public RespLettuceRedisProtocol() {
    super(
        "resp-lettuce-redis",
        "RESP, real redis-server (Lettuce)",
        17,
        Library.LETTUCE,
        Backend.REDIS_SERVER);
  }
}
