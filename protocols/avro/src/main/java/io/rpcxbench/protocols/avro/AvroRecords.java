package io.rpcxbench.protocols.avro;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * A user's record as Avro's users hold one: a {@link GenericRecord} under an Avro schema derived
 * from the {@code .proto} descriptor read at run time, written and read by Avro's own {@link
 * GenericDatumWriter} and {@link GenericDatumReader}. The schema: a record per message (named by
 * its full protobuf name), a field per field in the schema's order; a field that can be absent a
 * union with null; a repeated field an array; a map an array of its key/value entry records; int32
 * kinds int, uint32 and all 64-bit kinds long (uint64 by its bits), float, double, boolean, string,
 * bytes; an enum an Avro enum of the value names. Thread-safe.
 *
 * <p>A recursive message type is refused: Avro's binary decoder bounds no nesting, so a record of a
 * recursive type could be nested as deep as a frame's bytes allow (protobuf stops at 100 levels,
 * the other carriers at their own bounds).
 */
final class AvroRecords {
  private final Descriptor type;
  private final Schema schema;
  private final GenericDatumWriter<GenericRecord> writer;
  private final GenericDatumReader<GenericRecord> reader;

  private AvroRecords(Descriptor type, Schema schema) {
    this.type = type;
    this.schema = schema;
    this.writer = new GenericDatumWriter<>(schema);
    this.reader = new GenericDatumReader<>(schema);
  }

