package io.rpcxbench.message;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Sample records of any message type, made from a {@link GeneratorSpec}: every scalar random, every
 * string and bytes field, list and map sized by the spec's distributions, one member of each oneof,
 * optional fields present at the spec's share, nesting stopped at its depth. The same spec and seed
 * give the same records.
 */
public final class RecordGenerator {
  private static final String LETTERS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";
  private final GeneratorSpec spec;
  private final SplittableRandom random;

  public RecordGenerator(GeneratorSpec spec) {
    this.spec = spec;
    this.random = new SplittableRandom(spec.seed());
  }

  public List<DynamicMessage> records(Descriptor type) {
    List<DynamicMessage> out = new ArrayList<>(spec.count());
    for (int i = 0; i < spec.count(); i++) {
      out.add(message(type, 0));
    }
    return out;
  }

  private DynamicMessage message(Descriptor type, int depth) {
    DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
    if (type.getFullName().equals("google.protobuf.Timestamp")
        || type.getFullName().equals("google.protobuf.Duration")) {
      // in their valid ranges, or their JSON form (and every protocol that maps it) refuses them
      b.setField(type.findFieldByName("seconds"), (long) random.nextInt(Integer.MAX_VALUE));
      b.setField(type.findFieldByName("nanos"), random.nextInt(1_000_000_000));
      return b.build();
    }
    for (OneofDescriptor oneof : type.getRealOneofs()) {
      List<FieldDescriptor> members = oneof.getFields();
      FieldDescriptor chosen = members.get(random.nextInt(members.size()));
      if (!(chosen.getJavaType() == FieldDescriptor.JavaType.MESSAGE && depth >= spec.maxDepth())) {
        b.setField(chosen, value(chosen, depth));
      }
    }
    for (FieldDescriptor f : type.getFields()) {
      if (f.getRealContainingOneof() != null) {
        continue;
      }
      boolean message = f.getJavaType() == FieldDescriptor.JavaType.MESSAGE;
      if (message && !f.isMapField() && depth >= spec.maxDepth()) {
        continue;
      }
      if (f.isRepeated()) {
        Distribution size =
            spec.sizeOf(f.getName(), f.isMapField() ? spec.mapSize() : spec.listSize());
        int n = size.sample(random);
        for (int i = 0; i < n; i++) {
          b.addRepeatedField(f, value(f, depth));
        }
      } else if (!f.hasPresence() || random.nextDouble() < spec.presence()) {
        b.setField(f, value(f, depth));
      }
    }
    return b.build();
  }

  private Object value(FieldDescriptor f, int depth) {
    return switch (f.getJavaType()) {
      case INT -> random.nextInt(1_000_000);
      case LONG -> random.nextLong(1L << 40);
      case FLOAT -> (float) (random.nextDouble() * 1000);
      case DOUBLE -> random.nextDouble() * 1000;
      case BOOLEAN -> random.nextBoolean();
      // a repeated field's own size is its list's; its elements take the kind's default
      case STRING ->
          text(
              (f.isRepeated() ? spec.stringLength() : spec.sizeOf(f.getName(), spec.stringLength()))
                  .sample(random));
      case BYTE_STRING ->
          bytes(
              (f.isRepeated() ? spec.bytesLength() : spec.sizeOf(f.getName(), spec.bytesLength()))
                  .sample(random));
      case ENUM -> {
        List<EnumValueDescriptor> values = f.getEnumType().getValues();
        yield values.get(random.nextInt(values.size()));
      }
      case MESSAGE -> message(f.getMessageType(), depth + 1);
    };
  }

  private String text(int length) {
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
    }
    return s.toString();
  }

  private ByteString bytes(int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) random.nextInt(256);
    }
    return ByteString.copyFrom(b);
  }
}
