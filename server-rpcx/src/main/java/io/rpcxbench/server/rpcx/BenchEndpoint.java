package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.rpcx.NonBlocking;
import io.rpcxbench.rpcx.RpcxException;
import io.rpcxbench.rpcx.RpcxMethod;
import io.rpcxbench.rpcx.RpcxService;
import io.rpcxbench.server.rpcx.wire.ItemList;
import java.util.function.Supplier;

/**
 * The benchmark service as RPCX publishes it. Plain logic is pure computation, so it runs on the
 * I/O event loop ({@link NonBlocking}); a service that blocks (work, a chain gateway) is published
 * as {@link OnWorkers}, whose calls RPCX runs on its worker threads. A missing argument is
 * INVALID_ARGUMENT, a failed downstream service UNAVAILABLE.
 */
@RpcxService(BenchContract.SERVICE)
@NonBlocking
public class BenchEndpoint {
  private final BenchService bench;

  /** Plain {@link BenchLogic}. */
  public BenchEndpoint() {
    this(new BenchLogic());
  }

  BenchEndpoint(BenchService bench) {
    this.bench = bench;
  }

  /** The endpoint for this service: on the event loop unless it {@link BenchService#blocks()}. */
  static BenchEndpoint of(BenchService service) {
    return service.blocks() ? new OnWorkers(service) : new BenchEndpoint(service);
  }

  /** The same calls without {@link NonBlocking}, which is not inherited: run on worker threads. */
  @RpcxService(BenchContract.SERVICE)
  static final class OnWorkers extends BenchEndpoint {
    OnWorkers(BenchService bench) {
      super(bench);
    }
  }

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
    } catch (UnavailableException e) {
      throw new RpcxException(RpcxException.Code.UNAVAILABLE, e.getMessage());
    }
  }
}
