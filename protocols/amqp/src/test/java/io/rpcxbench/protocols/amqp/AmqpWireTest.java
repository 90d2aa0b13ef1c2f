package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.protocols.amqp.AmqpWire.BadBodyException;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The message bodies both ways, their exact sizes, and what a truncated body does. */
class AmqpWireTest {
  private final BenchCalls calls = new BenchCalls(new BenchLogic(), "about text");

  @Test
  void optionalArgumentsSayMissingInOneByte() throws Exception {
    assertThat(AmqpWire.optionalText(null)).containsExactly(0);
    assertThat(AmqpWire.readOptionalText(AmqpWire.optionalText(null))).isNull();
    assertThat(AmqpWire.optionalText("world")).hasSize(6);
    assertThat(AmqpWire.readOptionalText(AmqpWire.optionalText("grüße"))).isEqualTo("grüße");
    assertThat(AmqpWire.readOptionalBytes(AmqpWire.optionalBytes(new byte[0]))).isEmpty();
    assertThat(AmqpWire.readOptionalBytes(AmqpWire.optionalBytes(null))).isNull();
  }

  @Test
  void theGeodePutIs581BytesOfBodyAndItsReplyOne() throws Exception {
    String key = BenchContract.putKey("k", 1, BenchContract.DEFAULT_KEY_BYTES);
    byte[] body = AmqpWire.put(key, new byte[BenchContract.DEFAULT_VALUE_BYTES]);
    assertThat(body).hasSize(4 + 64 + 1 + 512);
    AmqpWire.PutRequest put = AmqpWire.readPut(body);
    assertThat(put.key()).isEqualTo(key);
    assertThat(put.value()).hasSize(512);
    assertThat(AmqpWire.readPut(AmqpWire.put(null, null)))
        .isEqualTo(new AmqpWire.PutRequest(null, null));
    BenchCalls.Reply reply = calls.answer(AmqpWire.PUT, body);
    assertThat(reply.errorType()).isNull();
    assertThat(reply.body()).containsExactly(1);
  }

  @Test
  void itemsRoundTrip() throws Exception {
    for (int n : new int[] {0, 1, 10, 100}) {
      byte[] body = AmqpWire.itemList(BenchContract.items(n));
      assertThat(AmqpWire.readItemList(body)).isEqualTo(BenchContract.items(n));
    }
    assertThat(AmqpWire.readItems(AmqpWire.items(-3))).isEqualTo(-3);
  }

  @Test
  void everyTruncatedRequestBodyIsRejected() {
    byte[] put = AmqpWire.put("key", new byte[] {1, 2});
    for (int cut = 0; cut < 5; cut++) {
      byte[] truncated = Arrays.copyOf(put, cut);
      assertThatThrownBy(() -> AmqpWire.readPut(truncated)).isInstanceOf(BadBodyException.class);
    }
    // cut inside the key: the key length no longer fits
    assertThatThrownBy(() -> AmqpWire.readPut(Arrays.copyOf(put, 6)))
        .isInstanceOf(BadBodyException.class);
    assertThatThrownBy(() -> AmqpWire.readItems(new byte[3])).isInstanceOf(BadBodyException.class);
    assertThatThrownBy(() -> AmqpWire.readOptionalText(new byte[0]))
        .isInstanceOf(BadBodyException.class);
    assertThatThrownBy(() -> AmqpWire.readOptionalText(new byte[] {0, 9}))
        .isInstanceOf(BadBodyException.class);
    assertThatThrownBy(() -> AmqpWire.readOptionalText(new byte[] {2}))
        .isInstanceOf(BadBodyException.class);
  }

  @Test
  void everyTruncatedItemListIsRejected() {
    byte[] list = AmqpWire.itemList(BenchContract.items(3));
    for (int cut = 0; cut < list.length; cut++) {
      byte[] truncated = Arrays.copyOf(list, cut);
      assertThatThrownBy(() -> AmqpWire.readItemList(truncated))
          .as("cut at %d", cut)
          .isInstanceOf(IOException.class);
    }
    byte[] longer = Arrays.copyOf(list, list.length + 1);
    assertThatThrownBy(() -> AmqpWire.readItemList(longer)).hasMessageContaining("after");
  }

  @Test
  void badRequestsBecomeErrorReplies() {
    assertThat(calls.answer("hello", new byte[] {5}).errorType())
        .isEqualTo(AmqpWire.INVALID_ARGUMENT);
    assertThat(calls.answer("hello", AmqpWire.optionalText(null)).errorType())
        .isEqualTo(AmqpWire.INVALID_ARGUMENT);
    assertThat(new String(calls.answer("nope", new byte[0]).body())).contains("unknown method");
    assertThat(new String(calls.answer(null, new byte[0]).body())).contains("unknown method ''");
    BenchCalls.Reply oversize = calls.answer("echo", new byte[AmqpWire.MAX_BODY + 1]);
    assertThat(oversize.errorType()).isEqualTo(AmqpWire.INVALID_ARGUMENT);
    assertThat(new String(oversize.body())).contains("the limit is " + AmqpWire.MAX_BODY);
    assertThat(new String(calls.answer("about", new byte[0]).body())).isEqualTo("about text");
  }
}
