package io.rpcxbench.protocols.thrift;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TMap;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;

/**
 * A user's record (a protobuf message of a schema given at run time, docs/messages.md) written and
 * read field by field through Thrift's own protocol API, no generated code: a message is a struct
 * whose field ids are the schema's field numbers; bool, i32 (int32, sint32, sfixed32, uint32,
 * fixed32, enums by number), i64, double (float widened, exactly), string, binary (bytes), repeated
 * fields as lists and maps as maps. A field the schema does not know is skipped, as Thrift's
 * generated code does; a field whose Thrift type is not its schema's is an error, nesting is
 * bounded.
 *
 * <pre>{@code
 * ThriftRecords.write(protocol, record);                 // struct { 1: ..., 2: ... }
 * Message back = ThriftRecords.read(protocol, record.getDescriptorForType());
 * }</pre>
 */
public final class ThriftRecords {
  /** Deepest nesting read or written (protobuf's own default recursion limit). */
  static final int MAX_DEPTH = 100;

  private ThriftRecords() {}

  public static void write(TProtocol out, Message record) throws TException {
    write(out, record, 0);
  }

  private static void write(TProtocol out, Message record, int depth) throws TException {
    if (depth > MAX_DEPTH) {
      throw new TProtocolException(TProtocolException.DEPTH_LIMIT, "nested past " + MAX_DEPTH);
    }
    out.writeStructBegin(new TStruct(record.getDescriptorForType().getName()));
    for (Map.Entry<FieldDescriptor, Object> e : record.getAllFields().entrySet()) {
      FieldDescriptor f = e.getKey();
      out.writeFieldBegin(new TField(f.getName(), fieldType(f), id(f)));
      if (f.isMapField()) {
        writeMap(out, f, (List<?>) e.getValue(), depth);
      } else if (f.isRepeated()) {
        List<?> values = (List<?>) e.getValue();
        out.writeListBegin(new TList(type(f), values.size()));
        for (Object v : values) {
          value(out, f, v, depth);
        }
        out.writeListEnd();
      } else {
        value(out, f, e.getValue(), depth);
      }
      out.writeFieldEnd();
    }
    out.writeFieldStop();
    out.writeStructEnd();
  }

  private static void writeMap(TProtocol out, FieldDescriptor f, List<?> entries, int depth)
      throws TException {
    FieldDescriptor key = f.getMessageType().findFieldByNumber(1);
    FieldDescriptor value = f.getMessageType().findFieldByNumber(2);
    out.writeMapBegin(new TMap(type(key), type(value), entries.size()));
    for (Object o : entries) {
      Message entry = (Message) o;
      value(out, key, entry.getField(key), depth);
      value(out, value, entry.getField(value), depth);
    }
    out.writeMapEnd();
  }

  private static void value(TProtocol out, FieldDescriptor f, Object v, int depth)
      throws TException {
    switch (f.getJavaType()) {
      case BOOLEAN -> out.writeBool((Boolean) v);
      case INT -> out.writeI32((Integer) v);
      case LONG -> out.writeI64((Long) v);
      case FLOAT -> out.writeDouble((Float) v);
      case DOUBLE -> out.writeDouble((Double) v);
      case STRING -> out.writeString((String) v);
      // TBinaryProtocol writes from the buffer's array: a copy, not a read-only view
      case BYTE_STRING -> out.writeBinary(ByteBuffer.wrap(((ByteString) v).toByteArray()));
      case ENUM -> out.writeI32(((EnumValueDescriptor) v).getNumber());
      case MESSAGE -> write(out, (Message) v, depth + 1);
    }
  }

  public static Message read(TProtocol in, Descriptor type) throws TException {
    return read(in, type, 0);
  }

