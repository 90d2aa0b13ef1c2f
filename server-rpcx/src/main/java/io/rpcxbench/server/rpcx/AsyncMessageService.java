package io.rpcxbench.server.rpcx;

import io.rpcxbench.rpcx.RpcxClient;
import io.rpcxbench.rpcx.RpcxMethod;
import java.util.concurrent.CompletableFuture;

/** {@link MessageService} in RPCX's async form: the same methods, answered by futures. */
@RpcxClient(
    service = MessageEndpoint.SERVICE,
    host = "${rpcx.host:127.0.0.1}",
    port = "${rpcx.port:" + RpcxProtocol.PORT + "}")
interface AsyncMessageService {
  @RpcxMethod("echo")
  CompletableFuture<byte[]> echo(byte[] message);

  @RpcxMethod("ack")
  CompletableFuture<byte[]> ack(byte[] message);

  @RpcxMethod("small")
  CompletableFuture<byte[]> small(byte[] message);
}
