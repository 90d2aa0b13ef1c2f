package io.rpcxbench.message;

import com.google.protobuf.BoolValue;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import com.google.protobuf.StringValue;
import java.util.Locale;
import java.util.Optional;

/**
 * What the server answers a message with ({@code --message-reply}): the message itself ({@code
 * echo}, decoded and re-encoded, so both directions pay the codec), an acknowledgement ({@code
 * ack}: {@code google.protobuf.BoolValue} true) or a small fixed message ({@code small}: {@code
 * google.protobuf.StringValue} "accepted"), since request-heavy and reply-heavy services differ.
 *
 * <pre>{@code
 * Message reply = MessageReply.ECHO.answer(request);
 * MessageReply.ECHO.check(sent, reply);   // empty: right
 * }</pre>
 */
public enum MessageReply {
  ECHO,
  ACK,
  SMALL;

  /** The text of every {@code small} reply. */
  public static final String SMALL_TEXT = "accepted";

  /** {@code echo}, {@code ack} or {@code small}; anything else is a {@link ShapeException}. */
  public static MessageReply of(String id) {
    for (MessageReply r : values()) {
      if (r.id().equals(id)) {
        return r;
      }
    }
    throw new ShapeException("--message-reply must be echo, ack or small, got '" + id + "'");
  }

  /**
   * The mode of a wire that numbers modes (the IDLs' {@code enum Mode}, Thrift's byte): its number;
   * anything else is a {@link ShapeException}.
   */
  public static MessageReply ofNumber(int number) {
    if (number < 0 || number >= values().length) {
      throw new ShapeException("unknown reply mode " + number);
    }
    return values()[number];
  }

  /** This mode's number on a wire that numbers modes: echo 0, ack 1, small 2. */
  public int number() {
    return ordinal();
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The reply's method or route name in a protocol that names them: Echo, Ack, Small. */
  public String method() {
    return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
  }

  /** The type of the reply to a message of this type. */
  public Descriptor replyType(Descriptor request) {
    return switch (this) {
      case ECHO -> request;
      case ACK -> BoolValue.getDescriptor();
      case SMALL -> StringValue.getDescriptor();
    };
  }

  /** The server's answer to a decoded request. */
  public Message answer(Message request) {
    return switch (this) {
      case ECHO -> request;
      case ACK -> BoolValue.of(true);
      case SMALL -> StringValue.of(SMALL_TEXT);
    };
  }

  /** The first field in which the reply is wrong ({@link FieldDifference}); empty: right. */
  public Optional<String> check(Message sent, Message got) {
    if (got == null) {
      return Optional.of("no reply");
    }
    return FieldDifference.first(answer(sent), got);
  }
}
