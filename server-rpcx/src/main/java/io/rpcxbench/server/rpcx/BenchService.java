package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.RpcxClient;
import io.rpcxbench.rpcx.RpcxMethod;
import io.rpcxbench.server.rpcx.wire.ItemList;

/**
 * The benchmark service as RPCX clients call it. Host and port come from the {@code rpcx.host} /
 * {@code rpcx.port} properties (defaults 127.0.0.1:8081).
 *
 * <pre>{@code
 * try (RpcxClientFactory clients = RpcxClientFactory.builder().property("rpcx.host", "10.0.0.2").build()) {
 *   BenchService bench = clients.create(BenchService.class);
 *   String reply = bench.hello("world"); // "hello, world"
 * }
 * }</pre>
 */
@RpcxClient(
    service = BenchContract.SERVICE,
    host = "${rpcx.host:127.0.0.1}",
    port = "${rpcx.port:" + RpcxProtocol.PORT + "}")
public interface BenchService {

  /** Returns {@code "hello, " + name}. */
  @RpcxMethod(BenchContract.HELLO)
  String hello(String name);

  /** Returns the payload unchanged. */
  @RpcxMethod(BenchContract.ECHO)
  byte[] echo(byte[] payload);

  /** Stores the value under the key; true. */
  @RpcxMethod(BenchContract.PUT)
  boolean put(String key, byte[] value);

  /** The first n items. */
  @RpcxMethod(BenchContract.ITEMS)
  ItemList items(int n);
}
