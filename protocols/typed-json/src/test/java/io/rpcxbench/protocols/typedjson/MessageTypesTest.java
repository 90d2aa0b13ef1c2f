package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import io.rpcxbench.protocols.typedjson.wire.MessageTypes;
import io.rpcxbench.protocols.typedjson.wire.Request;
import org.junit.jupiter.api.Test;

/**
 * The allow-list refuses a class name before Jackson loads it; {@code
 * BasicPolymorphicTypeValidator} with a name rule would have loaded and initialized it.
 */
class MessageTypesTest {
  private static final String GADGET = "io.rpcxbench.protocols.typedjson.Gadget";
  private static final String BASIC_GADGET = "io.rpcxbench.protocols.typedjson.BasicGadget";

  @Test
  void theAllowListIsTheContractsTypesByName() {
    assertThat(MessageTypes.TYPES)
        .extracting(Class::getName)
        .containsExactlyInAnyOrder(
            "io.rpcxbench.protocols.typedjson.wire.HelloRequest",
            "io.rpcxbench.protocols.typedjson.wire.EchoRequest",
            "io.rpcxbench.protocols.typedjson.wire.PutRequest",
            "io.rpcxbench.protocols.typedjson.wire.ItemsRequest",
            "io.rpcxbench.protocols.typedjson.wire.RecordRequest",
            "io.rpcxbench.protocols.typedjson.wire.HelloReply",
            "io.rpcxbench.protocols.typedjson.wire.EchoReply",
            "io.rpcxbench.protocols.typedjson.wire.PutReply",
            "io.rpcxbench.protocols.typedjson.wire.ItemsReply",
            "io.rpcxbench.protocols.typedjson.wire.RecordReply",
            "io.rpcxbench.protocols.typedjson.wire.ErrorReply",
            "io.rpcxbench.api.Item");
  }

  /** Issue 29: a user's record travels as a plain tree; a class name inside it stays text. */
  @Test
  void aClassNameInsideAMessageRecordIsNeverResolved() throws Exception {
    Object r =
        TypedJson.REQUESTS.readValue(
            "{\"@class\":\"io.rpcxbench.protocols.typedjson.wire.RecordRequest\",\"reply\":\"echo\","
                + "\"record\":{\"@class\":\""
                + GADGET
                + "\",\"x\":[\""
                + GADGET
                + "\",{\"@class\":\""
                + GADGET
                + "\"}]}}");
    assertThat(r).isInstanceOf(io.rpcxbench.protocols.typedjson.wire.RecordRequest.class);
    assertThat(
            ((io.rpcxbench.protocols.typedjson.wire.RecordRequest) r)
                .record()
                .get("@class")
                .asText())
        .isEqualTo(GADGET);
    assertThat(GadgetLog.INITIALIZED).doesNotContain(GADGET);
    assertThat(GadgetLog.CONSTRUCTED).doesNotContain(GADGET);
  }

  @Test
  void aNameOutsideTheListIsDeniedBeforeItsClassIsInitialized() {
    assertThatThrownBy(() -> TypedJson.REQUESTS.readValue("{\"@class\":\"" + GADGET + "\"}"))
        .isInstanceOf(InvalidTypeIdException.class)
        .hasMessageContaining("denied resolution");
    assertThat(GadgetLog.INITIALIZED).doesNotContain(GADGET);
    assertThat(GadgetLog.CONSTRUCTED).doesNotContain(GADGET);
  }

  /** Why {@link MessageTypes} is not a BasicPolymorphicTypeValidator: the gotcha, pinned. */
  @Test
  void basicPolymorphicTypeValidatorWouldHaveInitializedTheGadget() {
    ObjectReader basic =
        JsonMapper.builder()
            .polymorphicTypeValidator(
                BasicPolymorphicTypeValidator.builder()
                    .allowIfSubType("io.rpcxbench.protocols.typedjson.wire.")
                    .build())
            .build()
            .readerFor(Request.class);
    assertThatThrownBy(() -> basic.readValue("{\"@class\":\"" + BASIC_GADGET + "\"}"))
        .isInstanceOf(InvalidTypeIdException.class)
        .hasMessageContaining("Not a subtype");
    assertThat(GadgetLog.INITIALIZED).contains(BASIC_GADGET); // static initializer ran
    assertThat(GadgetLog.CONSTRUCTED).doesNotContain(BASIC_GADGET); // the sealed base type held
  }
}
