package io.rpcxbench.message;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.SchemaLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A message type read from a {@code .proto} file at run time: Wire parses and links the file (and
 * the files it imports from the same folder), protobuf builds its descriptors, so every
 * Protobuf-based protocol can carry the message as a {@code DynamicMessage}.
 *
 * <pre>
 *   Descriptor order = MessageSchema.load("examples/order.proto:Order");
 * </pre>
 */
public final class MessageSchema {
  private MessageSchema() {}

  /** {@code FILE.proto:MessageName} (the name with or without its package). */
  public static Descriptor load(String spec) {
    int colon = spec.lastIndexOf(':');
    if (colon <= 0 || colon == spec.length() - 1 || !spec.substring(0, colon).endsWith(".proto")) {
      throw new ShapeException(
          "--message must look like FILE.proto:MessageName, got '" + spec + "'");
    }
    return load(Path.of(spec.substring(0, colon)), spec.substring(colon + 1));
  }

  public static Descriptor load(Path proto, String messageName) {
    if (!Files.isRegularFile(proto)) {
      throw new ShapeException("schema " + proto + " not found");
    }
    Path dir = proto.toAbsolutePath().getParent();
    String name = proto.getFileName().toString();
    Schema schema;
    try {
      SchemaLoader loader = new SchemaLoader(java.nio.file.FileSystems.getDefault());
      loader.initRoots(
          List.of(Location.get(dir.toString(), name)), List.of(Location.get(dir.toString())));
      schema = loader.loadSchema();
    } catch (ShapeException e) {
      throw e;
    } catch (Exception e) {
      throw new ShapeException("schema " + proto + ": " + firstLine(e.getMessage()), e);
    }
    FileDescriptor file = build(schema, name, new HashMap<>());
    Descriptor d = file.findMessageTypeByName(simple(messageName, file.getPackage()));
    if (d == null) {
      throw new ShapeException(
          "schema "
              + proto
              + " has no message "
              + messageName
              + " (it has: "
              + String.join(", ", file.getMessageTypes().stream().map(Descriptor::getName).toList())
              + ")");
    }
    return d;
  }

  private static FileDescriptor build(
      Schema schema, String path, Map<String, FileDescriptor> built) {
    FileDescriptor done = built.get(path);
    if (done != null) {
      return done;
    }
    FileDescriptor known = WellKnownTypes.file(path);
    if (known != null) {
      return known;
    }
    ProtoFile file = schema.protoFile(path);
    if (file == null) {
      throw new ShapeException(
          "import "
              + path
              + " is not in the schema's folder, nor a well-known type this tool carries");
    }
    FileDescriptorProto proto = DescriptorBuilder.of(schema, file);
    FileDescriptor[] deps =
        file.getImports().stream().map(i -> build(schema, i, built)).toArray(FileDescriptor[]::new);
    try {
      FileDescriptor d = FileDescriptor.buildFrom(proto, deps);
      built.put(path, d);
      return d;
    } catch (DescriptorValidationException e) {
      throw new ShapeException("schema " + path + ": " + e.getMessage(), e);
    }
  }

  private static String simple(String messageName, String pkg) {
    String n = messageName.startsWith(".") ? messageName.substring(1) : messageName;
    return !pkg.isEmpty() && n.startsWith(pkg + ".") ? n.substring(pkg.length() + 1) : n;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    String line = s.strip();
    int nl = line.indexOf('\n');
    return nl < 0
        ? line
        : line.substring(0, nl) + " " + line.substring(nl + 1).strip().replaceAll("\\s+", " ");
  }
}
