package io.rpcxbench.serverkit.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.rpcxbench.serverkit.DirectMemoryPressure;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Issue 48: an unfinished request that the budget or the direct memory's high water refuses is
 * refused before its bytes reach the decoder (whose cumulation would allocate for them), and its
 * connection is closed.
 */
class RefusedBeforeDecodedTest {
  private static final long MAX_DIRECT = 64L << 20;
  private final AtomicLong directUsed = new AtomicLong();

  /** Stands for the decoder: counts the bytes it was given, decodes nothing. */
  private static final class Decoder extends ChannelInboundHandlerAdapter {
    long seen;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      seen += ((ByteBuf) msg).readableBytes();
      ((ByteBuf) msg).release();
    }
  }

  private EmbeddedChannel connection(long budget, Decoder decoder) {
    NettyLimits guard =
        new NettyLimits(
            "framed",
            ServerLimits.none().withMaxBufferedBytes(budget),
            new DirectMemoryPressure(directUsed::get, MAX_DIRECT));
    EmbeddedChannel channel = new EmbeddedChannel(decoder);
    guard.addFirst(channel.pipeline());
    return channel;
  }

  private static ByteBuf bytes(int n) {
    return Unpooled.buffer(n).writeZero(n);
  }

  @Test
  void underTheBudgetTheDecoderGetsTheBytes() {
    Decoder decoder = new Decoder();
    EmbeddedChannel channel = connection(1 << 20, decoder);
    channel.writeInbound(bytes(20_000));
    assertThat(decoder.seen).isEqualTo(20_000);
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void pastTheBudgetTheBytesNeverReachTheDecoder() {
    Decoder decoder = new Decoder();
    EmbeddedChannel channel = connection(16 * 1024, decoder);
    channel.writeInbound(bytes(4_000)); // within the grant
    channel.writeInbound(bytes(30_000));
    assertThat(decoder.seen).isEqualTo(4_000);
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void pastTheDirectMemoryHighWaterOnlyTheSmallRequestGoesOn() {
    directUsed.set(MAX_DIRECT);
    Decoder small = new Decoder();
    EmbeddedChannel honest = connection(1 << 20, small);
    honest.writeInbound(bytes(InputBudget.GRANTED_BYTES / 2));
    assertThat(small.seen).isEqualTo(InputBudget.GRANTED_BYTES / 2);
    assertThat(honest.isOpen()).isTrue();
    Decoder large = new Decoder();
    EmbeddedChannel attacker = connection(1 << 20, large);
    attacker.writeInbound(bytes(62 * 1024));
    assertThat(large.seen).isZero();
    assertThat(attacker.isOpen()).isFalse();
    honest.finishAndReleaseAll();
  }
}
