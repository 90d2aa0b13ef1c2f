package io.rpcxbench.bench.bare;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.Version;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bare baseline's client, with RPCX's client model and nothing else: blocking callers that each
 * wait on their own reply (or async calls whose futures the event loop completes, for the in-flight
 * model), a request id to call map, one persistent NIO connection (opened on first use, again after
 * a loss) with TCP_NODELAY, and write coalescing. The caller encodes its frame into an array (the
 * write queue copies a batch into one pooled buffer, as RPCX's does); the event loop copies each
 * reply body out for its caller.
 */
final class BareClient implements BenchClient {
  private final ClientOptions options;
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final BarePendingCalls pending = new BarePendingCalls();
  private final AtomicLong ids = new AtomicLong();
  private final long timeoutNanos;
  private volatile Link link;

  /** The current channel with the queue that feeds it. */
  private record Link(Channel channel, BareWriteQueue writes) {}

  BareClient(ClientOptions options) {
    this.options = options;
    this.timeoutNanos = options.callTimeout().toNanos();
    this.group =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("bare-client", true), NioIoHandler.newFactory());
    String address = options.target();
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, millis(options.connectTimeout()))
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    channel
                        .pipeline()
                        .addLast("frames", new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH))
                        .addLast("calls", new BareClientHandler(pending, address));
                  }
                });
  }

  @Override
  public String hello(String name) {
    Link current = activeLink();
    long id = ids.incrementAndGet();
    byte[] reply = call(current, id, BareFrames.frame(id, name.getBytes(StandardCharsets.UTF_8)));
    return new String(reply, StandardCharsets.UTF_8);
  }

  @Override
  public byte[] echo(byte[] payload) {
    Link current = activeLink();
    long id = ids.incrementAndGet();
    return call(current, id, BareFrames.frame(id | BareFrames.ECHO_BIT, payload));
  }

  /** Sends the frame and blocks until its reply body. */
  private byte[] call(Link current, long id, byte[] frame) {
    long deadline = System.nanoTime() + timeoutNanos;
    BareCall call = BareCall.blocking(id, frame);
    pending.add(call);
    current.writes.enqueue(call);
    Object outcome = call.await(deadline);
    if (outcome == null) {
      if (pending.removeIfPending(call)) {
        throw new BareException(Thread.currentThread().isInterrupted() ? "interrupted" : noReply());
      }
      outcome = call.awaitLate(); // the reply (or the loss) won the race
    }
    if (outcome instanceof BareException e) {
      throw new BareException(e.getMessage(), e);
    }
    return (byte[]) outcome;
  }

  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    CompletableFuture<String> reply = new CompletableFuture<>();
    callAsync(name.getBytes(StandardCharsets.UTF_8), 0)
        .whenComplete(
            (body, failure) -> { // the failure itself, not wrapped as thenApply would
              if (failure != null) {
                reply.completeExceptionally(failure);
              } else {
                reply.complete(new String(body, StandardCharsets.UTF_8));
              }
            });
    return reply;
  }

  @Override
  public CompletableFuture<byte[]> echoAsync(byte[] payload) {
    return callAsync(payload, BareFrames.ECHO_BIT);
  }

  /**
   * Sends the frame; the event loop completes the future with the reply body, or with a {@link
   * BareException} at the deadline (a task on the event loop, as RPCX's async calls have) or when
   * the link goes. Never throws.
   */
  private CompletableFuture<byte[]> callAsync(byte[] body, long flags) {
    Link current;
    try {
      current = activeLink();
    } catch (BareException e) {
      return CompletableFuture.failedFuture(e);
    }
    long id = ids.incrementAndGet();
    BareCall call = BareCall.async(id, BareFrames.frame(id | flags, body));
    pending.add(call);
    call.deadline(
        current
            .channel
            .eventLoop()
            .schedule(
                () -> pending.fail(call, new BareException(noReply())),
                timeoutNanos,
                TimeUnit.NANOSECONDS));
    current.writes.enqueue(call);
    return call.future();
  }

  private String noReply() {
    return "no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms";
  }

  private Link activeLink() {
    Link current = link;
    if (current != null && current.channel.isActive()) {
      return current;
    }
    synchronized (this) {
      current = link;
      if (current == null || !current.channel.isActive()) {
        current = connect();
        link = current;
      }
      return current;
    }
  }

  private Link connect() {
    ChannelFuture connected =
        bootstrap.connect(options.host(), options.port()).awaitUninterruptibly();
    if (!connected.isSuccess()) {
      Throwable cause = connected.cause();
      throw new BareException(
          "cannot connect to "
              + options.target()
              + ": "
              + (cause == null ? "cancelled" : cause.getMessage()),
          cause);
    }
    Channel channel = connected.channel();
    return new Link(channel, new BareWriteQueue(channel, pending));
  }

  /** The floor measures hello and echo only: no put on the bare wire. */
  @Override
  public boolean put(String key, byte[] value) {
    throw new UnsupportedOperationException("the bare baseline serves hello and echo only");
  }

  /** The floor measures hello and echo only: no items on the bare wire. */
  @Override
  public java.util.List<io.rpcxbench.api.Item> items(int n) {
    throw new UnsupportedOperationException("the bare baseline serves hello and echo only");
  }

  @Override
  public String describe() {
    return "bare Netty baseline (bench/, not a product protocol) on Netty "
        + nettyVersion()
        + ": one connection, NIO, TCP_NODELAY, write coalescing, varint32 frames [id][UTF-8 name],"
        + " blocking callers or futures completed on the event loop, call timeout "
        + options.callTimeout()
        + ", connect timeout "
        + options.connectTimeout();
  }

  @Override
  public void close() {
    Link current = link;
    if (current != null) {
      current.channel.close().awaitUninterruptibly();
    }
    pending.failAll(new BareException("client closed"));
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
  }

  /** Shaded jars may keep only one Netty artifact's version file: take whichever is there. */
  private static String nettyVersion() {
    Map<String, Version> versions = Version.identify();
    Version transport = versions.get("netty-transport");
    if (transport == null) {
      transport = versions.values().stream().findFirst().orElse(null);
    }
    return transport == null ? "(version unknown)" : transport.artifactVersion();
  }

  private static int millis(Duration d) {
    return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
  }
}
