package io.rpcxbench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;

/** {@link MessageCodec#PROTOBUF}: the record's protobuf bytes, a {@link DynamicMessage} back. */
final class ProtobufCodec implements MessageCodec {
  @Override
  public byte[] encode(Message message) {
    return message.toByteArray();
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    try {
      return DynamicMessage.parseFrom(type, body);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return "protobuf-java binary (DynamicMessage)";
  }
}
