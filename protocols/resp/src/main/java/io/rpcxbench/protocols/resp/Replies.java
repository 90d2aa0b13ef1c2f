package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The contract's values from the raw replies both client libraries hand back: a bulk string as
 * {@code byte[]}, an integer as {@code Long}, an array as {@code List}, a status as {@code byte[]}
 * (Jedis) or {@code String} (Lettuce). An item is the array {@code [id, name, price, flag,
 * [tags]]}.
 */
final class Replies {
  private Replies() {}

  /** A bulk string reply's bytes. */
  static byte[] bytes(Object reply) {
    if (reply instanceof byte[] bytes) {
      return bytes;
    }
    throw unexpected("a bulk string", reply);
  }

  /** A bulk string reply as UTF-8 text. */
  static String text(Object reply) {
    return new String(bytes(reply), StandardCharsets.UTF_8);
  }

  /** {@code +OK}, the reply of {@code BENCH.PUT} and {@code SET}, as put's {@code true}. */
  static boolean ok(Object reply) {
    String status =
        reply instanceof byte[] bytes ? new String(bytes, StandardCharsets.US_ASCII) : reply + "";
    if (status.equals("OK")) {
      return true;
    }
    throw unexpected("+OK", reply);
  }

  /** An items reply: an array of {@code [id, name, price, flag, [tags]]} arrays. */
  static List<Item> items(Object reply) {
    List<?> rows = list(reply, "an array of items");
    List<Item> items = new ArrayList<>(rows.size());
    for (Object row : rows) {
      List<?> fields = list(row, "an item array");
      if (fields.size() != 5) {
        throw unexpected("an item of 5 fields", row);
      }
      List<?> tagReplies = list(fields.get(4), "an array of tags");
      List<String> tags = new ArrayList<>(BenchContract.TAGS);
      for (Object tag : tagReplies) {
        tags.add(text(tag));
      }
      items.add(
          new Item(
              integer(fields.get(0)),
              text(fields.get(1)),
              Double.parseDouble(text(fields.get(2))),
              integer(fields.get(3)) != 0,
              tags));
    }
    return items;
  }

  /**
   * The server named by an {@code INFO server} reply: {@code redis-server 7.0.15}, or our server's
   * own line.
   */
  static String serverOf(String info) {
    String ours = field(info, RespServer.INFO_FIELD);
    if (ours != null) {
      return ours;
    }
    String redis = field(info, "redis_version");
    return redis != null ? "redis-server " + redis : "an unknown server (no redis_version in INFO)";
  }

  private static String field(String info, String name) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return line.substring(name.length() + 1).trim();
      }
    }
    return null;
  }

  private static long integer(Object reply) {
    if (reply instanceof Long value) {
      return value;
    }
    throw unexpected("an integer", reply);
  }

  private static List<?> list(Object reply, String what) {
    if (reply instanceof List<?> list) {
      return list;
    }
    throw unexpected(what, reply);
  }

  private static IllegalStateException unexpected(String expected, Object reply) {
    String got =
        reply == null
            ? "a null reply"
            : reply instanceof byte[] b
                ? "bulk/status of " + b.length + " bytes"
                : reply.toString();
    if (got.length() > 80) {
      got = got.substring(0, 80) + "...";
    }
    return new IllegalStateException("expected " + expected + ", got " + got);
  }
}
