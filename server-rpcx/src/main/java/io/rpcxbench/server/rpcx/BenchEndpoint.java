package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.NonBlocking;
import io.rpcxbench.rpcx.RpcxMethod;
import io.rpcxbench.rpcx.RpcxService;

/**
 * The benchmark service as RPCX publishes it. Both methods are pure computation, so they run on
 * the I/O event loop ({@link NonBlocking}).
 */
@RpcxService(BenchContract.SERVICE)
@NonBlocking
public final class BenchEndpoint {

  @RpcxMethod(BenchContract.HELLO)
  public String hello(String name) {
    return BenchContract.helloReply(name);
  }

  @RpcxMethod(BenchContract.ECHO)
  public byte[] echo(byte[] payload) {
    return payload;
  }
}
