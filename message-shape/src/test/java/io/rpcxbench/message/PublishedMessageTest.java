package io.rpcxbench.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.BoolValue;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.StringValue;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.Item;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PublishedMessageTest {
  private static final String ORDER = "../examples/order.proto:Order";

  /** The refusal a server kit would throw: here a plain exception with the line. */
  static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String line) {
      super(line);
    }
  }

  /** A service naming {@code shape} as its message; its four calls are never made here. */
  private static BenchService shaped(String shape) {
    return new BenchService() {
      @Override
      public String hello(String name) {
        throw new UnsupportedOperationException();
      }

      @Override
      public byte[] echo(byte[] payload) {
        throw new UnsupportedOperationException();
      }

      @Override
      public boolean put(String key, byte[] value) {
        throw new UnsupportedOperationException();
      }

      @Override
      public List<Item> items(int n) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Optional<String> messageShape() {
        return Optional.of(shape);
      }
    };
  }

  private static DynamicMessage order() {
    return order(MessageSchema.load(ORDER));
  }

  private static DynamicMessage order(Descriptor type) {
    return DynamicMessage.newBuilder(type)
        .setField(type.findFieldByName("order_id"), "o-1")
        .setField(type.findFieldByName("placed_at_ms"), 42L)
        .build();
  }

  @Test
  void echoesTheRecordDecodedAndEncodedAgain() throws Exception {
    PublishedMessage message = PublishedMessage.of(shaped(ORDER), Refused::new);
    DynamicMessage sent = order(message.type());

    assertThat(message.published()).isTrue();
    assertThat(message.type().getFullName()).isEqualTo("examples.order.Order");
    byte[] echo = message.answer("echo", sent.toByteArray());
    assertThat(MessageReply.ECHO.check(sent, DynamicMessage.parseFrom(message.type(), echo)))
        .isEmpty();
    assertThat(BoolValue.parseFrom(message.answer("ack", sent.toByteArray())).getValue()).isTrue();
    assertThat(StringValue.parseFrom(message.answer("small", sent.toByteArray())).getValue())
        .isEqualTo(MessageReply.SMALL_TEXT);
  }

  @Test
  void aSchemaThatCannotBeUsedIsTheRefusalNamingTheOption() {
    assertThatThrownBy(() -> PublishedMessage.of(shaped("no-such.proto:Order"), Refused::new))
        .isInstanceOf(Refused.class)
        .hasMessageStartingWith("--message: ");
  }

  @Test
  void aServerWithoutMessageRefusesTheCall() {
    PublishedMessage none = PublishedMessage.of(new BenchLogic(), Refused::new);

    assertThat(none.published()).isFalse();
    assertThatThrownBy(() -> none.answer("echo", new byte[0]))
        .isInstanceOf(InvalidArgumentException.class)
        .hasMessage("this server was started without --message");
  }

  @Test
  void badCallsAreTheCallersErrors() {
    PublishedMessage message = PublishedMessage.of(shaped(ORDER), Refused::new);

    assertThatThrownBy(() -> message.answer("loud", order().toByteArray()))
        .isInstanceOf(InvalidArgumentException.class)
        .hasMessageContaining("echo, ack or small");
    assertThatThrownBy(() -> message.answer(null, order().toByteArray()))
        .isInstanceOf(InvalidArgumentException.class)
        .hasMessageContaining("required");
    assertThatThrownBy(() -> message.answer("echo", new byte[] {(byte) 0xff, 0x01}))
        .isInstanceOf(InvalidArgumentException.class)
        .hasMessageStartingWith("not a examples.order.Order: ");
    assertThatThrownBy(() -> PublishedMessage.mode(7))
        .isInstanceOf(InvalidArgumentException.class)
        .hasMessage("unknown reply mode 7");
  }

  @Test
  void modesKeepTheirWireNumbers() {
    for (MessageReply mode : MessageReply.values()) {
      assertThat(PublishedMessage.mode(mode.number())).isSameAs(mode);
    }
    assertThat(MessageReply.ECHO.number()).isZero();
    assertThat(MessageReply.SMALL.number()).isEqualTo(2);
  }
}
