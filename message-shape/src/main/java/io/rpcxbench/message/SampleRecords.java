package io.rpcxbench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The records a run sends, from {@code --data FILE.json}: a JSON object (one record), an array of
 * them, or {@code {"generate": {...}}}, a generator spec:
 *
 * <pre>
 *   {"generate": {"count": 32, "seed": 7, "string_length": "uniform(8,64)",
 *                 "list_size": "fixed(10)", "fields": {"products": "fixed(10)"}}}
 * </pre>
 *
 * Records use protobuf's JSON mapping (field names as in the schema or their lowerCamel JSON
 * names); a field the schema does not have is an error, not ignored.
 */
public final class SampleRecords {
  /** The largest data file read: a sample, not a data set. */
  static final long MAX_FILE_BYTES = 16L << 20;

  private SampleRecords() {}

  public static List<DynamicMessage> load(Path data, Descriptor type) {
    String text;
    if (!Files.isRegularFile(data)) {
      throw new ShapeException(
          "data "
              + data
              + (Files.exists(data)
                  ? " is not a regular file (a device, FIFO or folder is refused): give a JSON file"
                  : " not found"));
    }
    try (java.io.InputStream in = Files.newInputStream(data)) {
      // read with a bound: a file can grow, and one of /proc reports size 0 and never ends
      byte[] bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
      if (bytes.length > MAX_FILE_BYTES) {
        throw new ShapeException(
            "data "
                + data
                + " is over "
                + (MAX_FILE_BYTES >> 20)
                + " MiB: give a sample or a generator spec");
      }
      text = new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ShapeException("data " + data + " cannot be read: " + e.getMessage(), e);
    }
    return parse(text, type, data.toString());
  }

  static List<DynamicMessage> parse(String text, Descriptor type, String source) {
    com.google.gson.JsonElement json;
    try {
      json = com.google.gson.JsonParser.parseString(text);
    } catch (RuntimeException e) {
      throw new ShapeException("data " + source + " is not JSON: " + e.getMessage(), e);
    }
    if (json.isJsonObject() && json.getAsJsonObject().has("generate")) {
      return new RecordGenerator(spec(json.getAsJsonObject().get("generate"), source))
          .records(type);
    }
    List<DynamicMessage> out = new ArrayList<>();
    if (json.isJsonArray()) {
      int i = 0;
      for (com.google.gson.JsonElement e : json.getAsJsonArray()) {
        out.add(record(e, type, source + " record " + i++));
      }
    } else {
      out.add(record(json, type, source));
    }
    if (out.isEmpty()) {
      throw new ShapeException("data " + source + " holds no record");
    }
    return out;
  }

  private static DynamicMessage record(
      com.google.gson.JsonElement e, Descriptor type, String where) {
    DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
    try {
      JsonFormat.parser().merge(e.toString(), b);
    } catch (InvalidProtocolBufferException ex) {
      throw new ShapeException(
          where + " does not fit " + type.getFullName() + ": " + ex.getMessage(), ex);
    }
    return b.build();
  }

  private static GeneratorSpec spec(com.google.gson.JsonElement e, String source) {
    if (!e.isJsonObject()) {
      throw new ShapeException("data " + source + ": \"generate\" must be an object");
    }
    GeneratorSpec d = GeneratorSpec.defaults();
    var o = e.getAsJsonObject();
    Map<String, Distribution> perField = new HashMap<>();
    for (Iterator<String> keys = o.keySet().iterator(); keys.hasNext(); ) {
      String k = keys.next();
      if (!List.of(
              "count",
              "seed",
              "string_length",
              "bytes_length",
              "list_size",
              "map_size",
              "presence",
              "max_depth",
              "fields")
          .contains(k)) {
        throw new ShapeException("data " + source + ": unknown generator setting \"" + k + "\"");
      }
    }
    if (o.has("fields")) {
      for (var f : o.getAsJsonObject("fields").entrySet()) {
        perField.put(
            f.getKey(), Distribution.parse("fields." + f.getKey(), f.getValue().getAsString()));
      }
    }
    int count = o.has("count") ? o.get("count").getAsInt() : d.count();
    if (count < 1 || count > 100_000) {
      throw new ShapeException("data " + source + ": count must be 1..100000, got " + count);
    }
    double presence = o.has("presence") ? o.get("presence").getAsDouble() : d.presence();
    if (presence < 0 || presence > 1) {
      throw new ShapeException("data " + source + ": presence must be 0..1, got " + presence);
    }
    int depth = o.has("max_depth") ? o.get("max_depth").getAsInt() : d.maxDepth();
    if (depth < 0 || depth > 32) {
      throw new ShapeException("data " + source + ": max_depth must be 0..32, got " + depth);
    }
    return new GeneratorSpec(
        count,
        o.has("seed") ? o.get("seed").getAsLong() : d.seed(),
        o.has("string_length")
            ? Distribution.parse("string_length", o.get("string_length").getAsString())
            : d.stringLength(),
        o.has("bytes_length")
            ? Distribution.parse("bytes_length", o.get("bytes_length").getAsString())
            : d.bytesLength(),
        o.has("list_size")
            ? Distribution.parse("list_size", o.get("list_size").getAsString())
            : d.listSize(),
        o.has("map_size")
            ? Distribution.parse("map_size", o.get("map_size").getAsString())
            : d.mapSize(),
        presence,
        depth,
        Map.copyOf(perField));
  }
}
