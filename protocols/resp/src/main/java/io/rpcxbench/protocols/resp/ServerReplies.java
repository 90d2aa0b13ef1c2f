package io.rpcxbench.protocols.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.redis.ErrorRedisMessage;
import io.netty.handler.codec.redis.FullBulkStringRedisMessage;
import io.netty.handler.codec.redis.RedisMessage;
import io.netty.handler.codec.redis.SimpleStringRedisMessage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/** The server's reply and argument helpers, shared by its command tables. */
final class ServerReplies {
  static final SimpleStringRedisMessage OK = new SimpleStringRedisMessage("OK");

  /** Longest command name or argument quoted back in an error reply. */
  private static final int QUOTED = 64;

  private ServerReplies() {}

  static RedisMessage bulk(String text) {
    return new FullBulkStringRedisMessage(
        Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** An error reply; {@code text} starts with its code ({@code ERR}, {@code NOPROTO}). */
  static RedisMessage error(String text) {
    // A simple string must not contain CR or LF: they would end the reply early.
    return new ErrorRedisMessage(text.replace('\r', ' ').replace('\n', ' '));
  }

  /** Redis's own wording, which clients recognise. */
  static RedisMessage wrongArity(List<ByteBuf> args) {
    return error(
        "ERR wrong number of arguments for '" + name(args).toLowerCase(Locale.ROOT) + "' command");
  }

  /** The command's name, upper-case (ASCII only: command names are). */
  static String name(List<ByteBuf> args) {
    return quoted(args.get(0)).toUpperCase(Locale.ROOT);
  }

  /** An argument as UTF-8 text, or null when the command has no such argument. */
  static String utf8(List<ByteBuf> args, int index) {
    return index < args.size() ? args.get(index).toString(StandardCharsets.UTF_8) : null;
  }

  /** An argument's bytes (a copy), or null when the command has no such argument. */
  static byte[] bytes(List<ByteBuf> args, int index) {
    if (index >= args.size()) {
      return null;
    }
    ByteBuf arg = args.get(index);
    byte[] bytes = new byte[arg.readableBytes()];
    arg.getBytes(arg.readerIndex(), bytes);
    return bytes;
  }

  /** An argument as an int, or null when it is not one. */
  static Integer integer(ByteBuf arg) {
    if (arg.readableBytes() > 11) {
      return null;
    }
    try {
      return Integer.valueOf(arg.toString(StandardCharsets.US_ASCII));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** An argument, shortened and printable, to quote in an error reply. */
  static String quoted(ByteBuf arg) {
    int length = Math.min(arg.readableBytes(), QUOTED);
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      char c = (char) (arg.getByte(arg.readerIndex() + i) & 0xff);
      text.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return arg.readableBytes() > QUOTED ? text + "..." : text.toString();
  }
}
