package io.rpcxbench.protocols.typedjson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageCodec;
import java.io.IOException;

/**
 * A user's message as typed JSON carries it: the record in protobuf's JSON mapping read into a
 * Jackson tree ({@link RecordCodec}) and written by the protocol's own mapper, as it travels inside
 * a {@code RecordRequest} (without the envelope's {@code @class} and reply mode).
 */
final class TypedJsonCodec implements MessageCodec {
  static final TypedJsonCodec INSTANCE = new TypedJsonCodec();

  private TypedJsonCodec() {}

  @Override
  public byte[] encode(Message message) {
    try {
      return TypedJson.MAPPER.writeValueAsBytes(RecordCodec.tree(message));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e.getOriginalMessage(), e);
    }
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    try {
      return RecordCodec.message(TypedJson.MAPPER.readTree(body), type);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return "protobuf JsonFormat read into a Jackson tree, written by typed JSON's ObjectMapper";
  }
}
