package io.rpcxbench.rpcx;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import com.google.protobuf.WireFormat;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.ParameterType;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;

/**
 * Maps one protobuf message class. Only the declared class is ever parsed: the type name on the
 * wire must match it, so nothing arbitrary is ever instantiated.
 */
final class MessageMapping implements ValueMapping {
  private final String fullName;
  private final Parser<? extends Message> parser;
  private final Parameter nullValue;

  private MessageMapping(String fullName, Parser<? extends Message> parser) {
    this.fullName = fullName;
    this.parser = parser;
    this.nullValue =
        Parameter.newBuilder().setType(ParameterType.MESSAGE).setMessageType(fullName).build();
  }

  static MessageMapping of(Class<? extends Message> type) {
    try {
      Message prototype = (Message) type.getMethod("getDefaultInstance").invoke(null);
      return new MessageMapping(
          prototype.getDescriptorForType().getFullName(), prototype.getParserForType());
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
      return null; // not a generated message class
    }
  }

  @Override
  public Parameter toWire(Object value) {
    if (value == null) {
      return nullValue;
    }
    return Parameter.newBuilder()
        .setType(ParameterType.MESSAGE)
        .setMessageType(fullName)
        .setBytesValue(((Message) value).toByteString())
        .build();
  }

  @Override
  public int wireSize(Object value) {
    int size =
        CodedOutputStream.computeEnumSize(
                Parameter.TYPE_FIELD_NUMBER, ParameterType.MESSAGE.getNumber())
            + CodedOutputStream.computeStringSize(Parameter.MESSAGE_TYPE_FIELD_NUMBER, fullName);
    if (value == null) {
      return size;
    }
    int bytes = ((Message) value).getSerializedSize();
    return size
        + CodedOutputStream.computeTagSize(Parameter.BYTES_VALUE_FIELD_NUMBER)
        + CodedOutputStream.computeUInt32SizeNoTag(bytes)
        + bytes;
  }

  /**
   * The fields in number order, as the generated code writes them: type, bytes_value, type name.
   */
  @Override
  public void writeTo(CodedOutputStream out, Object value) throws IOException {
    out.writeEnum(Parameter.TYPE_FIELD_NUMBER, ParameterType.MESSAGE.getNumber());
    if (value != null) {
      Message message = (Message) value;
      out.writeTag(Parameter.BYTES_VALUE_FIELD_NUMBER, WireFormat.WIRETYPE_LENGTH_DELIMITED);
      out.writeUInt32NoTag(message.getSerializedSize());
      message.writeTo(out);
    }
    out.writeString(Parameter.MESSAGE_TYPE_FIELD_NUMBER, fullName);
  }

  @Override
  public Object fromWire(Parameter parameter) {
    if (parameter.getType() != ParameterType.MESSAGE
        || !fullName.equals(parameter.getMessageType())) {
      throw new IllegalArgumentException(
          "is " + describe(parameter) + ", expected MESSAGE " + fullName);
    }
    if (parameter.getValueCase() == Parameter.ValueCase.VALUE_NOT_SET) {
      return null;
    }
    if (parameter.getValueCase() != Parameter.ValueCase.BYTES_VALUE) {
      throw new IllegalArgumentException(
          "has type MESSAGE but carries " + parameter.getValueCase());
    }
    try {
      return parser.parseFrom(parameter.getBytesValue());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("is not a valid " + fullName + ": " + e.getMessage());
    }
  }

  private static String describe(Parameter parameter) {
    return parameter.getType() == ParameterType.MESSAGE
        ? "MESSAGE " + parameter.getMessageType()
        : parameter.getType().toString();
  }
}
