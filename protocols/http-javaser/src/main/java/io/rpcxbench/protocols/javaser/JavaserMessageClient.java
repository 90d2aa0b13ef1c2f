package io.rpcxbench.protocols.javaser;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;

/**
 * HTTP + Java serialization's client for a user's message: {@code POST /message} with a serialized
 * {@code Wire.MessageRequest} holding the record's protobuf bytes (the allow-listed container: Java
 * serialization has no schema read at run time), on the same JDK HttpClient as the contract's
 * calls; the reply deserialized through the reply allow-list and its bytes decoded into a {@link
 * DynamicMessage}.
 */
final class JavaserMessageClient implements MessageClient {
  private final JavaserClient http;
  private final Descriptor type;

  JavaserMessageClient(JavaserClient http, Descriptor type) {
    this.http = http;
    this.type = type;
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    byte[] answer = http.message(reply.id(), record.toByteArray());
    try {
      return DynamicMessage.parseFrom(reply.replyType(type), answer);
    } catch (InvalidProtocolBufferException e) {
      throw new JavaserCallException(
          "POST /message: reply is not " + reply.replyType(type).getFullName(), 0);
    }
  }

  @Override
  public String describe() {
    return http.describe()
        + "; POST /message: a MessageRequest record holding protobuf-java DynamicMessage bytes of "
        + type.getFullName();
  }

  @Override
  public void close() {
    http.close();
  }
}
