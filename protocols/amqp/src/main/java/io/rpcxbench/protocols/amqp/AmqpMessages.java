package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * The consumer's side of a user's message (docs/messages.md): AMQP carries opaque bodies, so the
 * message travels in its natural carrier, the message body, holding the record's protobuf bytes,
 * with the reply mode as the method ({@code type} property {@code message.echo}, {@code
 * message.ack}, {@code message.small}). The consumer decodes the body as the type the kit's {@code
 * --message} names, answers and encodes again; a call {@link PublishedMessage} refuses is an
 * invalid-argument reply.
 */
final class AmqpMessages {
  static final String ECHO = "message." + "echo";
  static final String ACK = "message." + "ack";
  static final String SMALL = "message." + "small";

  private final PublishedMessage message;

  private AmqpMessages(PublishedMessage message) {
    this.message = message;
  }

  /** The service's message shape, loaded once; a schema that cannot be used refuses the start. */
  static AmqpMessages of(BenchService service) {
    return new AmqpMessages(PublishedMessage.of(service, ServerStarter.RefusedService::new));
  }

  /** The method of a message call in this reply mode. */
  static String method(MessageReply reply) {
    return "message." + reply.id();
  }

  byte[] answer(String method, byte[] body) {
    return message.answer(method.substring("message.".length()), body);
  }
}