  /** A type's records cannot travel as Avro: the message says why. */
  static final class UnfitTypeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UnfitTypeException(String message) {
      super(message);
    }
  }

  /**
   * The records of this type.
   *
   * @throws UnfitTypeException for a recursive type
   */
  static AvroRecords of(Descriptor type) {
    checkNotRecursive(type, new HashSet<>(), new ArrayList<>());
    return new AvroRecords(type, new SchemaBuilder().record(type));
  }

  Schema schema() {
    return schema;
  }

  Descriptor type() {
    return type;
  }

  /** The record's Avro binary encoding. */
  byte[] encode(Message record) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(record.getSerializedSize() + 64);
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    try {
      writer.write(toRecord(record, schema), encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * The record of {@code type} in these bytes: read by Avro under the derived schema, then field by
   * field into a message.
   *
   * @throws IllegalArgumentException when the bytes are not such a record
   */
  DynamicMessage decode(ByteBuffer bytes) {
    byte[] array = new byte[bytes.remaining()];
    bytes.duplicate().get(array);
    BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(array, null);
    GenericRecord record;
    try {
      record = reader.read(null, decoder);
      if (!decoder.isEnd()) {
        throw new IllegalArgumentException(
            "not a " + type.getFullName() + " record: bytes after the record");
      }
    } catch (IOException | AvroRuntimeException | ClassCastException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + " record: " + e, e);
    }
    return fromRecord(type, record);
  }

  private static void checkNotRecursive(Descriptor d, Set<String> done, List<String> path) {
    if (path.contains(d.getFullName())) {
      throw new UnfitTypeException(
          "avro carries no recursive message type ("
              + String.join(" > ", path)
              + " > "
              + d.getFullName()
              + "): Avro's binary decoder bounds no nesting");
    }
    if (!done.add(d.getFullName())) {
      return;
    }
    path.add(d.getFullName());
    for (FieldDescriptor f : d.getFields()) {
      if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
        checkNotRecursive(f.getMessageType(), done, path);
      }
    }
    path.remove(path.size() - 1);
    // a type reached again on another branch is not a cycle: checked once is enough
  }

  private static GenericRecord toRecord(Message m, Schema schema) {
    GenericData.Record out = new GenericData.Record(schema);
    List<FieldDescriptor> fields = m.getDescriptorForType().getFields();
    for (int i = 0; i < fields.size(); i++) {
      FieldDescriptor f = fields.get(i);
      Schema fieldSchema = schema.getFields().get(i).schema();
      if (f.isRepeated()) {
        Schema element = fieldSchema.getElementType();
        int n = m.getRepeatedFieldCount(f);
        GenericData.Array<Object> values = new GenericData.Array<>(n, fieldSchema);
        for (int j = 0; j < n; j++) {
          values.add(value(f, m.getRepeatedField(f, j), element));
        }
        out.put(i, values);
      } else if (f.hasPresence()) {
        out.put(i, m.hasField(f) ? value(f, m.getField(f), fieldSchema.getTypes().get(1)) : null);
      } else {
        out.put(i, value(f, m.getField(f), fieldSchema));
      }
    }
    return out;
  }

  private static Object value(FieldDescriptor f, Object v, Schema schema) {
    return switch (f.getJavaType()) {
      case INT -> unsigned(f) ? (Object) Integer.toUnsignedLong((Integer) v) : v;
      case LONG, FLOAT, DOUBLE, BOOLEAN, STRING -> v;
      case BYTE_STRING -> ((ByteString) v).asReadOnlyByteBuffer();
      case ENUM -> new GenericData.EnumSymbol(schema, ((EnumValueDescriptor) v).getName());
      case MESSAGE -> toRecord((Message) v, schema);
    };
  }

  private static DynamicMessage fromRecord(Descriptor d, GenericRecord record) {
    DynamicMessage.Builder out = DynamicMessage.newBuilder(d);
    List<FieldDescriptor> fields = d.getFields();
    for (int i = 0; i < fields.size(); i++) {
      FieldDescriptor f = fields.get(i);
      Object v = record.get(i);
      if (f.isRepeated()) {
        for (Object element : (List<?>) v) {
          out.addRepeatedField(f, scalar(f, element));
        }
      } else if (v != null) {
        out.setField(f, scalar(f, v));
      }
    }
    return out.build();
  }

  private static Object scalar(FieldDescriptor f, Object v) {
    return switch (f.getJavaType()) {
      case INT -> unsigned(f) ? (Object) (int) (long) (Long) v : (Integer) v;
      case LONG -> (Long) v;
      case FLOAT -> (Float) v;
      case DOUBLE -> (Double) v;
      case BOOLEAN -> (Boolean) v;
      case STRING -> v.toString();
      case BYTE_STRING -> ByteString.copyFrom(((ByteBuffer) v).duplicate());
      case ENUM -> {
        EnumValueDescriptor value = f.getEnumType().findValueByName(v.toString());
        if (value == null) {
          throw new IllegalArgumentException(f.getFullName() + ": no value " + v);
        }
        yield value;
      }
      case MESSAGE -> fromRecord(f.getMessageType(), (GenericRecord) v);
    };
  }

  private static boolean unsigned(FieldDescriptor f) {
    return switch (f.getType()) {
      case UINT32, FIXED32 -> true;
      default -> false;
    };
  }

  /** The Avro schema of a descriptor, each named type once. */
  private static final class SchemaBuilder {
    private final Map<String, Schema> named = new HashMap<>();

    Schema record(Descriptor d) {
      Schema known = named.get(d.getFullName());
      if (known != null) {
        return known;
      }
      Schema record = Schema.createRecord(d.getName(), null, namespace(d.getFullName()), false);
      named.put(d.getFullName(), record);
      List<Schema.Field> fields = new ArrayList<>();
      for (FieldDescriptor f : d.getFields()) {
        fields.add(new Schema.Field(f.getName(), field(f)));
      }
      record.setFields(fields);
      return record;
    }

    private Schema field(FieldDescriptor f) {
      if (f.isRepeated()) {
        return Schema.createArray(value(f));
      }
      if (f.hasPresence()) {
        return Schema.createUnion(Schema.create(Schema.Type.NULL), value(f));
      }
      return value(f);
    }

    private Schema value(FieldDescriptor f) {
      return switch (f.getJavaType()) {
        case INT -> Schema.create(unsigned(f) ? Schema.Type.LONG : Schema.Type.INT);
        case LONG -> Schema.create(Schema.Type.LONG);
        case FLOAT -> Schema.create(Schema.Type.FLOAT);
        case DOUBLE -> Schema.create(Schema.Type.DOUBLE);
        case BOOLEAN -> Schema.create(Schema.Type.BOOLEAN);
        case STRING -> Schema.create(Schema.Type.STRING);
        case BYTE_STRING -> Schema.create(Schema.Type.BYTES);
        case ENUM -> enumeration(f.getEnumType());
        case MESSAGE -> record(f.getMessageType());
      };
    }

    private Schema enumeration(EnumDescriptor e) {
      Schema known = named.get(e.getFullName());
      if (known != null) {
        return known;
      }
      List<String> symbols = new ArrayList<>();
      for (EnumValueDescriptor v : e.getValues()) {
        symbols.add(v.getName());
      }
      Schema schema = Schema.createEnum(e.getName(), null, namespace(e.getFullName()), symbols);
      named.put(e.getFullName(), schema);
      return schema;
    }

    private static String namespace(String fullName) {
      int dot = fullName.lastIndexOf('.');
      return dot < 0 ? null : fullName.substring(0, dot);
    }
  }
}
