package io.rpcxbench.protocols.resp;

/**
 * The reference point for {@code resp} (type 16): Jedis against a real redis-server (echo {@code
 * ECHO}, put {@code SET}, hello and items Lua scripts by {@code EVALSHA}), which the server jar
 * starts as its child with {@code --backend redis-server}.
 *
 * <pre>{@code
 * try (BenchClient client = new RespRedisProtocol().open(
 *     new ClientOptions("10.0.0.2", 8095, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class RespRedisProtocol extends RespVariant {
  public RespRedisProtocol() {
    super("resp-redis", "RESP, real redis-server (Jedis)", 16, Library.JEDIS, Backend.REDIS_SERVER);
  }
}
