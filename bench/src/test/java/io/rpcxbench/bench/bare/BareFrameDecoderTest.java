package io.rpcxbench.bench.bare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The baseline's framing, split at every byte, and the frames it refuses. */
class BareFrameDecoderTest {
  private static ByteBuf helloFrame(long id, String name) {
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    ByteBuf b = Unpooled.buffer();
    BareFrames.writeVarint32(b, 8 + bytes.length);
    b.writeLong(id);
    b.writeBytes(bytes);
    return b;
  }

  @Test
  void serverAnswersWhateverWayTheBytesArrive() {
    ByteBuf two = Unpooled.wrappedBuffer(helloFrame(7, "world"), helloFrame(300, "ab".repeat(100)));
    byte[] all = new byte[two.readableBytes()];
    two.readBytes(all);
    for (int split = 0; split <= all.length; split++) {
      EmbeddedChannel server =
          new EmbeddedChannel(
              new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH), BareServerHandler.INSTANCE);
      server.writeInbound(Unpooled.wrappedBuffer(all, 0, split));
      server.writeInbound(Unpooled.wrappedBuffer(all, split, all.length - split));
      assertThat(reply(server.readOutbound())).isEqualTo("7:hello, world");
      assertThat(reply(server.readOutbound())).isEqualTo("300:hello, " + "ab".repeat(100));
      assertThat((Object) server.readOutbound()).isNull();
      server.finishAndReleaseAll();
    }
  }

  private static String reply(ByteBuf frame) {
    try {
      int length = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = frame.readByte();
        length |= (b & 0x7f) << shift;
        if (b >= 0) {
          break;
        }
      }
      assertThat(frame.readableBytes()).isEqualTo(length);
      long id = frame.readLong();
      return id + ":" + frame.toString(StandardCharsets.UTF_8);
    } finally {
      frame.release();
    }
  }

  @Test
  void oversizeShortAndMalformedFramesAreRefused() {
    ByteBuf big = Unpooled.buffer();
    BareFrames.writeVarint32(big, BareFrames.MAX_FRAME_LENGTH + 1);
    assertThatThrownBy(
            () ->
                new EmbeddedChannel(new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH))
                    .writeInbound(big))
        .isInstanceOf(TooLongFrameException.class);
    assertThatThrownBy(
            () ->
                new EmbeddedChannel(new BareFrameDecoder(100))
                    .writeInbound(Unpooled.wrappedBuffer(new byte[] {3, 1, 2, 3})))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("shorter than an id");
    assertThatThrownBy(
            () ->
                new EmbeddedChannel(new BareFrameDecoder(100))
                    .writeInbound(Unpooled.wrappedBuffer(new byte[] {-1, -1, -1, -1, -1, 1})))
        .isInstanceOf(DecoderException.class)
        .hasMessageContaining("malformed length prefix");
  }
}
