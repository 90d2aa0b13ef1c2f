package io.rpcxbench.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessageSchemaTest {
  static final Path SHAPES = Path.of("src/test/resources/shapes");
  static final Path EXAMPLES = Path.of("../examples");

  @Test
  void everyKindOfFieldBecomesItsDescriptor() {
    Descriptor d = MessageSchema.load(SHAPES.resolve("everything.proto"), "Everything");
    assertThat(d.getFullName()).isEqualTo("test.shapes.Everything");
    assertThat(d.findFieldByName("s64").getType()).isEqualTo(FieldDescriptor.Type.SINT64);
    assertThat(d.findFieldByName("inners").isRepeated()).isTrue();
    assertThat(d.findFieldByName("inners").getMessageType().getFullName())
        .isEqualTo("test.shapes.Everything.Inner");
    assertThat(d.findFieldByName("numbers").isPacked()).isTrue();
    assertThat(d.findFieldByName("by_name").isMapField()).isTrue();
    assertThat(d.findFieldByName("by_name").getMessageType().getName()).isEqualTo("ByNameEntry");
    assertThat(d.findFieldByName("labels").isMapField()).isTrue();
    assertThat(d.findFieldByName("colour").getEnumType().getValues()).hasSize(3);
    assertThat(d.findFieldByName("maybe").hasPresence()).isTrue();
    assertThat(d.findFieldByName("s").hasPresence()).isFalse();
    assertThat(d.getRealOneofs())
        .singleElement()
        .satisfies(o -> assertThat(o.getName()).isEqualTo("choice"));
    assertThat(d.findFieldByName("nested").getRealContainingOneof().getName()).isEqualTo("choice");
    assertThat(d.findFieldByName("shared").getMessageType().getFullName())
        .isEqualTo("test.common.Shared");
    assertThat(d.findFieldByName("at").getMessageType().getFullName())
        .isEqualTo("google.protobuf.Timestamp");
  }

  @Test
  void proto2KeepsRequiredAndDefaults() {
    Descriptor d = MessageSchema.load(SHAPES.resolve("legacy.proto") + ":test.legacy.Legacy");
    assertThat(d.findFieldByName("id").isRequired()).isTrue();
    assertThat(d.findFieldByName("count").getDefaultValue()).isEqualTo(7);
  }

  @Test
  void theBundledExamplesLoad() {
    for (String spec :
        new String[] {
          "order.proto:Order",
          "records.proto:RecordList",
          "geode-put.proto:PutRequest",
          "document.proto:Document"
        }) {
      assertThat(MessageSchema.load(EXAMPLES + "/" + spec)).as(spec).isNotNull();
    }
  }

  @Test
  void aMalformedSchemaIsOneLineWithItsPlace(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("bad.proto");
    Files.writeString(bad, "syntax = \"proto3\";\nmessage X {\n  int32 a = ;\n}\n");
    assertThatThrownBy(() -> MessageSchema.load(bad, "X"))
        .isInstanceOf(ShapeException.class)
        .hasMessageContaining("bad.proto")
        .hasMessageContaining(":3:")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void anUndefinedTypeIsNamed(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("missing.proto");
    Files.writeString(bad, "syntax = \"proto3\";\nmessage X {\n  Nowhere a = 1;\n}\n");
    assertThatThrownBy(() -> MessageSchema.load(bad, "X"))
        .isInstanceOf(ShapeException.class)
        .hasMessageContaining("Nowhere");
  }

  @Test
  void aMissingMessageListsTheFilesMessages() {
    assertThatThrownBy(() -> MessageSchema.load(EXAMPLES + "/order.proto:Invoice"))
        .hasMessageEndingWith(
            "has no message Invoice (it has: Order, Customer, Address, Product, Card)");
  }

  @Test
  void badSpecsSayTheirForm() {
    assertThatThrownBy(() -> MessageSchema.load("order.json"))
        .hasMessage("--message must look like FILE.proto:MessageName, got 'order.json'");
    assertThatThrownBy(() -> MessageSchema.load("nope.proto:X"))
        .hasMessage("schema nope.proto not found");
  }
}
