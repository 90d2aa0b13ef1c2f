package io.rpcxbench.protocols.thrift;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageCodec;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TMemoryBuffer;
import org.apache.thrift.transport.TMemoryInputTransport;

/**
 * A user's message as Thrift carries it: the record's struct written field by field by {@link
 * ThriftRecords} through {@link TBinaryProtocol} (no message envelope, no frame), read back the
 * same way.
 */
final class ThriftCodec implements MessageCodec {
  static final ThriftCodec INSTANCE = new ThriftCodec();

  private ThriftCodec() {}

  @Override
  public byte[] encode(Message message) {
    try {
      TMemoryBuffer buffer = new TMemoryBuffer(256);
      ThriftRecords.write(new TBinaryProtocol(buffer), message);
      byte[] out = new byte[buffer.length()];
      System.arraycopy(buffer.getArray(), 0, out, 0, out.length);
      return out;
    } catch (TException e) {
      throw new IllegalArgumentException(
          "cannot write " + name(message) + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    try {
      return ThriftRecords.read(new TBinaryProtocol(new TMemoryInputTransport(body)), type);
    } catch (TException e) {
      throw new IllegalArgumentException("not a " + type.getFullName() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    return "libthrift " + ThriftClient.LIBTHRIFT_VERSION + " TBinaryProtocol, field by field";
  }

  private static String name(Message message) {
    return message.getDescriptorForType().getFullName();
  }
}
