package io.rpcxbench.harness.config;

import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageShape;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The user's own message of {@code --call message} (docs/messages.md): the schema, the records and
 * the reply mode, loaded and checked once before any call.
 *
 * @param data the {@code --data} file the records came from
 * @param reply {@code --message-reply}
 * @param shape the type and the records
 */
public record MessageCall(Path data, MessageReply reply, MessageShape shape) {
  /** {@code --message}, {@code --data}, {@code --message-reply}, for the forked workers. */
  void addArgs(List<String> args) {
    args.addAll(options());
  }

  /**
   * {@code --message}, {@code --data}, {@code --message-reply} with absolute paths: the options a
   * harness started in another folder needs for the same message.
   */
  public List<String> options() {
    return List.of(
        "--message",
        absoluteSpec(shape.spec()),
        "--data",
        data.toAbsolutePath().toString(),
        "--message-reply",
        reply.id());
  }

  /** {@code FILE.proto:Name} with the file's path made absolute; as it was without a colon. */
  public static String absoluteSpec(String spec) {
    int colon = spec.lastIndexOf(':');
    return colon <= 0
        ? spec
        : Path.of(spec.substring(0, colon)).toAbsolutePath() + spec.substring(colon);
  }

  /**
   * The message in the point's identity ({@code message_id}, docs/raw-format.md): its simple name,
   * the reply mode and its records' digest, {@code order-echo-3fa2c1d0}; another message, other
   * records or another reply mode is another point.
   */
  public String id() {
    return shape.type().getName().toLowerCase(Locale.ROOT)
        + "-"
        + reply.id()
        + "-"
        + shape.recordsDigest();
  }

  /** The message's provenance keys: its name, schema hash, data file, records and reply mode. */
  public void provenance(Map<String, String> keys) {
    keys.put("message", shape.spec());
    keys.put("message_name", shape.name());
    keys.put("message_schema_sha256", shape.schemaHash());
    keys.put("message_data", data.toString());
    keys.put("message_records", String.valueOf(shape.records().size()));
    keys.put("message_reply", reply.id());
  }
}