  private static Message read(TProtocol in, Descriptor type, int depth) throws TException {
    if (depth > MAX_DEPTH) {
      throw new TProtocolException(TProtocolException.DEPTH_LIMIT, "nested past " + MAX_DEPTH);
    }
    DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
    in.readStructBegin();
    while (true) {
      TField field = in.readFieldBegin();
      if (field.type == TType.STOP) {
        break;
      }
      FieldDescriptor f = type.findFieldByNumber(field.id);
      if (f == null) {
        TProtocolUtil.skip(in, field.type);
      } else {
        expect(f, fieldType(f), field.type);
        if (f.isMapField()) {
          readMap(in, f, b, depth);
        } else if (f.isRepeated()) {
          TList list = in.readListBegin();
          expect(f, type(f), list.elemType);
          for (int i = 0; i < list.size; i++) {
            b.addRepeatedField(f, value(in, f, depth));
          }
          in.readListEnd();
        } else {
          b.setField(f, value(in, f, depth));
        }
      }
      in.readFieldEnd();
    }
    in.readStructEnd();
    return b.build();
  }

  private static void readMap(TProtocol in, FieldDescriptor f, DynamicMessage.Builder b, int depth)
      throws TException {
    Descriptor entryType = f.getMessageType();
    FieldDescriptor key = entryType.findFieldByNumber(1);
    FieldDescriptor value = entryType.findFieldByNumber(2);
    TMap map = in.readMapBegin();
    expect(f, type(key), map.keyType);
    expect(f, type(value), map.valueType);
    for (int i = 0; i < map.size; i++) {
      b.addRepeatedField(
          f,
          DynamicMessage.newBuilder(entryType)
              .setField(key, value(in, key, depth))
              .setField(value, value(in, value, depth))
              .build());
    }
    in.readMapEnd();
  }

  private static Object value(TProtocol in, FieldDescriptor f, int depth) throws TException {
    return switch (f.getJavaType()) {
      case BOOLEAN -> in.readBool();
      case INT -> in.readI32();
      case LONG -> in.readI64();
      case FLOAT -> (float) in.readDouble();
      case DOUBLE -> in.readDouble();
      case STRING -> in.readString();
      case BYTE_STRING -> {
        ByteBuffer bytes = in.readBinary();
        yield ByteString.copyFrom(bytes);
      }
      case ENUM -> {
        int number = in.readI32();
        EnumValueDescriptor v = f.getEnumType().findValueByNumber(number);
        yield v != null ? v : f.getEnumType().findValueByNumberCreatingIfUnknown(number);
      }
      case MESSAGE -> read(in, f.getMessageType(), depth + 1);
    };
  }

  /** The Thrift type of a field as written: a list, a map, or its value's. */
  private static byte fieldType(FieldDescriptor f) {
    return f.isMapField() ? TType.MAP : f.isRepeated() ? TType.LIST : type(f);
  }

  /** The Thrift type of one value of {@code f}. */
  private static byte type(FieldDescriptor f) {
    return switch (f.getJavaType()) {
      case BOOLEAN -> TType.BOOL;
      case INT, ENUM -> TType.I32;
      case LONG -> TType.I64;
      case FLOAT, DOUBLE -> TType.DOUBLE;
      case STRING, BYTE_STRING -> TType.STRING;
      case MESSAGE -> TType.STRUCT;
    };
  }

  /** Thrift's field id: the schema's field number, which must fit in an i16. */
  private static short id(FieldDescriptor f) throws TProtocolException {
    if (f.getNumber() > Short.MAX_VALUE) {
      throw new TProtocolException(
          TProtocolException.INVALID_DATA,
          "field "
              + f.getFullName()
              + " has number "
              + f.getNumber()
              + ": Thrift's field ids end at "
              + Short.MAX_VALUE);
    }
    return (short) f.getNumber();
  }

  private static void expect(FieldDescriptor f, byte want, byte got) throws TProtocolException {
    if (want != got) {
      throw new TProtocolException(
          TProtocolException.INVALID_DATA,
          "field " + f.getFullName() + " is Thrift type " + got + ", its schema says " + want);
    }
  }
}
