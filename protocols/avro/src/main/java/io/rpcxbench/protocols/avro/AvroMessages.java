package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.serverkit.ServerStarter;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's side of a user's message (docs/messages.md), for both Avro stacks: the record read
 * by Avro under the schema derived from the type the kit's {@code --message} names ({@link
 * AvroRecords}), answered in the mode asked for and written again. A call {@link PublishedMessage}
 * refuses, or bytes that are not such a record, are an invalid argument.
 */
final class AvroMessages {
  private final PublishedMessage message;
  private final AvroRecords records;
  private final Map<MessageReply, AvroRecords> replies = new ConcurrentHashMap<>();

  private AvroMessages(PublishedMessage message, AvroRecords records) {
    this.message = message;
    this.records = records;
  }

  /**
   * The service's message shape, loaded once; a schema that cannot be used, or a type Avro cannot
   * carry (recursive), refuses the start.
   */
  static AvroMessages of(io.rpcxbench.api.BenchService service) {
    PublishedMessage message = PublishedMessage.of(service, ServerStarter.RefusedService::new);
    try {
      return new AvroMessages(message, message.published() ? AvroRecords.of(message.type()) : null);
    } catch (AvroRecords.UnfitTypeException e) {
      throw new ServerStarter.RefusedService("--message: " + e.getMessage());
    }
  }

  ByteBuffer answer(String reply, ByteBuffer record) {
    message.type();
    if (reply == null || record == null) {
      throw new InvalidArgumentException("message: a reply mode and a record are required");
    }
    MessageReply mode = PublishedMessage.mode(reply);
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
