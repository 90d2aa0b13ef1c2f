package io.rpcxbench.rpcx;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Message;
import io.rpcxbench.rpcx.wire.Parameter;
import java.io.IOException;

/**
 * Converts one Java type to and from the wire's typed {@link Parameter}. Chosen once per parameter
 * and return type at start-up; calls only use the prepared instance.
 */
interface ValueMapping {

  String SUPPORTED = "primitives and their boxes, String, byte[], protobuf messages";

  /** Encodes a value; {@code null} becomes a parameter with a type and no value. */
  Parameter toWire(Object value);

  /**
   * Size of the encoded {@link Parameter} for a value, as {@code toWire(value).getSerializedSize()}
   * would give, without building it (the client's per-call fast path).
   */
  default int wireSize(Object value) {
    return toWire(value).getSerializedSize();
  }

  /** Writes the {@link Parameter}'s fields for a value, byte for byte as {@code toWire} would. */
  default void writeTo(CodedOutputStream out, Object value) throws IOException {
    toWire(value).writeTo(out);
  }

  /**
   * Decodes a parameter.
   *
   * @throws IllegalArgumentException naming what was expected and what arrived
   */
  Object fromWire(Parameter parameter);

  /** The mapping for a Java type, or {@code null} when the type is not supported. */
  static ValueMapping of(Class<?> type) {
    if (Message.class.isAssignableFrom(type)) {
      @SuppressWarnings("unchecked")
      Class<? extends Message> messageType = (Class<? extends Message>) type;
      return MessageMapping.of(messageType);
    }
    return ScalarMapping.of(type);
  }
}
