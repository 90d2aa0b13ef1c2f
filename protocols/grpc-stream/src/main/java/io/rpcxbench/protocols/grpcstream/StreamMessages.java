package io.rpcxbench.protocols.grpcstream;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.protocols.grpcstream.wire.MessageCall;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of a user's message (docs/messages.md): the body of a {@link MessageCall}
 * decoded into a {@link DynamicMessage} of the type the kit's {@code --message} names, answered in
 * the mode asked for and encoded again. Without {@code --message} a message call is an invalid
 * argument (an Error reply; the stream stays open).
 */
final class StreamMessages {
  private final Descriptor type;

  private StreamMessages(Descriptor type) {
    this.type = type;
  }

  /** The service's message shape, loaded; a schema that cannot be used refuses the start. */
  static StreamMessages of(BenchService service) {
    try {
      return new StreamMessages(service.messageShape().map(MessageSchema::load).orElse(null));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  ByteString answer(MessageCall call) {
    if (type == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    DynamicMessage request;
    try {
      request = DynamicMessage.parseFrom(type, call.getBody());
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidArgumentException("not a " + type.getFullName() + ": " + e.getMessage());
    }
    return mode(call.getReply()).answer(request).toByteString();
  }

  private static MessageReply mode(MessageCall.Mode mode) {
    return switch (mode) {
      case ECHO -> MessageReply.ECHO;
      case ACK -> MessageReply.ACK;
      case SMALL -> MessageReply.SMALL;
      case UNRECOGNIZED -> throw new InvalidArgumentException("unknown reply mode");
    };
  }
}
