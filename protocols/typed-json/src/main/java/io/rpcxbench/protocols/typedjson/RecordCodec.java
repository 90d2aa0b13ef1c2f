package io.rpcxbench.protocols.typedjson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;

/**
 * A user's message (docs/messages.md) as typed JSON carries it: protobuf's JSON mapping of the type
 * (protobuf's own {@link JsonFormat}: Jackson has no schema for a type known only at run time),
 * read into the Jackson tree that travels in a {@code RecordRequest} or {@code RecordReply}, and
 * back. Both ends, all threads.
 */
final class RecordCodec {
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();

  private RecordCodec() {}

  /** The message as a JSON tree. */
  static JsonNode tree(Message message) {
    try {
      return TypedJson.MAPPER.readTree(PRINTER.print(message));
    } catch (InvalidProtocolBufferException | JsonProcessingException e) {
      throw new IllegalArgumentException(
          "cannot print " + message.getDescriptorForType().getFullName() + ": " + e.getMessage(),
          e);
    }
  }

  /**
   * The tree read as a message of {@code type}.
   *
   * @throws IllegalArgumentException with one line when the tree is not such a message
   */
  static Message message(JsonNode tree, Descriptor type) {
    DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
    try {
      PARSER.merge(tree.toString(), b);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + ": " + e.getMessage(), e);
    }
    return b.build();
  }
}
