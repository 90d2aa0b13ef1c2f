package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The batch copy: frames leave in order, byte for byte, across buffer boundaries. */
class WriteQueueTest {
  @Test
  void framesOfEverySizeLeaveInOrderAndRegisterTheirCalls() {
    EmbeddedChannel channel = new EmbeddedChannel();
    PendingCalls pending = new PendingCalls(channel.eventLoop());
    WriteQueue writes = new WriteQueue(channel, pending, true);
    Random random = new Random(42);
    int[] sizes = {
      1,
      30,
      WriteQueue.BATCH_BYTES - 1,
      2,
      WriteQueue.BATCH_BYTES,
      3 * WriteQueue.BATCH_BYTES + 7,
      64,
      64,
      64
    };
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    List<PendingCall> calls = new ArrayList<>();
    for (int round = 0; round < 20; round++) {
      for (int size : sizes) {
        byte[] frame = new byte[size];
        random.nextBytes(frame);
        expected.writeBytes(frame);
        PendingCall call = PendingCall.blocking(calls.size() + 1, null, frame, pending);
        calls.add(call);
        writes.enqueue(call);
      }
    }
    channel.runPendingTasks();

    ByteArrayOutputStream written = new ByteArrayOutputStream();
    ByteBuf out;
    while ((out = channel.readOutbound()) != null) {
      written.writeBytes(ByteBufUtil.getBytes(out));
      out.release();
    }
    assertThat(written.toByteArray()).isEqualTo(expected.toByteArray());
    assertThat(pending.size()).isEqualTo(calls.size());
    assertThat(calls).allSatisfy(call -> assertThat(call.frame).isNull());
    assertThat(calls).noneMatch(PendingCall::finished);
    channel.finishAndReleaseAll();
  }

  @Test
  void aBatchOfSmallFramesLeavesInOneBuffer() {
    EmbeddedChannel channel = new EmbeddedChannel();
    PendingCalls pending = new PendingCalls(channel.eventLoop());
    WriteQueue writes = new WriteQueue(channel, pending, true);
    for (int id = 1; id <= 100; id++) {
      writes.enqueue(PendingCall.blocking(id, null, new byte[] {(byte) id, 0, 0}, pending));
    }
    channel.runPendingTasks();

    ByteBuf out = channel.readOutbound();
    assertThat(out.readableBytes()).isEqualTo(300);
    out.release();
    assertThat((Object) channel.readOutbound()).isNull();
    channel.finishAndReleaseAll();
  }

  @Test
  void withoutCoalescingEachCallLeavesInABufferOfItsOwn() {
    EmbeddedChannel channel = new EmbeddedChannel();
    PendingCalls pending = new PendingCalls(channel.eventLoop());
    WriteQueue writes = new WriteQueue(channel, pending, false);
    for (int id = 1; id <= 100; id++) {
      writes.enqueue(PendingCall.blocking(id, null, new byte[] {(byte) id, 0, 0}, pending));
    }
    channel.runPendingTasks();

    for (int id = 1; id <= 100; id++) {
      ByteBuf out = channel.readOutbound();
      assertThat(ByteBufUtil.getBytes(out)).containsExactly(id, 0, 0);
      out.release();
    }
    assertThat((Object) channel.readOutbound()).isNull();
    assertThat(pending.size()).isEqualTo(100);
    channel.finishAndReleaseAll();
  }

  @Test
  void callsQueuedForAClosedChannelFailWithoutBeingWritten() {
    EmbeddedChannel channel = new EmbeddedChannel();
    PendingCalls pending = new PendingCalls(channel.eventLoop());
    WriteQueue writes = new WriteQueue(channel, pending, true);
    PendingCall call = PendingCall.blocking(1, null, new byte[] {1, 2, 3}, pending);
    channel.close();
    writes.enqueue(call);
    channel.runPendingTasks();

    assertThat(call.outcome())
        .isInstanceOfSatisfying(
            RpcxException.class,
            e -> assertThat(e.code()).isEqualTo(RpcxException.Code.UNAVAILABLE));
    assertThat(pending.size()).isZero();
    assertThat((Object) channel.readOutbound()).isNull();
  }

  @Test
  void aCallThatEndedBeforeItsTurnIsNotWritten() {
    EmbeddedChannel channel = new EmbeddedChannel();
    PendingCalls pending = new PendingCalls(channel.eventLoop());
    WriteQueue writes = new WriteQueue(channel, pending, true);
    PendingCall late = PendingCall.blocking(1, null, new byte[] {9}, pending);
    PendingCall onTime = PendingCall.blocking(2, null, new byte[] {7, 7}, pending);
    writes.enqueue(late);
    writes.enqueue(onTime);
    late.fail(new RpcxException(RpcxException.Code.DEADLINE_EXCEEDED, "deadline"));
    channel.runPendingTasks();

    ByteBuf out = channel.readOutbound();
    assertThat(ByteBufUtil.getBytes(out)).containsExactly(7, 7);
    out.release();
    assertThat(pending.size()).isEqualTo(1);
    channel.finishAndReleaseAll();
  }
}
