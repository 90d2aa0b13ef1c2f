package io.rpcxbench.protocols.capnp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.serverkit.BadInputException;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RequestInput;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.capnproto.MessageBuilder;
import org.junit.jupiter.api.Test;

/** The server's read of a request: as Serialize reads it, but grown as its bytes arrive. */
class ArrivingMessageTest {
  private static final byte[] PUT =
      WireBytes.of(
          WireBytes.request(
              r -> {
                r.setId(3);
                r.setPut("key", new byte[] {1, 2, 3});
              }));

  private static RequestInput input(InputStream in) {
    return new RequestInput(in, new InputBudget(1 << 20).share());
  }

  private static RequestInput oneByteAtATime(byte[] bytes) {
    return input(
        new FilterInputStream(new ByteArrayInputStream(bytes)) {
          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, 1));
          }
        });
  }

  @Test
  void aMessageSplitAtEveryByteReadsWhole() throws Exception {
    RequestInput in = oneByteAtATime(PUT);
    Request.Reader request =
        ArrivingMessage.read(in, Frames.REQUEST_LIMITS).orElseThrow().getRoot(Request.factory);
    assertThat(request.id()).isEqualTo(3);
    assertThat(request.text()).isEqualTo("key");
    assertThat(request.value()).containsExactly(1, 2, 3);
    assertThat(ArrivingMessage.read(in, Frames.REQUEST_LIMITS)).as("clean end").isEmpty();
  }

  @Test
  void aMessageOfSeveralSegmentsReadsWhole() throws Exception {
    MessageBuilder message = new MessageBuilder(8); // a first segment too small for the text
    Request.Builder builder = message.initRoot(Request.factory);
    builder.setId(9);
    builder.setPut("a key of some length", new byte[3000]);
    byte[] bytes = WireBytes.of(message);
    assertThat(message.getSegmentsForOutput()).hasSizeGreaterThan(1);
    Request.Reader request =
        ArrivingMessage.read(oneByteAtATime(bytes), Frames.REQUEST_LIMITS)
            .orElseThrow()
            .getRoot(Request.factory);
    assertThat(request.id()).isEqualTo(9);
    assertThat(request.text()).isEqualTo("a key of some length");
    assertThat(request.value()).hasSize(3000);
  }

  @Test
  void aMessageCutAtAnyByteIsAnErrorNotAMessage() throws Exception {
    assertThat(ArrivingMessage.read(input(InputStream.nullInputStream()), Frames.REQUEST_LIMITS))
        .isEmpty();
    for (int cut = 1; cut < PUT.length; cut++) {
      RequestInput in = input(new ByteArrayInputStream(Arrays.copyOf(PUT, cut)));
      assertThatThrownBy(() -> ArrivingMessage.read(in, Frames.REQUEST_LIMITS))
          .as("cut at %d", cut)
          .isInstanceOf(IOException.class);
    }
  }

  @Test
  void aSegmentTableOverTheLimitIsRefusedBeforeTheSegmentIsRead() {
    long words = Frames.REQUEST_LIMITS.traversalLimitInWords + 1;
    byte[] header = {0, 0, 0, 0, (byte) words, (byte) (words >> 8), (byte) (words >> 16), 0};
    assertThatThrownBy(
            () ->
                ArrivingMessage.read(
                    input(new ByteArrayInputStream(header)), Frames.REQUEST_LIMITS))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("the limit is");
    byte[] segments = {(byte) 0xff, (byte) 0xff, 0, 0, 1, 0, 0, 0};
    assertThatThrownBy(
            () ->
                ArrivingMessage.read(
                    input(new ByteArrayInputStream(segments)), Frames.REQUEST_LIMITS))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("segments");
  }
}
