package io.rpcxbench.protocols.amqp;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.amqp.AmqpCallException.Code;

/**
 * AMQP's client for a user's message: the record's protobuf bytes as the body of a request message
 * whose {@code type} names the reply mode ({@code message.echo|ack|small}), through the same
 * channels, RpcClient and broker as the contract's calls; the reply's body decoded into a {@link
 * DynamicMessage} of the type the mode answers with.
 */
final class AmqpMessageClient implements MessageClient {
  private final AmqpClient amqp;
  private final Descriptor type;

  AmqpMessageClient(AmqpClient amqp, Descriptor type) {
    this.amqp = amqp;
    this.type = type;
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    byte[] answer = amqp.message(AmqpMessages.method(reply), record.toByteArray());
    try {
      return DynamicMessage.parseFrom(reply.replyType(type), answer);
    } catch (InvalidProtocolBufferException e) {
      throw new AmqpCallException(
          Code.INTERNAL, "reply is not " + reply.replyType(type).getFullName(), e);
    }
  }

  @Override
  public String describe() {
    return amqp.describe()
        + "; the body protobuf-java DynamicMessage bytes of "
        + type.getFullName()
        + ", type message.echo|ack|small";
  }

  @Override
  public void close() {
    amqp.close();
  }
}
