package io.rpcxbench.message;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Optional;

/**
 * The first field in which a reply differs from the record sent, as a path a user can read: {@code
 * products[3].price: sent 12.5, got 12.0}. The echo check of every protocol that carries a message,
 * whatever its encoding, after it has decoded the reply into the schema's form.
 */
public final class FieldDifference {
  private FieldDifference() {}

  public static Optional<String> first(Message sent, Message got) {
    if (!sent.getDescriptorForType()
        .getFullName()
        .equals(got.getDescriptorForType().getFullName())) {
      return Optional.of(
          "type: sent "
              + sent.getDescriptorForType().getFullName()
              + ", got "
              + got.getDescriptorForType().getFullName());
    }
    return message("", sent, got);
  }

  private static Optional<String> message(String path, Message sent, Message got) {
    for (FieldDescriptor f : sent.getDescriptorForType().getFields()) {
      String here = path.isEmpty() ? f.getName() : path + "." + f.getName();
      Optional<String> d =
          f.isRepeated() ? repeated(here, f, sent, got) : single(here, f, sent, got);
      if (d.isPresent()) {
        return d;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> single(
      String path, FieldDescriptor f, Message sent, Message got) {
    if (f.hasPresence() && sent.hasField(f) != got.hasField(f)) {
      return Optional.of(
          path
              + ": "
              + (sent.hasField(f)
                  ? "sent, missing in the reply"
                  : "not sent, present in the reply"));
    }
    return value(path, f, sent.getField(f), got.getField(f));
  }

  private static Optional<String> repeated(
      String path, FieldDescriptor f, Message sent, Message got) {
    int n = sent.getRepeatedFieldCount(f);
    int m = got.getRepeatedFieldCount(f);
    if (f.isMapField()) {
      // a map's entries carry no order: compare as sets of entries
      List<?> a = (List<?>) sent.getField(f);
      List<?> b = (List<?>) got.getField(f);
      if (n != m || !new java.util.HashSet<>(a).equals(new java.util.HashSet<>(b))) {
        return Optional.of(path + ": map entries differ (sent " + n + ", got " + m + ")");
      }
      return Optional.empty();
    }
    if (n != m) {
      return Optional.of(path + ": sent " + n + " elements, got " + m);
    }
    for (int i = 0; i < n; i++) {
      Optional<String> d =
          value(path + "[" + i + "]", f, sent.getRepeatedField(f, i), got.getRepeatedField(f, i));
      if (d.isPresent()) {
        return d;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> value(String path, FieldDescriptor f, Object a, Object b) {
    if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
      return message(path, (Message) a, (Message) b);
    }
    return a.equals(b)
        ? Optional.empty()
        : Optional.of(path + ": sent " + shown(a) + ", got " + shown(b));
  }

  private static String shown(Object v) {
    String s =
        v instanceof com.google.protobuf.ByteString bs ? bs.size() + " bytes" : String.valueOf(v);
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
