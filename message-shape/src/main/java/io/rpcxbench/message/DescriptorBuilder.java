package io.rpcxbench.message;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MessageOptions;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.squareup.wire.Syntax;
import com.squareup.wire.schema.EnumConstant;
import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.OneOf;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One file of a Wire {@link Schema} as protobuf's own {@link FileDescriptorProto}, the form {@code
 * FileDescriptor.buildFrom} links: messages, nested types, enums, oneofs, maps (as the synthetic
 * entry messages protoc makes) and proto3 {@code optional} (as synthetic oneofs).
 */
final class DescriptorBuilder {
  private static final Map<String, FieldDescriptorProto.Type> SCALARS =
      Map.ofEntries(
          Map.entry("double", FieldDescriptorProto.Type.TYPE_DOUBLE),
          Map.entry("float", FieldDescriptorProto.Type.TYPE_FLOAT),
          Map.entry("int64", FieldDescriptorProto.Type.TYPE_INT64),
          Map.entry("uint64", FieldDescriptorProto.Type.TYPE_UINT64),
          Map.entry("int32", FieldDescriptorProto.Type.TYPE_INT32),
          Map.entry("fixed64", FieldDescriptorProto.Type.TYPE_FIXED64),
          Map.entry("fixed32", FieldDescriptorProto.Type.TYPE_FIXED32),
          Map.entry("bool", FieldDescriptorProto.Type.TYPE_BOOL),
          Map.entry("string", FieldDescriptorProto.Type.TYPE_STRING),
          Map.entry("bytes", FieldDescriptorProto.Type.TYPE_BYTES),
          Map.entry("uint32", FieldDescriptorProto.Type.TYPE_UINT32),
          Map.entry("sfixed32", FieldDescriptorProto.Type.TYPE_SFIXED32),
          Map.entry("sfixed64", FieldDescriptorProto.Type.TYPE_SFIXED64),
          Map.entry("sint32", FieldDescriptorProto.Type.TYPE_SINT32),
          Map.entry("sint64", FieldDescriptorProto.Type.TYPE_SINT64));

  private final Schema schema;
  private final boolean proto3;

  private DescriptorBuilder(Schema schema, ProtoFile file) {
    this.schema = schema;
    this.proto3 = file.getSyntax() == Syntax.PROTO_3;
  }

  static FileDescriptorProto of(Schema schema, ProtoFile file) {
    DescriptorBuilder b = new DescriptorBuilder(schema, file);
    FileDescriptorProto.Builder out =
        FileDescriptorProto.newBuilder()
            .setName(file.getLocation().getPath())
            .addAllDependency(file.getImports());
    if (file.getPackageName() != null) {
      out.setPackage(file.getPackageName());
    }
    out.setSyntax(b.proto3 ? "proto3" : "proto2");
    for (Type t : file.getTypes()) {
      if (t instanceof MessageType m) {
        out.addMessageType(b.message(m));
      } else if (t instanceof EnumType e) {
        out.addEnumType(enumeration(e));
      }
    }
    return out.build();
  }

  private DescriptorProto message(MessageType m) {
    DescriptorProto.Builder out = DescriptorProto.newBuilder().setName(m.getName());
    for (Field f : m.getDeclaredFields()) {
      out.addField(field(f, out));
    }
    List<OneOf> oneOfs = m.getOneOfs();
    for (int i = 0; i < oneOfs.size(); i++) {
      out.addOneofDecl(OneofDescriptorProto.newBuilder().setName(oneOfs.get(i).getName()));
      for (Field f : oneOfs.get(i).getFields()) {
        out.addField(field(f, out).toBuilder().setOneofIndex(i));
      }
    }
    // proto3 optional: a synthetic oneof each, after the real ones (protoc's order)
    List<FieldDescriptorProto.Builder> fields = new ArrayList<>();
    for (FieldDescriptorProto.Builder f : out.getFieldBuilderList()) {
      if (f.getProto3Optional()) {
        fields.add(f);
      }
    }
    for (FieldDescriptorProto.Builder f : fields) {
      f.setOneofIndex(out.getOneofDeclCount());
      out.addOneofDecl(OneofDescriptorProto.newBuilder().setName("_" + f.getName()));
    }
    for (Type nested : m.getNestedTypes()) {
      if (nested instanceof MessageType n) {
        out.addNestedType(message(n));
      } else if (nested instanceof EnumType e) {
        out.addEnumType(enumeration(e));
      }
    }
    return out.build();
  }

  private FieldDescriptorProto field(Field f, DescriptorProto.Builder owner) {
    FieldDescriptorProto.Builder out =
        FieldDescriptorProto.newBuilder()
            .setName(f.getName())
            .setNumber(f.getTag())
            .setJsonName(f.getJsonName());
    ProtoType type = f.getType();
    if (type.isMap()) {
      String entry = entryName(f.getName());
      owner.addNestedType(
          DescriptorProto.newBuilder()
              .setName(entry)
              .setOptions(MessageOptions.newBuilder().setMapEntry(true))
              .addField(
                  typed(
                          FieldDescriptorProto.newBuilder()
                              .setName("key")
                              .setNumber(1)
                              .setJsonName("key"),
                          type.getKeyType())
                      .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL))
              .addField(
                  typed(
                          FieldDescriptorProto.newBuilder()
                              .setName("value")
                              .setNumber(2)
                              .setJsonName("value"),
                          type.getValueType())
                      .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)));
      return out.setLabel(FieldDescriptorProto.Label.LABEL_REPEATED)
          .setType(FieldDescriptorProto.Type.TYPE_MESSAGE)
          .setTypeName(entry)
          .build();
    }
    typed(out, type);
    Field.Label label = f.getLabel();
    if (label == Field.Label.REPEATED) {
      out.setLabel(FieldDescriptorProto.Label.LABEL_REPEATED);
    } else if (label == Field.Label.REQUIRED) {
      out.setLabel(FieldDescriptorProto.Label.LABEL_REQUIRED);
    } else {
      out.setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL);
      if (proto3 && label == Field.Label.OPTIONAL) {
        out.setProto3Optional(true);
      }
    }
    if (f.getDefault() != null) {
      out.setDefaultValue(f.getDefault());
    }
    return out.build();
  }

  private FieldDescriptorProto.Builder typed(FieldDescriptorProto.Builder out, ProtoType type) {
    FieldDescriptorProto.Type scalar = SCALARS.get(type.toString());
    if (scalar != null) {
      return out.setType(scalar);
    }
    Type resolved = schema.getType(type);
    if (resolved == null) {
      throw new ShapeException("type " + type + " is not defined in the schema");
    }
    return out.setType(
            resolved instanceof EnumType
                ? FieldDescriptorProto.Type.TYPE_ENUM
                : FieldDescriptorProto.Type.TYPE_MESSAGE)
        .setTypeName("." + type);
  }

  private static EnumDescriptorProto enumeration(EnumType e) {
    EnumDescriptorProto.Builder out = EnumDescriptorProto.newBuilder().setName(e.getName());
    for (EnumConstant c : e.getConstants()) {
      out.addValue(
          EnumValueDescriptorProto.newBuilder().setName(c.getName()).setNumber(c.getTag()));
    }
    return out.build();
  }

  /** protoc's name for a map field's entry: "tag_counts" -> "TagCountsEntry". */
  static String entryName(String field) {
    StringBuilder out = new StringBuilder();
    boolean upper = true;
    for (char c : field.toCharArray()) {
      if (c == '_') {
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.append("Entry").toString();
  }
}
