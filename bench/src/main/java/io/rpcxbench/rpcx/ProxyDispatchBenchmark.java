package io.rpcxbench.rpcx;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.server.rpcx.BenchService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
 * What RPCX adds per call on top of the codec, without sockets, with the real classes:
 *
 * <ul>
 *   <li>{@code proxyInvoke}: the JDK proxy of {@link BenchService} made by {@link
 *       RpcxClientFactory} and its {@code ProxyHandler}, for a method the handler answers itself
 *       ({@code hashCode}: the same map lookup, no call); the factory opens no connection.
 *   <li>{@code clientSend}: what the calling thread then does in {@code Endpoint.call} and {@code
 *       Connection.sendBlocking} up to {@code WriteQueue.enqueue}: descriptor lookup, id, the
 *       request frame encoded into an array with its size check, {@link PendingCall} (the event
 *       loop registers the call in {@link PendingCalls}: see {@code PendingCallsBenchmark}).
 *   <li>{@code serverDispatch}: from a decoded request to an encoded reply frame, as {@code
 *       ServerHandler} does it: registry lookup, arguments, MethodHandle call of the published
 *       {@code BenchEndpoint}, reply, size check, frame.
 *   <li>{@code serverPipeline}: a request frame through the real {@link RequestDecoder} and {@link
 *       ServerHandler} in an {@link EmbeddedChannel}, out as a reply frame.
 *   <li>{@code callInProcess}: one whole hello call's CPU work on both sides with no I/O: client
 *       send, registration in the channel's {@link PendingCalls} (as {@code WriteQueue} does),
 *       server pipeline, client pipeline ({@link ClientHandler} ends the call), result.
 * </ul>
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
public class ProxyDispatchBenchmark {
  private RpcxFixture f;
  private RpcxClientFactory factory;
  private BenchService proxy;
  private final AtomicLong ids = new AtomicLong();
  private PendingCalls pending;
  private ClientHandler clientHandler;
  private ByteBuf requestFrame;
  private EmbeddedChannel server;
  private EmbeddedChannel client;

  @Setup
  public void setUp() {
    f = new RpcxFixture();
    factory = RpcxClientFactory.builder().ioThreads(1).build();
    proxy = factory.create(BenchService.class);
    requestFrame = f.directFrame(f.request);
    server =
        new EmbeddedChannel(
            new RequestDecoder(f.registry, RpcxFixture.MAX_FRAME, null),
            new ServerHandler(Runnable::run, RpcxFixture.MAX_FRAME, new AtomicInteger()));
    clientHandler = new ClientHandler("in-process");
    client =
        new EmbeddedChannel(
            new FrameDecoder<>(RpcxReply.parser(), RpcxFixture.MAX_FRAME), clientHandler);
    pending = clientHandler.pending();
  }

  @TearDown
  public void tearDown() {
    requestFrame.release();
    server.finishAndReleaseAll();
    client.finishAndReleaseAll();
    factory.close();
  }

  @Benchmark
  public int proxyInvoke() {
    return proxy.hashCode();
  }

  @Benchmark
  public int clientSend() {
    return send().frame.length;
  }

  /** Connection.sendBlocking's steps on the caller's thread, from the proxy's arguments. */
  private PendingCall send() {
    ClientMethod method = f.clientMethods.get(f.helloMethod);
    long id = ids.incrementAndGet();
    return PendingCall.blocking(
        id, method, method.encode(id, RpcxFixture.ARGS, RpcxFixture.MAX_FRAME), pending);
  }

  @Benchmark
  public int serverDispatch() throws Throwable {
    RpcxRequest request = f.request;
    ServerMethod method = f.registry.find(request.getService(), request.getMethod());
    Object[] args = method.arguments(request.getParametersList().toArray(new Parameter[0]));
    RpcxReply reply = method.reply(request.getId(), method.invoke(args));
    if (Frames.messageSize(reply) > RpcxFixture.MAX_FRAME) {
      throw new IllegalStateException("too long");
    }
    ByteBuf frame = Frames.encode(f.alloc, reply);
    int size = frame.readableBytes();
    frame.release();
    return size;
  }

  @Benchmark
  public int serverPipeline() {
    server.writeInbound(requestFrame.retainedDuplicate());
    ByteBuf reply = server.readOutbound();
    int size = reply.readableBytes();
    reply.release();
    return size;
  }

  @Benchmark
  public Object callInProcess() {
    PendingCall call = send();
    pending.add(call); // what WriteQueue.drain does on the event loop
    byte[] frame = call.frame;
    call.frame = null;
    server.writeInbound(Unpooled.wrappedBuffer(frame));
    client.writeInbound((ByteBuf) server.readOutbound());
    // The event loop unparked this thread (a permit it never uses); the reply is there.
    return call.method.result((RpcxReply) call.outcome());
  }
}
