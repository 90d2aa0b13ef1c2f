package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageSchema;
import io.rpcxbench.message.ShapeException;
import io.rpcxbench.serverkit.ServerStarter;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's side of a user's message (docs/messages.md), for both Avro stacks: the record read
 * by Avro under the schema derived from the type the kit's {@code --message} names ({@link
 * AvroRecords}), answered in the mode asked for and written again. Without {@code --message}, or
 * with bytes that are not such a record, an invalid argument.
 */
final class AvroMessages {
  private final AvroRecords records;
  private final Map<MessageReply, AvroRecords> replies = new ConcurrentHashMap<>();

  private AvroMessages(AvroRecords records) {
    this.records = records;
  }

  /**
   * The service's message shape, loaded once; a schema that cannot be used, or a type Avro cannot
   * carry (recursive), refuses the start.
   */
  static AvroMessages of(io.rpcxbench.api.BenchService service) {
    try {
      return new AvroMessages(
          service.messageShape().map(MessageSchema::load).map(AvroRecords::of).orElse(null));
    } catch (ShapeException | AvroRecords.UnfitTypeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  ByteBuffer answer(String reply, ByteBuffer record) {
    if (records == null) {
      throw new InvalidArgumentException("this server was started without --message");
    }
    if (reply == null || record == null) {
      throw new InvalidArgumentException("message: a reply mode and a record are required");
    }
    MessageReply mode;
    try {
      mode = MessageReply.of(reply);
    } catch (ShapeException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
    try {
      return ByteBuffer.wrap(
          replies
              .computeIfAbsent(mode, m -> AvroRecords.of(m.replyType(records.type())))
              .encode(mode.answer(records.decode(record))));
    } catch (IllegalArgumentException e) {
      throw new InvalidArgumentException(e.getMessage());
    }
  }
}
