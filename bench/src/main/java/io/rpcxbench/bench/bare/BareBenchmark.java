package io.rpcxbench.bench.bare;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The bare baseline's per-call CPU work, the floor for {@code io.rpcxbench.rpcx.CodecBenchmark} and
 * {@code ProxyDispatchBenchmark}: the same steps with the baseline's classes (same name length as
 * there).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider",
      "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"
    })
public class BareBenchmark {
  private static final String NAME = "o5t12c3456";

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private final BarePendingCalls pending = new BarePendingCalls();
  private long id;
  private ByteBuf requestFrame;
  private ByteBuf replyFrame;
  private EmbeddedChannel server;
  private EmbeddedChannel client;
  private BareFrameDecoder decoder;
  private final java.util.List<Object> out = new java.util.ArrayList<>(1);

  @Setup
  public void setUp() {
    requestFrame = Unpooled.directBuffer().writeBytes(encodeRequest(1));
    server =
        new EmbeddedChannel(
            new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH), BareServerHandler.INSTANCE);
    server.writeInbound(requestFrame.retainedDuplicate());
    ByteBuf reply = server.readOutbound();
    replyFrame = alloc.directBuffer(reply.readableBytes());
    replyFrame.writeBytes(reply);
    reply.release();
    client =
        new EmbeddedChannel(
            new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH),
            new BareClientHandler(pending, "in-process"));
    decoder = new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH);
  }

  @TearDown
  public void tearDown() {
    requestFrame.release();
    replyFrame.release();
    server.finishAndReleaseAll();
    client.finishAndReleaseAll();
  }

  /** What BareClient.hello does on the calling thread: the frame, into an array. */
  private static byte[] encodeRequest(long callId) {
    return BareFrames.frame(callId, NAME.getBytes(StandardCharsets.UTF_8));
  }

  @Benchmark
  public int encodeRequest() {
    return encodeRequest(++id).length;
  }

  /**
   * The reply frame split off the input, its body copied out (as BareClientHandler does) and
   * decoded.
   */
  @Benchmark
  public String decodeReply() {
    replyFrame.readerIndex(0);
    out.clear();
    decoder.decode(null, replyFrame, out);
    ByteBuf body = (ByteBuf) out.get(0);
    try {
      body.skipBytes(BareFrames.ID_BYTES);
      return new String(ByteBufUtil.getBytes(body), StandardCharsets.UTF_8);
    } finally {
      body.release();
    }
  }

  @Benchmark
  public int serverPipeline() {
    server.writeInbound(requestFrame.retainedDuplicate());
    ByteBuf reply = server.readOutbound();
    int size = reply.readableBytes();
    reply.release();
    return size;
  }

  /** One whole call's CPU work, both sides, no I/O (the caller does not park: it is done). */
  @Benchmark
  public String callInProcess() {
    long callId = ++id;
    BareCall call = BareCall.blocking(callId, encodeRequest(callId));
    pending.add(call);
    byte[] frame = call.frame;
    call.frame = null;
    server.writeInbound(Unpooled.wrappedBuffer(frame));
    client.writeInbound((ByteBuf) server.readOutbound());
    return new String((byte[]) call.awaitLate(), StandardCharsets.UTF_8);
  }
}
