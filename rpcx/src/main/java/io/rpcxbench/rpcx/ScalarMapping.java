package io.rpcxbench.rpcx;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.ParameterType;
import java.io.IOException;

/** Mappings for primitives, their boxes, {@code String} and {@code byte[]}. */
enum ScalarMapping implements ValueMapping {
  BOOL(ParameterType.BOOL, Parameter.ValueCase.BOOL_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setBoolValue((Boolean) v);
    }

    @Override
    Object get(Parameter p) {
      return p.getBoolValue();
    }
  },
  INT8(ParameterType.INT8, Parameter.ValueCase.INT32_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setInt32Value((Byte) v);
    }

    @Override
    Object get(Parameter p) {
      return (byte) checkRange(p.getInt32Value(), Byte.MIN_VALUE, Byte.MAX_VALUE);
    }
  },
  INT16(ParameterType.INT16, Parameter.ValueCase.INT32_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setInt32Value((Short) v);
    }

    @Override
    Object get(Parameter p) {
      return (short) checkRange(p.getInt32Value(), Short.MIN_VALUE, Short.MAX_VALUE);
    }
  },
  INT32(ParameterType.INT32, Parameter.ValueCase.INT32_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setInt32Value((Integer) v);
    }

    @Override
    Object get(Parameter p) {
      return p.getInt32Value();
    }
  },
  CHAR(ParameterType.CHAR, Parameter.ValueCase.INT32_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setInt32Value((Character) v);
    }

    @Override
    Object get(Parameter p) {
      return (char) checkRange(p.getInt32Value(), Character.MIN_VALUE, Character.MAX_VALUE);
    }
  },
  INT64(ParameterType.INT64, Parameter.ValueCase.INT64_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setInt64Value((Long) v);
    }

    @Override
    Object get(Parameter p) {
      return p.getInt64Value();
    }
  },
  FLOAT(ParameterType.FLOAT, Parameter.ValueCase.FLOAT_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setFloatValue((Float) v);
    }

    @Override
    Object get(Parameter p) {
      return p.getFloatValue();
    }
  },
  DOUBLE(ParameterType.DOUBLE, Parameter.ValueCase.DOUBLE_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setDoubleValue((Double) v);
    }

    @Override
    Object get(Parameter p) {
      return p.getDoubleValue();
    }
  },
  STRING(ParameterType.STRING, Parameter.ValueCase.STRING_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setStringValue((String) v);
    }

    @Override
    Object get(Parameter p) {
      return p.getStringValue();
    }
  },
  BYTES(ParameterType.BYTES, Parameter.ValueCase.BYTES_VALUE) {
    @Override
    void set(Parameter.Builder p, Object v) {
      p.setBytesValue(ByteString.copyFrom((byte[]) v));
    }

    @Override
    Object get(Parameter p) {
      return p.getBytesValue().toByteArray();
    }
  };

  private final ParameterType type;
  private final Parameter.ValueCase valueCase;
  private final Parameter nullValue;

  ScalarMapping(ParameterType type, Parameter.ValueCase valueCase) {
    this.type = type;
    this.valueCase = valueCase;
    this.nullValue = Parameter.newBuilder().setType(type).build();
  }

  abstract void set(Parameter.Builder parameter, Object value);

  abstract Object get(Parameter parameter);

  @Override
  public Parameter toWire(Object value) {
    if (value == null) {
      return nullValue;
    }
    Parameter.Builder p = Parameter.newBuilder().setType(type);
    set(p, value);
    return p.build();
  }

  @Override
  public Object fromWire(Parameter parameter) {
    if (parameter.getType() != type) {
      throw new IllegalArgumentException("is " + parameter.getType() + ", expected " + type);
    }
    if (parameter.getValueCase() == Parameter.ValueCase.VALUE_NOT_SET) {
      return null;
    }
    if (parameter.getValueCase() != valueCase) {
      throw new IllegalArgumentException(
          "has type " + type + " but carries " + parameter.getValueCase());
    }
    return get(parameter);
  }

  @Override
  public int wireSize(Object value) {
    int size = CodedOutputStream.computeEnumSize(Parameter.TYPE_FIELD_NUMBER, type.getNumber());
    if (value == null) {
      return size;
    }
    return size
        + switch (valueCase) {
          case BOOL_VALUE ->
              CodedOutputStream.computeBoolSize(Parameter.BOOL_VALUE_FIELD_NUMBER, true);
          case INT32_VALUE ->
              CodedOutputStream.computeSInt32Size(
                  Parameter.INT32_VALUE_FIELD_NUMBER, intValue(value));
          case INT64_VALUE ->
              CodedOutputStream.computeSInt64Size(Parameter.INT64_VALUE_FIELD_NUMBER, (Long) value);
          case FLOAT_VALUE ->
              CodedOutputStream.computeFloatSize(Parameter.FLOAT_VALUE_FIELD_NUMBER, 0f);
          case DOUBLE_VALUE ->
              CodedOutputStream.computeDoubleSize(Parameter.DOUBLE_VALUE_FIELD_NUMBER, 0d);
          case STRING_VALUE ->
              CodedOutputStream.computeStringSize(
                  Parameter.STRING_VALUE_FIELD_NUMBER, (String) value);
          case BYTES_VALUE ->
              CodedOutputStream.computeByteArraySize(
                  Parameter.BYTES_VALUE_FIELD_NUMBER, (byte[]) value);
          default -> throw new IllegalStateException(valueCase.toString());
        };
  }

  @Override
  public void writeTo(CodedOutputStream out, Object value) throws IOException {
    out.writeEnum(Parameter.TYPE_FIELD_NUMBER, type.getNumber());
    if (value == null) {
      return;
    }
    switch (valueCase) {
      case BOOL_VALUE -> out.writeBool(Parameter.BOOL_VALUE_FIELD_NUMBER, (Boolean) value);
      case INT32_VALUE -> out.writeSInt32(Parameter.INT32_VALUE_FIELD_NUMBER, intValue(value));
      case INT64_VALUE -> out.writeSInt64(Parameter.INT64_VALUE_FIELD_NUMBER, (Long) value);
      case FLOAT_VALUE -> out.writeFloat(Parameter.FLOAT_VALUE_FIELD_NUMBER, (Float) value);
      case DOUBLE_VALUE -> out.writeDouble(Parameter.DOUBLE_VALUE_FIELD_NUMBER, (Double) value);
      case STRING_VALUE -> out.writeString(Parameter.STRING_VALUE_FIELD_NUMBER, (String) value);
      case BYTES_VALUE -> out.writeByteArray(Parameter.BYTES_VALUE_FIELD_NUMBER, (byte[]) value);
      default -> throw new IllegalStateException(valueCase.toString());
    }
  }

  /** INT8, INT16, INT32 and CHAR all travel as sint32. */
  private static int intValue(Object value) {
    return value instanceof Character c ? c : ((Number) value).intValue();
  }

  private static int checkRange(int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException("value " + value + " is out of range " + min + ".." + max);
    }
    return value;
  }

  /** The mapping for a primitive, box, String or byte[]; {@code null} for anything else. */
  static ScalarMapping of(Class<?> type) {
    if (type == boolean.class || type == Boolean.class) {
      return BOOL;
    } else if (type == byte.class || type == Byte.class) {
      return INT8;
    } else if (type == short.class || type == Short.class) {
      return INT16;
    } else if (type == int.class || type == Integer.class) {
      return INT32;
    } else if (type == char.class || type == Character.class) {
      return CHAR;
    } else if (type == long.class || type == Long.class) {
      return INT64;
    } else if (type == float.class || type == Float.class) {
      return FLOAT;
    } else if (type == double.class || type == Double.class) {
      return DOUBLE;
    } else if (type == String.class) {
      return STRING;
    } else if (type == byte[].class) {
      return BYTES;
    }
    return null;
  }
}
