package io.rpcxbench.protocols.resp;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * RESP's client for a user's message: {@code BENCH.MESSAGE echo|ack|small body} through the stock
 * client's own custom-command API (Jedis's {@code sendCommand}, Lettuce's {@code dispatch}), on the
 * same connections as the contract's calls. RESP has no schema language, so the body is stated for
 * what it is: a bulk string holding the record's protobuf bytes (protobuf-java's {@code
 * DynamicMessage}), the reply a bulk string of the answer's.
 */
final class RespMessageClient implements MessageClient {
  private final Function<Request, byte[]> commands;
  private final AutoCloseable connections;
  private final String description;
  private final Descriptor type;

  RespMessageClient(
      Function<Request, byte[]> commands,
      AutoCloseable connections,
      String description,
      Descriptor type) {
    this.commands = commands;
    this.connections = connections;
    this.description = description;
    this.type = type;
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    byte[] answer =
        commands.apply(
            Request.of(
                RespCommand.BENCH_MESSAGE,
                reply.id().getBytes(StandardCharsets.US_ASCII),
                record.toByteArray()));
    try {
      return DynamicMessage.parseFrom(reply.replyType(type), answer);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("reply is not " + reply.replyType(type).getFullName(), e);
    }
  }

  @Override
  public String describe() {
    return description
        + "; BENCH.MESSAGE with a bulk string of protobuf-java DynamicMessage bytes of "
        + type.getFullName();
  }

  @Override
  public void close() {
    try {
      connections.close();
    } catch (Exception e) {
      throw new IllegalStateException("closing " + description + ": " + e, e);
    }
  }
}
