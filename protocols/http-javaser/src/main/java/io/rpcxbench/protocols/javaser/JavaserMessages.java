package io.rpcxbench.protocols.javaser;

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
 * The server's side of a user's message (docs/messages.md): the protobuf bytes of a {@code
 * Wire.MessageRequest} decoded into a {@link DynamicMessage} of the type the kit's {@code
 * --message} names, answered in the mode asked for and encoded again. Without {@code --message}, or
 * with bytes that are not the type, a 400.
 */
final class JavaserMessages {
  /** The call's path: {@code POST /message}. */
  static final String PATH = "message";

  private final Descriptor type;

  private JavaserMessages(Descriptor type) {
    this.type = type;
  }

  /** The service's message shape, loaded once; a schema that cannot be used refuses the start. */
  static JavaserMessages of(BenchService service) {
    try {
      return new JavaserMessages(service.messageShape().map(MessageSchema::load).orElse(null));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

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
