package io.rpcxbench.serverkit.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.channel.embedded.EmbeddedChannel;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Error;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Exception;
import io.rpcxbench.serverkit.DirectMemoryPressure;
import io.rpcxbench.serverkit.InputBudget;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@link UnfinishedMessages} on an {@code EmbeddedChannel}: the connection, not only the stream, is
 * ended when the budget or the direct memory's high water refuses more unfinished bytes.
 */
class UnfinishedMessagesTest {
  private static final long MAX_DIRECT = 64L << 20;
  private final AtomicLong directUsed = new AtomicLong();
  private final DirectMemoryPressure direct = new DirectMemoryPressure(directUsed::get, MAX_DIRECT);

  private EmbeddedChannel connection(long budget) {
    return new EmbeddedChannel(
        new UnfinishedMessages(
            "test",
            new InputBudget(budget),
            2048,
            new ResetFlood(System::nanoTime),
            Duration.ZERO,
            direct));
  }

  /** The preface, then stream 1's HEADERS, then DATA opening a message of {@code announced}. */
  private static ByteBuf callStart(int announced, int sent) {
    ByteBuf b = Unpooled.buffer();
    b.writeBytes(
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    b.writeMedium(0).writeByte(1).writeByte(0x4).writeInt(1); // HEADERS, END_HEADERS, no block
    b.writeMedium(5 + sent).writeByte(0).writeByte(0).writeInt(1); // DATA
    b.writeByte(0).writeInt(announced).writeZero(sent);
    return b;
  }

  private static void assertGoAway(EmbeddedChannel channel, ByteBuf bytes) {
    assertThatThrownBy(() -> channel.writeInbound(bytes))
        .isInstanceOfSatisfying(
            Http2Exception.class,
            e -> assertThat(e.error()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM));
  }

  @Test
  void underTheBudgetWithDirectMemoryToSpareBytesPass() {
    EmbeddedChannel channel = connection(1 << 20);
    channel.writeInbound(callStart(1_000_000, 100_000));
    channel.checkException();
    assertThat((Object) channel.readInbound()).isNotNull();
    channel.finishAndReleaseAll();
  }

  @Test
  void pastTheBudgetTheConnectionGetsGoAway() {
    EmbeddedChannel channel = connection(64 * 1024);
    assertGoAway(channel, callStart(1_000_000, 100_000));
    assertThat((Object) channel.readInbound()).as("its bytes are dropped").isNull();
    channel.finishAndReleaseAll();
  }

  @Test
  void pastTheDirectMemoryHighWaterAConnectionHoldingMoreThanItsGrantGetsGoAway() {
    directUsed.set(MAX_DIRECT / 100 * DirectMemoryPressure.HIGH_WATER_PERCENT + 1);
    EmbeddedChannel small = connection(1 << 20);
    small.writeInbound(callStart(1_000, InputBudget.GRANTED_BYTES / 2)); // an honest small call
    small.checkException();
    EmbeddedChannel large = connection(1 << 20);
    assertGoAway(large, callStart(1_000_000, 100_000));
    small.finishAndReleaseAll();
    large.finishAndReleaseAll();
  }

  /** Issue 59: a whole 60 KB message, then 1 KiB of a second announcing 1 MiB, in one read. */
  private static ByteBuf wholeThenPartial() {
    ByteBuf b = Unpooled.buffer(64 * 1024, 64 * 1024);
    b.writeBytes(
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    b.writeMedium(0).writeByte(1).writeByte(0x4).writeInt(1); // HEADERS, END_HEADERS, no block
    int whole = 60_000;
    b.writeMedium(5 + whole + 5 + 1024).writeByte(0).writeByte(0).writeInt(1); // DATA
    b.writeByte(0).writeInt(whole).writeZero(whole);
    b.writeByte(0).writeInt(1 << 20).writeZero(1024);
    return b;
  }

  @Test
  void theReadBufferAnUnfinishedMessageKeepsIsChargedToTheBudget() {
    EmbeddedChannel channel = connection(32 * 1024); // more than the 1 KiB, less than the buffer
    assertGoAway(channel, wholeThenPartial());
    channel.finishAndReleaseAll();
  }

  @Test
  void pastTheDirectMemoryHighWaterTheReadBufferAMessageKeepsCounts() {
    directUsed.set(MAX_DIRECT / 100 * DirectMemoryPressure.HIGH_WATER_PERCENT + 1);
    EmbeddedChannel channel = connection(1 << 20);
    assertGoAway(channel, wholeThenPartial());
    channel.finishAndReleaseAll();
  }

  /** Issue 59's table: the stalled message that waited longest makes room for a newer one. */
  @Test
  void aNewerMessageEvictsTheOneThatWaitedLongest() {
    InputBudget budget = new InputBudget(400 * 1024, Duration.ZERO); // one 256 KiB buffer fits
    EmbeddedChannel stalled = sharing(budget);
    stalled.writeInbound(callStart(1_000_000, 150_000));
    stalled.checkException();
    EmbeddedChannel newer = sharing(budget);

    newer.writeInbound(callStart(1_000_000, 150_000));

    newer.checkException();
    assertThat(budget.evictions()).isEqualTo(1);
    stalled.runPendingTasks(); // the eviction runs on the stalled connection's own loop
    assertThatThrownBy(stalled::checkException)
        .isInstanceOfSatisfying(
            Http2Exception.class,
            e -> assertThat(e.error()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM));
    stalled.finishAndReleaseAll();
    newer.finishAndReleaseAll();
  }

  private EmbeddedChannel sharing(InputBudget budget) {
    return new EmbeddedChannel(
        new UnfinishedMessages(
            "test", budget, 2048, new ResetFlood(System::nanoTime), Duration.ZERO, direct));
  }

  @Test
  void aWholeMessageAloneChargesNothing() {
    InputBudget budget = new InputBudget(1 << 20);
    EmbeddedChannel channel =
        new EmbeddedChannel(
            new UnfinishedMessages(
                "test", budget, 2048, new ResetFlood(System::nanoTime), Duration.ZERO, direct));
    ByteBuf b = callStart(1_000, 1_000);
    channel.writeInbound(b);
    channel.checkException();
    assertThat(budget.used()).isZero();
    channel.finishAndReleaseAll();
  }
}
