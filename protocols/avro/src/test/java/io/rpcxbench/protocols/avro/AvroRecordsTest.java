package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Int32Value;
import com.google.protobuf.Struct;
import com.google.protobuf.UInt32Value;
import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** The Avro schema derived from a descriptor, and what Avro cannot carry. */
class AvroRecordsTest {
  @Test
  void aMessageIsARecordNamedByItsFullName() {
    Schema schema = AvroRecords.of(UInt32Value.getDescriptor()).schema();
    assertThat(schema.getFullName()).isEqualTo("google.protobuf.UInt32Value");
    // uint32 does not fit Avro's signed int
    assertThat(schema.getField("value").schema().getType()).isEqualTo(Schema.Type.LONG);
  }

  @Test
  void anUnsignedValueKeepsItsValue() {
    AvroRecords records = AvroRecords.of(UInt32Value.getDescriptor());
    UInt32Value max = UInt32Value.of(-1); // 2^32 - 1
    assertThat(
            records
                .decode(ByteBuffer.wrap(records.encode(max)))
                .getField(UInt32Value.getDescriptor().findFieldByName("value")))
        .isEqualTo(-1);
  }

  @Test
  void bytesThatAreNotSuchARecordAreOneClearLine() {
    AvroRecords records = AvroRecords.of(Int32Value.getDescriptor());
    assertThatThrownBy(() -> records.decode(ByteBuffer.wrap(new byte[] {2, 0, 0})))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a google.protobuf.Int32Value record: bytes after the record");
  }

  @Test
  void aRecursiveTypeIsRefusedWithWhy() {
    assertThatThrownBy(() -> AvroRecords.of(Struct.getDescriptor()))
        .isInstanceOf(AvroRecords.UnfitTypeException.class)
        .hasMessageContaining("avro carries no recursive message type")
        .hasMessageContaining("google.protobuf.Value")
        .hasMessageEndingWith("Avro's binary decoder bounds no nesting");
  }
}
