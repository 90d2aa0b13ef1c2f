package io.rpcxbench.protocols.thrift;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.spi.ClientOptions;

/**
 * Apache Thrift's client for a user's message: the record written field by field through Thrift's
 * own protocol API ({@link ThriftRecords}: no generated code knows its type) as the {@code message}
 * call, on the same connections as the contract's calls (one blocking framed socket per calling
 * thread, TLS when asked), the reply read back as the type the mode answers with.
 */
final class ThriftMessageClient implements MessageClient {
  private final ThriftClient client;
  private final Descriptor type;

  ThriftMessageClient(ClientOptions options, Descriptor type) {
    this.client = new ThriftClient(options);
    this.type = type;
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    return client.message(record, reply, reply.replyType(type));
  }

  @Override
  public String describe() {
    return "libthrift "
        + ThriftClient.LIBTHRIFT_VERSION
        + " TBinaryProtocol written field by field from the schema of "
        + type.getFullName()
        + " (no generated code), as the message call; "
        + client.describe();
  }

  @Override
  public void close() {
    client.close();
  }
}
