package io.rpcxbench.message;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import java.util.function.Function;

/**
 * A server's side of a user's message (docs/messages.md): the type its {@code --message} names,
 * loaded once at start, and the rules every carrier shares: a schema that cannot be used refuses
 * the start; a message call to a server started without {@code --message}, an unknown reply mode or
 * bytes that are not the type are the caller's error ({@link InvalidArgumentException}), which each
 * protocol answers in its own way (a 400, {@code -ERR}, an error frame).
 *
 * <pre>{@code
 * PublishedMessage message = PublishedMessage.of(service, ServerStarter.RefusedService::new);
 * byte[] answer = message.answer("echo", recordBytes);
 * }</pre>
 */
public final class PublishedMessage {
  private final Descriptor type;

  private PublishedMessage(Descriptor type) {
    this.type = type;
  }

  /**
   * The message {@code service} publishes, if any; a schema that cannot be used is thrown as {@code
   * refusal} of a line starting {@code --message:}.
   */
  public static PublishedMessage of(
      BenchService service, Function<String, ? extends RuntimeException> refusal) {
    try {
      return new PublishedMessage(service.messageShape().map(MessageSchema::load).orElse(null));
    } catch (ShapeException e) {
      throw refusal.apply("--message: " + e.getMessage());
    }
  }

  /** Whether this server publishes a message type. */
  public boolean published() {
    return type != null;
  }

  /** The published type; a server without one refuses the call. */
  public Descriptor type() {
    if (type == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    return type;
  }

  /** The reply mode named {@code reply} ({@code echo}, {@code ack}, {@code small}). */
  public static MessageReply mode(String reply) {
    try {
      return MessageReply.of(reply == null ? "" : reply);
    } catch (ShapeException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
  }

  /** The reply mode numbered {@code number} on a wire that numbers them. */
  public static MessageReply mode(int number) {
    try {
      return MessageReply.ofNumber(number);
    } catch (ShapeException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
  }

  /** The record whose protobuf bytes are {@code body}. */
  public DynamicMessage parse(ByteString body) {
    Descriptor published = type();
    try {
      return DynamicMessage.parseFrom(published, body);
    } catch (InvalidProtocolBufferException e) {
      throw notTheType(e.getMessage());
    }
  }

  /** The record whose protobuf bytes are {@code body}. */
  public DynamicMessage parse(byte[] body) {
    Descriptor published = type();
    try {
      return DynamicMessage.parseFrom(published, body);
    } catch (InvalidProtocolBufferException e) {
      throw notTheType(e.getMessage());
    }
  }

  /** The answer's protobuf bytes to a record's protobuf bytes, in the reply mode {@code reply}. */
  public byte[] answer(String reply, byte[] body) {
    type();
    if (reply == null || body == null) {
      throw new InvalidArgumentException("message: a reply mode and a body are required");
    }
    MessageReply mode = mode(reply);
    return mode.answer(parse(body)).toByteArray();
  }

  /** The caller's error for a record that is not of the published type. */
  public InvalidArgumentException notTheType(String why) {
    return new InvalidArgumentException("not a " + type().getFullName() + ": " + why);
  }
}
