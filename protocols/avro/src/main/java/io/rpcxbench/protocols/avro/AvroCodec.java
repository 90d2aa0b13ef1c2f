package io.rpcxbench.protocols.avro;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.message.MessageCodec;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A user's message as both Avro stacks carry it: a {@code GenericRecord} under the Avro schema
 * derived from its descriptor ({@link AvroRecords}, one per type, derived once), in Avro's binary
 * encoding.
 */
final class AvroCodec implements MessageCodec {
  static final AvroCodec INSTANCE = new AvroCodec();

  private final Map<Descriptor, AvroRecords> records = new ConcurrentHashMap<>();

  private AvroCodec() {}

  @Override
  public byte[] encode(Message message) {
    return of(message.getDescriptorForType()).encode(message);
  }

  @Override
  public Message decode(Descriptor type, byte[] body) {
    return of(type).decode(ByteBuffer.wrap(body));
  }

  @Override
  public String describe() {
    return "Apache Avro GenericDatumWriter/Reader under a schema derived from the descriptor";
  }

  private AvroRecords of(Descriptor type) {
    return records.computeIfAbsent(type, AvroRecords::of);
  }
}
