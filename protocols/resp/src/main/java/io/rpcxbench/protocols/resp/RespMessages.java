package io.rpcxbench.protocols.resp;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The server's side of a user's message (docs/messages.md): RESP has no schema of its own, so the
 * message travels in its natural carrier, a bulk string, holding the record's protobuf bytes; the
 * server decodes them into a {@link DynamicMessage} of the type the kit's {@code --message} names,
 * answers in the mode asked for and encodes again. Without {@code --message}, or with bytes that
 * are not the type, the reply is {@code -ERR}.
 */
final class RespMessages {
  private final Descriptor type;

  private RespMessages(Descriptor type) {
    this.type = type;
  }

  /** The service's message shape, loaded; a schema that cannot be used refuses the start. */
  static RespMessages of(BenchService service) {
    try {
      return new RespMessages(service.messageShape().map(MessageSchema::load).orElse(null));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  /** The answer's bytes for a record's bytes in the reply mode named {@code reply}. */
  byte[] answer(String reply, byte[] body) {
    if (type == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    if (reply == null || body == null) {
      throw new InvalidArgumentException("message: a reply mode and a body are required");
    }
    MessageReply mode;
    try {
      mode = MessageReply.of(reply);
    } catch (ShapeException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
    try {
      return mode.answer(DynamicMessage.parseFrom(type, body)).toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidArgumentException("not a " + type.getFullName() + ": " + e.getMessage());
    }
  }
}
