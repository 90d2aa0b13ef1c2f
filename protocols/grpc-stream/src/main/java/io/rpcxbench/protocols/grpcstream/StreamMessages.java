package io.rpcxbench.protocols.grpcstream;

import com.google.protobuf.ByteString;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.protocols.grpcstream.wire.MessageCall;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of a user's message (docs/messages.md): the body of a {@link MessageCall} on
 * the shared stream, decoded as the type the kit's {@code --message} names, answered in the mode
 * asked for and encoded again. A call {@link PublishedMessage} refuses is an Error reply; the
 * stream stays open.
 */
final class StreamMessages {
  private final PublishedMessage message;

  private StreamMessages(PublishedMessage message) {
    this.message = message;
  }

  /** The service's message shape, loaded; a schema that cannot be used refuses the start. */
  static StreamMessages of(BenchService service) {
    return new StreamMessages(PublishedMessage.of(service, ServerStarter.RefusedService::new));
  }

  ByteString answer(MessageCall call) {
    return PublishedMessage.mode(call.getReplyValue())
        .answer(message.parse(call.getBody()))
        .toByteString();
  }
}
