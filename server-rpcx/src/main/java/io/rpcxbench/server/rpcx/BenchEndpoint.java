package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.rpcx.NonBlocking;
import io.rpcxbench.rpcx.RpcxException;
import io.rpcxbench.rpcx.RpcxMethod;
import io.rpcxbench.rpcx.RpcxService;
import io.rpcxbench.server.rpcx.wire.ItemList;
import java.util.function.Supplier;

/**
 * The benchmark service as RPCX publishes it. Every method is pure computation, so it runs on the
 * I/O event loop ({@link NonBlocking}). A missing argument is INVALID_ARGUMENT.
 */
@RpcxService(BenchContract.SERVICE)
@NonBlocking
public final class BenchEndpoint {
  private final BenchLogic bench = new BenchLogic();

  @RpcxMethod(BenchContract.HELLO)
  public String hello(String name) {
    return checked(() -> bench.hello(name));
  }

  @RpcxMethod(BenchContract.ECHO)
  public byte[] echo(byte[] payload) {
    return checked(() -> bench.echo(payload));
  }

  @RpcxMethod(BenchContract.PUT)
  public boolean put(String key, byte[] value) {
    return checked(() -> bench.put(key, value));
  }

  @RpcxMethod(BenchContract.ITEMS)
  public ItemList items(int n) {
    return checked(() -> ItemMessages.toWire(bench.items(n)));
  }

  private static <T> T checked(Supplier<T> call) {
    try {
      return call.get();
    } catch (InvalidArgumentException e) {
      throw new RpcxException(RpcxException.Code.INVALID_ARGUMENT, e.getMessage());
    }
  }
}
