package io.rpcxbench.harness.protocol;

import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.MessageShape;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The message calls of one protocol JVM: the protocol's {@link MessageClient}, the records it sends
 * in turn, and the field-by-field check of every reply.
 */
public final class MessageRun implements AutoCloseable {
  private final MessageClient client;
  private final MessageCodec codec;
  private final MessageShape shape;
  private final MessageReply reply;

  public MessageRun(
      MessageClient client, MessageCodec codec, MessageShape shape, MessageReply reply) {
    this.client = client;
    this.codec = codec;
    this.shape = shape;
    this.reply = reply;
  }

  /** One call with the record of this sequence number; throws on failure or a wrong reply. */
  void call(long sequence) {
    DynamicMessage record = shape.record(sequence);
    check(record, client.call(record, reply));
  }

  /** Whether the protocol's message client has an asynchronous call of its own. */
  boolean isAsync() {
    return client.isAsync();
  }

  /** {@link #call} through the client's asynchronous API: the future fails, never throws. */
  CompletableFuture<Void> callAsync(long sequence) {
    DynamicMessage record = shape.record(sequence);
    return client.callAsync(record, reply).thenAccept(got -> check(record, got));
  }

  private void check(DynamicMessage record, Message got) {
    Optional<String> difference = reply.check(record, got);
    if (difference.isPresent()) {
      throw new CallKind.WrongReplyException(
          shape.name() + " " + reply.id() + ": " + difference.get());
    }
  }

  /**
   * The provenance keys of the bytes each way: the mean body of a request and of a reply as the
   * protocol's codec writes them (without its framing or headers), the client as built and the
   * codec.
   */
  public void provenance(Map<String, String> keys) {
    long sent = 0;
    long answered = 0;
    for (DynamicMessage record : shape.records()) {
      sent += codec.encode(record).length;
      answered += codec.encode(reply.answer(record)).length;
    }
    int n = shape.records().size();
    keys.put("message_request_bytes", String.valueOf(Math.round((double) sent / n)));
    keys.put("message_reply_bytes", String.valueOf(Math.round((double) answered / n)));
    keys.put("message_client", client.describe());
    keys.put("message_codec", codec.describe());
  }

  @Override
  public void close() {
    client.close();
  }
}
