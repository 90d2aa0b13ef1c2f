package io.rpcxbench.protocols.javaser;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.message.MessageReply;
import java.io.ByteArrayInputStream;

/**
 * A user's message as HTTP + Java serialization carries it: a serialized {@link
 * Wire.MessageRequest} (the allow-listed container) holding the record's protobuf bytes, read back
 * through the server's request allow-list (JEP 290) and decoded from those bytes.
 */
final class JavaserCodec implements MessageCodec {
  static final JavaserCodec INSTANCE = new JavaserCodec();

  private JavaserCodec() {}

  @Override
  public byte[] encode(Message message) {
    return JavaserClient.serialize(
        new Wire.MessageRequest(MessageReply.ECHO.id(), MessageCodec.PROTOBUF.encode(message)));
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    Wire.MessageRequest request;
    try {
      request =
          WireCodec.read(
              new ByteArrayInputStream(body), WireFilters.requests(), Wire.MessageRequest.class);
    } catch (WireCodec.RejectedException e) {
      throw new IllegalArgumentException("not a MessageRequest: " + e.getMessage(), e);
    }
    return MessageCodec.PROTOBUF.decode(type, request.body());
  }

  @Override
  public String describe() {
    return "JDK serialization of a MessageRequest record holding protobuf-java bytes";
  }
}
