package io.rpcxbench.protocols.tcpprotobuf;

import com.google.protobuf.ByteString;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.protocols.tcpprotobuf.wire.MessageCall;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of a user's message (docs/messages.md): the body of a {@link MessageCall}
 * decoded as the type the kit's {@code --message} names, answered in the mode asked for and encoded
 * again; the shared rules (a server without {@code --message}, bytes not of the type) are {@link
 * PublishedMessage}'s.
 */
final class TcpMessages {
  private final PublishedMessage message;

  private TcpMessages(PublishedMessage message) {
    this.message = message;
  }

  /** The service's message shape, loaded; a schema that cannot be used refuses the start. */
  static TcpMessages of(BenchService service) {
    return new TcpMessages(PublishedMessage.of(service, ServerStarter.RefusedService::new));
  }

  ByteString answer(MessageCall call) {
    return PublishedMessage.mode(call.getReplyValue())
        .answer(message.parse(call.getBody()))
        .toByteString();
  }
}
