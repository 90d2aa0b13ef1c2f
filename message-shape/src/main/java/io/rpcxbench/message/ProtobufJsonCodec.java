package io.rpcxbench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.nio.charset.StandardCharsets;

/**
 * {@link MessageCodec#PROTOBUF_JSON}: protobuf's own JSON mapping of the type (Jackson has no
 * schema for a type known only at run time), without insignificant whitespace, as UTF-8.
 */
final class ProtobufJsonCodec implements MessageCodec {
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();

  @Override
  public byte[] encode(Message message) {
    try {
      return PRINTER.print(message).getBytes(StandardCharsets.UTF_8);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException(
          "cannot print " + message.getDescriptorForType().getFullName() + ": " + e.getMessage(),
          e);
    }
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
    try {
      PARSER.merge(new String(body, StandardCharsets.UTF_8), b);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + ": " + e.getMessage(), e);
    }
    return b.build();
  }

  @Override
  public String describe() {
    return "protobuf-java-util JsonFormat (protobuf's JSON mapping), UTF-8";
  }
}
