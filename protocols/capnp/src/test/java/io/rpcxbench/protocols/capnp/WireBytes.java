package io.rpcxbench.protocols.capnp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;

/** A message to and from its framed bytes, for tests. */
final class WireBytes {
  private WireBytes() {}

  static byte[] of(MessageBuilder message) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      Serialize.write(Frames.channel(bytes), message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static MessageReader read(byte[] bytes) {
    try {
      return Serialize.read(ByteBuffer.wrap(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static MessageBuilder request(java.util.function.Consumer<Request.Builder> fill) {
    MessageBuilder message = new MessageBuilder();
    Request.Builder request = message.initRoot(Request.factory);
    fill.accept(request);
    return message;
  }

  static MessageBuilder reply(java.util.function.Consumer<Reply.Builder> fill) {
    MessageBuilder message = new MessageBuilder();
    Reply.Builder reply = message.initRoot(Reply.factory);
    fill.accept(reply);
    return message;
  }
}
