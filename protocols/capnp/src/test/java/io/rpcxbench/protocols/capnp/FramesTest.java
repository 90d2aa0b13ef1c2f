package io.rpcxbench.protocols.capnp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.capnproto.DecodeException;
import org.junit.jupiter.api.Test;

class FramesTest {
  private static final byte[] PUT =
      WireBytes.of(
          WireBytes.request(
              r -> {
                r.setId(3);
                r.setPut("key", new byte[] {1, 2, 3});
              }));

  /** A stream that hands out one byte per read, as a slow network might. */
  private static InputStream oneByteAtATime(byte[] bytes) {
    return new FilterInputStream(new ByteArrayInputStream(bytes)) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return super.read(b, off, Math.min(len, 1));
      }
    };
  }

  @Test
  void aMessageSplitAtEveryByteReadsWhole() throws Exception {
    var in = Frames.channel(oneByteAtATime(PUT));
    Request.Reader request =
        Frames.read(in, Frames.REQUEST_LIMITS).orElseThrow().getRoot(Request.factory);
    assertThat(request.id()).isEqualTo(3);
    assertThat(request.text()).isEqualTo("key");
    assertThat(request.value()).containsExactly(1, 2, 3);
    assertThat(Frames.read(in, Frames.REQUEST_LIMITS)).as("clean end").isEmpty();
  }

  @Test
  void aMessageCutAtAnyByteIsAnErrorNotAMessage() throws Exception {
    assertThat(Frames.read(Frames.channel(InputStream.nullInputStream()), Frames.REQUEST_LIMITS))
        .isEmpty();
    for (int cut = 1; cut < PUT.length; cut++) {
      var in = Frames.channel(new ByteArrayInputStream(Arrays.copyOf(PUT, cut)));
      assertThatThrownBy(() -> Frames.read(in, Frames.REQUEST_LIMITS))
          .as("cut at %d", cut)
          .isInstanceOf(IOException.class);
    }
  }

  @Test
  void aSegmentTableOverTheLimitIsRefusedBeforeTheSegmentIsRead() {
    long words = Frames.REQUEST_LIMITS.traversalLimitInWords + 1;
    byte[] header = {0, 0, 0, 0, (byte) words, (byte) (words >> 8), (byte) (words >> 16), 0};
    var in = Frames.channel(new ByteArrayInputStream(header));
    assertThatThrownBy(() -> Frames.read(in, Frames.REQUEST_LIMITS))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("traversal limit");
  }
}
