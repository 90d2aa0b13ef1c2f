package io.rpcxbench.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.util.JsonFormat;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleRecordsTest {
  private static final Path EXAMPLES = MessageSchemaTest.EXAMPLES;

  @Test
  void theOrderExampleHoldsTenProductsAndRoundTripsThroughTheWireAndJson() throws Exception {
    Descriptor order = MessageSchema.load(EXAMPLES + "/order.proto:Order");
    List<DynamicMessage> records = SampleRecords.load(EXAMPLES.resolve("order.json"), order);
    DynamicMessage o = records.get(0);
    assertThat(records).hasSize(1);
    assertThat(o.getRepeatedFieldCount(order.findFieldByName("products"))).isEqualTo(10);
    DynamicMessage fromWire = DynamicMessage.parseFrom(order, o.toByteArray());
    assertThat(FieldDifference.first(o, fromWire)).isEmpty();
    DynamicMessage.Builder fromJson = DynamicMessage.newBuilder(order);
    JsonFormat.parser().merge(JsonFormat.printer().print(o), fromJson);
    assertThat(FieldDifference.first(o, fromJson.build())).isEmpty();
  }

  @Test
  void everyShapeOfTheGeneratorRoundTrips() throws Exception {
    Descriptor d =
        MessageSchema.load(MessageSchemaTest.SHAPES.resolve("everything.proto"), "Everything");
    for (DynamicMessage m : new RecordGenerator(GeneratorSpec.defaults()).records(d)) {
      DynamicMessage back = DynamicMessage.parseFrom(d, m.toByteArray());
      assertThat(FieldDifference.first(m, back)).isEmpty();
      assertThat(back).isEqualTo(m);
      // the JSON mapping too: well-known types come out in their valid ranges
      DynamicMessage.Builder fromJson = DynamicMessage.newBuilder(d);
      JsonFormat.parser().merge(JsonFormat.printer().print(m), fromJson);
      assertThat(FieldDifference.first(m, fromJson.build())).isEmpty();
    }
  }

  @Test
  void aGeneratorSpecIsSeededAndSizesFieldsByName() {
    Descriptor list = MessageSchema.load(EXAMPLES + "/records.proto:RecordList");
    List<DynamicMessage> a = SampleRecords.load(EXAMPLES.resolve("records.json"), list);
    List<DynamicMessage> b = SampleRecords.load(EXAMPLES.resolve("records.json"), list);
    assertThat(a).hasSize(32).isEqualTo(b);
    assertThat(a)
        .allSatisfy(
            r ->
                assertThat(r.getRepeatedFieldCount(list.findFieldByName("records"))).isEqualTo(50));
    Descriptor put = MessageSchema.load(EXAMPLES + "/geode-put.proto:PutRequest");
    DynamicMessage p = SampleRecords.load(EXAMPLES.resolve("geode-put.json"), put).get(0);
    assertThat((String) p.getField(put.findFieldByName("key"))).hasSize(64);
    assertThat(((com.google.protobuf.ByteString) p.getField(put.findFieldByName("value"))).size())
        .isEqualTo(512);
  }

  @Test
  void dataThatDoesNotFitTheSchemaIsOneLine() {
    Descriptor order = MessageSchema.load(EXAMPLES + "/order.proto:Order");
    assertThatThrownBy(
            () -> SampleRecords.parse("[{\"orderId\": \"a\"}, {\"colour\": 1}]", order, "d.json"))
        .isInstanceOf(ShapeException.class)
        .hasMessageStartingWith("d.json record 1 does not fit examples.order.Order: ")
        .hasMessageContaining("colour");
    assertThatThrownBy(() -> SampleRecords.parse("{not json", order, "d.json"))
        .hasMessageStartingWith("data d.json is not JSON");
    assertThatThrownBy(() -> SampleRecords.parse("[]", order, "d.json"))
        .hasMessage("data d.json holds no record");
    assertThatThrownBy(
            () -> SampleRecords.parse("{\"generate\": {\"colour\": 1}}", order, "d.json"))
        .hasMessage("data d.json: unknown generator setting \"colour\"");
    assertThatThrownBy(
            () -> SampleRecords.parse("{\"generate\": {\"list_size\": \"lots\"}}", order, "d.json"))
        .hasMessage(
            "list_size must be N, fixed(N), uniform(MIN,MAX), normal(MEAN,SD) or exponential(MEAN), got 'lots'");
  }

  @Test
  void theFirstDifferenceIsAPathAUserCanRead() throws Exception {
    Descriptor order = MessageSchema.load(EXAMPLES + "/order.proto:Order");
    DynamicMessage o = SampleRecords.load(EXAMPLES.resolve("order.json"), order).get(0);
    var products = order.findFieldByName("products");
    DynamicMessage p3 = (DynamicMessage) o.getRepeatedField(products, 3);
    DynamicMessage changed =
        o.toBuilder()
            .setRepeatedField(
                products,
                3,
                p3.toBuilder()
                    .setField(p3.getDescriptorForType().findFieldByName("unit_price"), 1.0)
                    .build())
            .build();
    assertThat(FieldDifference.first(o, changed))
        .contains("products[3].unit_price: sent 20.49, got 1.0");
    DynamicMessage noNote = o.toBuilder().clearField(order.findFieldByName("note")).build();
    assertThat(FieldDifference.first(o, noNote)).contains("note: sent, missing in the reply");
  }

  @Test
  void distributionsStayInTheirRange() {
    var r = new java.util.SplittableRandom(1);
    Distribution u = Distribution.parse("x", "uniform(5,7)");
    for (int i = 0; i < 1000; i++) {
      assertThat(u.sample(r)).isBetween(5, 7);
    }
    assertThat(Distribution.parse("x", "12").sample(r)).isEqualTo(12);
    assertThat(Distribution.parse("x", "normal(3,100)").sample(r)).isNotNegative();
    assertThatThrownBy(() -> Distribution.parse("x", "uniform(9,2)"))
        .hasMessageContaining("MAX is below its MIN");
    assertThatThrownBy(() -> Distribution.parse("x", "normal(3)"))
        .hasMessageContaining("takes two numbers");
  }
}
