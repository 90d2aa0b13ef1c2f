package io.rpcxbench.protocols.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.redis.ArrayRedisMessage;
import io.netty.handler.codec.redis.ErrorRedisMessage;
import io.netty.handler.codec.redis.FullBulkStringRedisMessage;
import io.netty.handler.codec.redis.IntegerRedisMessage;
import io.netty.handler.codec.redis.RedisArrayAggregator;
import io.netty.handler.codec.redis.RedisBulkStringAggregator;
import io.netty.handler.codec.redis.RedisDecoder;
import io.netty.handler.codec.redis.RedisMessage;
import io.netty.handler.codec.redis.SimpleStringRedisMessage;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Tests' RESP reader: recorded bytes to readable text, one message per element. */
final class RespWire {
  private RespWire() {}

  /** Every complete message in {@code bytes}, e.g. {@code [HELLO, 3]}, {@code -NOPROTO ...}. */
  static List<String> messages(byte[] bytes) {
    EmbeddedChannel channel =
        new EmbeddedChannel(
            new RedisDecoder(),
            new RedisBulkStringAggregator(),
            new RedisArrayAggregator(1_000_000, 8));
    List<String> messages = new ArrayList<>();
    try {
      channel.writeInbound(Unpooled.wrappedBuffer(bytes));
    } catch (DecoderException resp3) {
      // Netty's codec knows RESP2 only; a RESP3 map ends the readable part
      messages.add("<RESP3 from here>");
    }
    RedisMessage message;
    int at = 0;
    while ((message = channel.readInbound()) != null) {
      messages.add(at++, text(message));
      ReferenceCountUtil.release(message);
    }
    channel.finishAndReleaseAll();
    return messages;
  }

  /** The command names of the arrays in {@code bytes}, upper-case, with CLIENT's subcommand. */
  static List<String> commandNames(byte[] bytes) {
    List<String> names = new ArrayList<>();
    for (String message : messages(bytes)) {
      String[] words = message.substring(1, message.length() - 1).split(", ");
      String name = words[0].toUpperCase(java.util.Locale.ROOT);
      names.add(name.equals("CLIENT") && words.length > 1 ? name + " " + words[1] : name);
    }
    return names;
  }

  private static String text(RedisMessage message) {
    if (message instanceof SimpleStringRedisMessage s) {
      return "+" + s.content();
    }
    if (message instanceof ErrorRedisMessage e) {
      return "-" + e.content();
    }
    if (message instanceof IntegerRedisMessage i) {
      return ":" + i.value();
    }
    if (message instanceof FullBulkStringRedisMessage b) {
      if (b.isNull()) {
        return "(nil)";
      }
      ByteBuf content = b.content();
      return content.readableBytes() > 80
          ? "<" + content.readableBytes() + " bytes>"
          : content.toString(StandardCharsets.UTF_8);
    }
    if (message instanceof ArrayRedisMessage a) {
      List<String> children = new ArrayList<>();
      a.children().forEach(c -> children.add(text(c)));
      return children.toString();
    }
    return message.toString();
  }
}
