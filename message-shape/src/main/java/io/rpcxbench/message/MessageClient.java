package io.rpcxbench.message;

import com.google.protobuf.Message;

/**
 * One protocol's client for a message type: sends a record, returns the reply decoded back into the
 * schema's form for the field-by-field check ({@link MessageReply#check}). Thread-safe; failures
 * are unchecked exceptions of the protocol's own type.
 *
 * <pre>{@code
 * try (MessageClient client = carrier.openMessages(options, shape.type())) {
 *   Message reply = client.call(shape.record(0), MessageReply.ECHO);
 * }
 * }</pre>
 */
public interface MessageClient extends AutoCloseable {
  /** Sends the record and waits for the reply the mode asks for. */
  Message call(Message record, MessageReply reply);

  /**
   * The bytes of the message as this protocol encodes it (its body, without the protocol's framing
   * or headers), for the provenance's bytes each way. Default: protobuf's binary size.
   */
  default int encodedSize(Message message) {
    return message.getSerializedSize();
  }

  /** One line for the provenance: the client as built. */
  String describe();

  @Override
  void close();
}
