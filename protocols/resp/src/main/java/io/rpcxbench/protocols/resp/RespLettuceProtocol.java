package io.rpcxbench.protocols.resp;

/**
 * The Redis protocol as an RPC transport with Lettuce (type 15): one pipelined connection shared by
 * all calling threads, against the same server, jar and port as {@code resp}.
 *
 * <pre>{@code
 * try (BenchClient client = new RespLettuceProtocol().open(
 *     new ClientOptions("10.0.0.2", 8094, Duration.ofSeconds(5), Duration.ofSeconds(5), 64))) {
 *   client.hello("world");   // "hello, world"
 * }
 * }</pre>
 */
public final class RespLettuceProtocol extends RespVariant {
  public RespLettuceProtocol() {
    super("resp-lettuce", "RESP (Lettuce)", 15, Library.LETTUCE, Backend.NETTY);
  }
}
