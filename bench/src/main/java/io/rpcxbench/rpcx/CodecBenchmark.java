package io.rpcxbench.rpcx;

import io.netty.buffer.ByteBuf;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import java.util.ArrayList;
import java.util.List;
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
 * RPCX's codec per hello call, with the real code: building the request from the prepared {@link
 * ClientMethod} and framing it ({@link Frames#encode}), splitting and parsing it ({@link
 * FrameDecoder}, from a direct buffer as a socket delivers it), and the same for the reply ({@link
 * ServerMethod#reply}, then {@link ClientMethod#result}). Run with {@code -prof gc} for bytes
 * allocated per call.
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
public class CodecBenchmark {
  private RpcxFixture f;
  private ServerMethod serverHello;
  private ByteBuf requestFrame;
  private ByteBuf replyFrame;
  private FrameDecoder<RpcxRequest> requestDecoder;
  private FrameDecoder<RpcxReply> replyDecoder;
  private final List<Object> out = new ArrayList<>(1);
  private long id;

  @Setup
  public void setUp() {
    f = new RpcxFixture();
    serverHello = f.registry.find(BenchContract.SERVICE, BenchContract.HELLO);
    requestFrame = f.directFrame(f.request);
    replyFrame = f.directFrame(f.reply);
    requestDecoder = new FrameDecoder<>(RpcxRequest.parser(), RpcxFixture.MAX_FRAME);
    replyDecoder = new FrameDecoder<>(RpcxReply.parser(), RpcxFixture.MAX_FRAME);
  }

  @TearDown
  public void tearDown() {
    requestFrame.release();
    replyFrame.release();
  }

  /**
   * Client, as the proxy does it: the request frame written straight from the call's arguments into
   * an array ({@link ClientMethod#encode}), no message objects.
   */
  @Benchmark
  public int encodeRequest() {
    return f.hello.encode(++id, RpcxFixture.ARGS, RpcxFixture.MAX_FRAME).length;
  }

  /**
   * Client, the reference encoding (what the bytes are checked against): the request message built
   * from the arguments, then framed into a pooled buffer.
   */
  @Benchmark
  public int encodeRequestMessage() {
    ByteBuf frame = Frames.encode(f.alloc, f.hello.request(++id, RpcxFixture.ARGS));
    int size = frame.readableBytes();
    frame.release();
    return size;
  }

  /** Server: one request frame split off the input and parsed. */
  @Benchmark
  public Object decodeRequest() {
    requestFrame.readerIndex(0);
    out.clear();
    requestDecoder.decode(null, requestFrame, out);
    return out.get(0);
  }

  /** Server: the reply message for the method's result, framed into a pooled buffer. */
  @Benchmark
  public int encodeReply() {
    ByteBuf frame =
        Frames.encode(f.alloc, serverHello.reply(++id, BenchContract.helloReply(RpcxFixture.NAME)));
    int size = frame.readableBytes();
    frame.release();
    return size;
  }

  /** Client: one reply frame split off the input, parsed, and its result value decoded. */
  @Benchmark
  public Object decodeReply() {
    replyFrame.readerIndex(0);
    out.clear();
    replyDecoder.decode(null, replyFrame, out);
    return f.hello.result((RpcxReply) out.get(0));
  }
}
