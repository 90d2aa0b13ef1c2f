package io.rpcxbench.server.rpcx;

import io.rpcxbench.rpcx.RpcxClient;
import io.rpcxbench.rpcx.RpcxMethod;

/**
 * A user's message as RPCX clients call it (docs/messages.md): RPCX maps parameters by their Java
 * class at start-up (generated protobuf classes, scalars, {@code byte[]}), so a type known only at
 * run time travels as its protobuf bytes, one method per reply mode. {@link MessageEndpoint}
 * decodes it with the schema and encodes the reply.
 */
@RpcxClient(
    service = MessageEndpoint.SERVICE,
    host = "${rpcx.host:127.0.0.1}",
    port = "${rpcx.port:" + RpcxProtocol.PORT + "}")
public interface MessageService {
  /** The message back, decoded and re-encoded. */
  @RpcxMethod("echo")
  byte[] echo(byte[] message);

  /** {@code google.protobuf.BoolValue} true. */
  @RpcxMethod("ack")
  byte[] ack(byte[] message);

  /** {@code google.protobuf.StringValue} "accepted". */
  @RpcxMethod("small")
  byte[] small(byte[] message);
}
