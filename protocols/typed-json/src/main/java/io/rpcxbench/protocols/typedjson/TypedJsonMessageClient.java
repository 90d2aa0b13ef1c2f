package io.rpcxbench.protocols.typedjson;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.typedjson.wire.RecordReply;
import io.rpcxbench.protocols.typedjson.wire.RecordRequest;
import io.rpcxbench.spi.ClientOptions;

/**
 * Typed JSON's client for a user's message: the record in protobuf's JSON mapping ({@link
 * RecordCodec}) as the tree of a {@link RecordRequest}, through the same typed-JSON client, frames,
 * balancing and failover as the contract's calls; the reply read back as the mode's type.
 */
final class TypedJsonMessageClient implements MessageClient {
  private final TypedJsonClient client;
  private final Descriptor type;

  private TypedJsonMessageClient(TypedJsonClient client, Descriptor type) {
    this.client = client;
    this.type = type;
  }

  static TypedJsonMessageClient open(ClientOptions options, Descriptor type) {
    return new TypedJsonMessageClient(TypedJsonClient.open(options), type);
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    RecordReply answer =
        client.call(new RecordRequest(reply.id(), RecordCodec.tree(record)), RecordReply.class);
    if (answer.record() == null) {
      throw new TypedJsonException(TypedJsonException.Code.INTERNAL, "a message reply without it");
    }
    try {
      return RecordCodec.message(answer.record(), reply.replyType(type));
    } catch (IllegalArgumentException e) {
      throw new TypedJsonException(TypedJsonException.Code.INTERNAL, "reply: " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return client.describe() + "; message " + type.getFullName() + " in protobuf's JSON mapping";
  }

  @Override
  public void close() {
    client.close();
  }
}
