package io.rpcxbench.server.grpc;

import io.grpc.ServerServiceDefinition;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's message service for the kit's {@code --message FILE.proto:Name} ({@link
 * GrpcMessages}); apart from it because the harness's jar, which holds the client, has no server
 * kit.
 */
final class GrpcMessageService {
  private GrpcMessageService() {}

  /** The service; a schema that cannot be used refuses the start (bad usage, one line). */
  static ServerServiceDefinition of(String shape) {
    try {
      return GrpcMessages.service(MessageSchema.load(shape));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }
}
