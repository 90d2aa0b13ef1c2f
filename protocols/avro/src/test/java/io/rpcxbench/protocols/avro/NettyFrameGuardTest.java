package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The guard in front of Avro's Netty frame decoder, byte by byte. */
class NettyFrameGuardTest {
  private final AtomicInteger frames = new AtomicInteger();

  private EmbeddedChannel channel() {
    return new EmbeddedChannel(new NettyFrameGuard(100, frames::incrementAndGet));
  }

  /** Two frames: one of two buffers (3 B and 0 B), one of one buffer (5 B). */
  private static byte[] twoFrames() {
    ByteBuf b = Unpooled.buffer();
    b.writeInt(7).writeInt(2).writeInt(3).writeBytes(new byte[] {1, 2, 3}).writeInt(0);
    b.writeInt(8).writeInt(1).writeInt(5).writeBytes(new byte[5]);
    byte[] bytes = new byte[b.readableBytes()];
    b.readBytes(bytes);
    return bytes;
  }

  @Test
  void passesFramesThroughUnchangedWhereverTheyAreSplit() {
    byte[] bytes = twoFrames();
    for (int split = 0; split <= bytes.length; split++) {
      frames.set(0);
      EmbeddedChannel ch = channel();
      ch.writeInbound(Unpooled.wrappedBuffer(bytes, 0, split));
      ch.writeInbound(Unpooled.wrappedBuffer(bytes, split, bytes.length - split));
      ByteBuf out = Unpooled.buffer();
      for (ByteBuf part; (part = ch.readInbound()) != null; part.release()) {
        out.writeBytes(part);
      }
      assertThat(out.readableBytes()).as("split at %d", split).isEqualTo(bytes.length);
      assertThat(frames.get()).as("split at %d", split).isEqualTo(2);
      assertThat(ch.isOpen()).isTrue();
    }
  }

  @Test
  void everyByteAlone() {
    EmbeddedChannel ch = channel();
    for (byte b : twoFrames()) {
      ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    assertThat(frames.get()).isEqualTo(2);
    assertThat(ch.isOpen()).isTrue();
  }

  private void assertClosed(ByteBuf bad) {
    EmbeddedChannel ch = channel();
    ch.writeInbound(bad);
    assertThat(ch.isOpen()).isFalse();
    assertThat((Object) ch.readInbound()).isNull();
    assertThat(bad.refCnt()).isZero();
  }

  @Test
  void closesOnTooManyBuffers() {
    assertClosed(Unpooled.buffer().writeInt(1).writeInt(NettyFrameGuard.MAX_BUFFERS + 1));
  }

  @Test
  void closesOnNoBuffersOrANegativeCount() {
    assertClosed(Unpooled.buffer().writeInt(1).writeInt(0));
    assertClosed(Unpooled.buffer().writeInt(1).writeInt(-1));
  }

  @Test
  void closesOnABufferOverTheLimitOrBuffersThatAddUpOverIt() {
    assertClosed(Unpooled.buffer().writeInt(1).writeInt(1).writeInt(101));
    assertClosed(Unpooled.buffer().writeInt(1).writeInt(1).writeInt(-5));
    assertClosed(
        Unpooled.buffer()
            .writeInt(1)
            .writeInt(2)
            .writeInt(60)
            .writeBytes(new byte[60])
            .writeInt(41));
  }
}
