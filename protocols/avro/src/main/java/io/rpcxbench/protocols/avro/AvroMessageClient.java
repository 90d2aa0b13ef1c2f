package io.rpcxbench.protocols.avro;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.avro.AvroException.Code;
import io.rpcxbench.spi.BenchClient;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;

/**
 * Avro's client for a user's message, on either Avro stack (IPC's {@code message} method, or a
 * {@code MessageCall} on avro-socket's frames): the record as a {@code GenericRecord} under the
 * Avro schema derived from its descriptor, written by Avro's {@code GenericDatumWriter} ({@link
 * AvroRecords}); the Avro protocol is compiled, so the record travels as a {@code bytes} argument
 * of its binary encoding, the reply read back the same way under the reply's schema.
 */
final class AvroMessageClient implements MessageClient {
  /** One call of the stack's message method: reply mode and record bytes to answer bytes. */
  @FunctionalInterface
  interface Send {
    ByteBuffer message(String reply, ByteBuffer record);
  }

  private final Send send;
  private final BenchClient stack;
  private final AvroRecords records;
  private final Map<MessageReply, AvroRecords> replies = new EnumMap<>(MessageReply.class);

  AvroMessageClient(Send send, BenchClient stack, Descriptor type) {
    this.send = send;
    this.stack = stack;
    try {
      this.records = AvroRecords.of(type);
      for (MessageReply reply : MessageReply.values()) {
        replies.put(reply, AvroRecords.of(reply.replyType(type)));
      }
    } catch (AvroRecords.UnfitTypeException e) {
      stack.close();
      throw e;
    }
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    ByteBuffer answer = send.message(reply.id(), ByteBuffer.wrap(records.encode(record)));
    try {
      return replies.get(reply).decode(answer);
    } catch (IllegalArgumentException e) {
      throw new AvroException(Code.INTERNAL, "reply: " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return stack.describe()
        + "; a GenericRecord of "
        + records.type().getFullName()
        + " under the Avro schema derived from its descriptor, GenericDatumWriter's bytes";
  }

  @Override
  public void close() {
    stack.close();
  }
}
