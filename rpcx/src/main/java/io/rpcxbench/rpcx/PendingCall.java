package io.rpcxbench.rpcx;

import io.netty.buffer.ByteBuf;
import io.rpcxbench.rpcx.wire.RpcxReply;
import java.util.concurrent.CompletableFuture;

/**
 * A call in flight: the paper's RPCXFuture. Completed by the connection's event loop when the
 * reply with its id arrives, or exceptionally on timeout or connection loss.
 */
final class PendingCall extends CompletableFuture<RpcxReply> {
  final long id;
  final ClientMethod method;
  /** The encoded request frame until it is handed to the channel. */
  ByteBuf frame;

  PendingCall(long id, ClientMethod method, ByteBuf frame) {
    this.id = id;
    this.method = method;
    this.frame = frame;
  }
}
