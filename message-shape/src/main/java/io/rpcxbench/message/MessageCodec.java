package io.rpcxbench.message;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;

/**
 * How a protocol writes a user's message as its body (docs/messages.md), by its own library, and
 * reads it back: the bytes its client sends for a record and its server answers with, without the
 * protocol's framing or headers. The provenance's bytes each way are its sizes; the codec benchmark
 * (bench/, {@code MessageCodecBenchmark}) times it, every carrier side by side. Thread-safe.
 *
 * <pre>{@code
 * MessageCodec codec = carrier.codec();
 * byte[] body = codec.encode(record);
 * Message back = codec.decode(record.getDescriptorForType(), body);
 * }</pre>
 */
public interface MessageCodec {
  /** Protobuf's binary form of the descriptor's {@code DynamicMessage}. */
  MessageCodec PROTOBUF = new ProtobufCodec();

  /** Protobuf's canonical JSON mapping ({@code JsonFormat}), compact, as UTF-8. */
  MessageCodec PROTOBUF_JSON = new ProtobufJsonCodec();

  /** The body for a message of any type (the record, or the reply a mode answers with). */
  byte[] encode(Message message);

  /**
   * A message of {@code type} from such a body.
   *
   * @throws IllegalArgumentException with one line when the bytes are not such a message
   */
  Message decode(Descriptor type, byte[] body);

  /** One line: the library and the form, e.g. "protobuf-java binary (DynamicMessage)". */
  String describe();
}
