package io.rpcxbench.protocols.amqp;

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
 * The consumer's side of a user's message (docs/messages.md): AMQP carries opaque bodies, so the
 * message travels in its natural carrier, the message body, holding the record's protobuf bytes,
 * with the reply mode as the method ({@code type} property {@code message.echo}, {@code
 * message.ack}, {@code message.small}). The consumer decodes the body into a {@link DynamicMessage}
 * of the type the kit's {@code --message} names, answers and encodes again; without {@code
 * --message}, or with bytes that are not the type, an invalid-argument reply.
 */
final class AmqpMessages {
  static final String ECHO = "message." + "echo";
  static final String ACK = "message." + "ack";
  static final String SMALL = "message." + "small";

  private final Descriptor type;

  private AmqpMessages(Descriptor type) {
    this.type = type;
  }

  /** The service's message shape, loaded once; a schema that cannot be used refuses the start. */
  static AmqpMessages of(BenchService service) {
    try {
      return new AmqpMessages(service.messageShape().map(MessageSchema::load).orElse(null));
    } catch (ShapeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  /** The method of a message call in this reply mode. */
  static String method(MessageReply reply) {
    return "message." + reply.id();
  }

  byte[] answer(String method, byte[] body) {
    if (type == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    MessageReply mode = MessageReply.of(method.substring("message.".length()));
    try {
      return mode.answer(DynamicMessage.parseFrom(type, body)).toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new InvalidArgumentException("not a " + type.getFullName() + ": " + e.getMessage());
    }
  }
}
