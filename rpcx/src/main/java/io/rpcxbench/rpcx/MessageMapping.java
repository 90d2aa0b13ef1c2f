package io.rpcxbench.rpcx;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.ParameterType;
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
