package io.rpcxbench.protocols.resp;

import static io.rpcxbench.protocols.resp.ServerReplies.bulk;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.redis.ArrayRedisMessage;
import io.netty.handler.codec.redis.FullBulkStringRedisMessage;
import io.netty.handler.codec.redis.IntegerRedisMessage;
import io.netty.handler.codec.redis.RedisMessage;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.Item;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.serverkit.ServerStarter;
import java.util.ArrayList;
import java.util.List;

/**
 * The contract's four calls as commands ({@code BENCH.HELLO name}, {@code BENCH.ECHO payload},
 * {@code BENCH.PUT key value}, {@code BENCH.ITEMS n}): the arguments go to {@link BenchService},
 * which also makes the checks; a missing argument reaches it as null. Thread-safe.
 */
final class BenchCommands {
  private final BenchService logic;
  private final PublishedMessage messages;

  BenchCommands(BenchService logic) {
    this.logic = logic;
    this.messages = PublishedMessage.of(logic, ServerStarter.RefusedService::new);
  }

  /** Replies with {@code "hello, " + name} as a bulk string. */
  RedisMessage hello(List<ByteBuf> args) {
    return bulk(logic.hello(ServerReplies.utf8(args, 1)));
  }

  /**
   * Replies with the payload itself: the request's buffer, not a copy; work or a chain gateway gets
   * the bytes.
   */
  RedisMessage echo(List<ByteBuf> args) {
    if (!(logic instanceof BenchLogic)) {
      return new FullBulkStringRedisMessage(
          Unpooled.wrappedBuffer(logic.echo(ServerReplies.bytes(args, 1))));
    }
    boolean present = args.size() > 1;
    BenchLogic.checkEchoPayload(present, present ? args.get(1).readableBytes() : 0);
    return new FullBulkStringRedisMessage(args.get(1).retainedDuplicate());
  }

  /** Stores the value; replies {@code +OK}, as {@code SET} does. */
  RedisMessage put(List<ByteBuf> args) {
    logic.put(ServerReplies.utf8(args, 1), ServerReplies.bytes(args, 2));
    return ServerReplies.OK;
  }

  /** Replies with an array of items, each {@code [id, name, price, flag 1/0, [tags]]}. */
  RedisMessage items(List<ByteBuf> args) {
    if (args.size() < 2) {
      throw new InvalidArgumentException("items: n is required");
    }
    Integer n = ServerReplies.integer(args.get(1));
    if (n == null) {
      throw new InvalidArgumentException(
          "items: n must be an integer between 0 and "
              + BenchContract.MAX_ITEMS
              + ", got '"
              + ServerReplies.quoted(args.get(1))
              + "'");
    }
    List<Item> items = logic.items(n);
    List<RedisMessage> rows = new ArrayList<>(items.size());
    for (Item item : items) {
      List<RedisMessage> tags = new ArrayList<>(item.tags().size());
      item.tags().forEach(tag -> tags.add(bulk(tag)));
      rows.add(
          new ArrayRedisMessage(
              List.of(
                  new IntegerRedisMessage(item.id()),
                  bulk(item.name()),
                  bulk(Double.toString(item.price())),
                  new IntegerRedisMessage(item.flag() ? 1 : 0),
                  new ArrayRedisMessage(tags))));
    }
    return new ArrayRedisMessage(rows);
  }

  /**
   * {@code BENCH.MESSAGE echo|ack|small body}: a user's message (docs/messages.md). RESP has no
   * schema of its own, so the record travels in its natural carrier, a bulk string holding its
   * protobuf bytes, decoded as the kit's {@code --message} type and answered in the mode asked for;
   * the reply a bulk string of the answer's bytes, a call {@link PublishedMessage} refuses {@code
   * -ERR}.
   */
  RedisMessage message(List<ByteBuf> args) {
    return new FullBulkStringRedisMessage(
        Unpooled.wrappedBuffer(
            messages.answer(ServerReplies.utf8(args, 1), ServerReplies.bytes(args, 2))));
  }
}
