package io.rpcxbench.protocols.grpcstream;

import com.google.protobuf.ByteString;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.internal.GrpcUtil;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.grpcstream.wire.BenchStreamGrpc;
import io.rpcxbench.protocols.grpcstream.wire.CallReply;
import io.rpcxbench.protocols.grpcstream.wire.CallRequest;
import io.rpcxbench.protocols.grpcstream.wire.Echo;
import io.rpcxbench.protocols.grpcstream.wire.Hello;
import io.rpcxbench.protocols.grpcstream.wire.Items;
import io.rpcxbench.protocols.grpcstream.wire.Put;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The harness's gRPC bidi stream client: one {@link ManagedChannel} (grpc-netty-shaded, plaintext
 * or TLS) and ONE {@link CallStream} on it, shared by every caller thread. Each call blocks for its
 * reply up to the {@code --timeout} deadline. Failures are gRPC's own {@link
 * StatusRuntimeException}: the server's error code (INVALID_ARGUMENT), DEADLINE_EXCEEDED, or the
 * stream's failure (UNAVAILABLE when the server went away); after a failed stream the next call
 * opens a new one.
 */
final class GrpcStreamClient implements BenchClient {
  private static final long CLOSE_WAIT_SECONDS = 5;

  private final ManagedChannel channel;
  private final BenchStreamGrpc.BenchStreamStub stub;
  private final long timeoutNanos;
  private final String description;
  private final AtomicLong ids = new AtomicLong();
  private final Object opening = new Object();
  private volatile CallStream stream;
  private volatile boolean closed;

  private final StreamTls.SessionRecorder session;

  private GrpcStreamClient(
      ManagedChannel channel,
      long timeoutNanos,
      String description,
      StreamTls.SessionRecorder session,
      String compression) {
    this.channel = channel;
    this.session = session;
    BenchStreamGrpc.BenchStreamStub plain = BenchStreamGrpc.newStub(channel);
    // --compression: grpc-java compresses every message of the stream with this codec
    BenchStreamGrpc.BenchStreamStub compressed =
        compression == null ? plain : plain.withCompression(compression);
    this.stub = session == null ? compressed : compressed.withInterceptors(session);
    this.timeoutNanos = timeoutNanos;
    this.description = description;
  }

  static GrpcStreamClient open(ClientOptions options) {
    ClientTls tls = options.tlsSettings().orElse(null);
    NettyChannelBuilder builder =
        tls == null
            ? NettyChannelBuilder.forAddress(
                options.host(), options.port(), InsecureChannelCredentials.create())
            : NettyChannelBuilder.forAddress(options.host(), options.port())
                .sslContext(StreamTls.client(tls));
    ManagedChannel channel =
        builder
            .withOption(
                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int) Math.min(Integer.MAX_VALUE, options.connectTimeout().toMillis()))
            .build();
    return new GrpcStreamClient(
        channel,
        options.callTimeout().toNanos(),
        "grpc-java "
            + GrpcUtil.IMPLEMENTATION_VERSION
            + " (grpc-netty-shaded): 1 channel, "
            + (tls == null
                ? "plaintext"
                : tls.mode() + " through NettyChannelBuilder.sslContext (h2 by ALPN, JDK provider)")
            + ", 1 bidi stream BenchStream/Calls shared by all threads, replies matched"
            + " by id, default executor, callTimeout "
            + options.callTimeout()
            + ", connectTimeout "
            + options.connectTimeout()
            + (options.compresses()
                ? ", " + options.compression() + " compression (CallOptions.withCompression)"
                : ""),
        tls == null ? null : new StreamTls.SessionRecorder(),
        options.compresses() ? options.compression() : null);
  }

  @Override
  public String hello(String name) {
    Hello.Builder hello = Hello.newBuilder();
    if (name != null) {
      hello.setName(name);
    }
    return call(CallRequest.newBuilder().setHello(hello), CallReply.ResultCase.HELLO).getHello();
  }

  @Override
  public byte[] echo(byte[] payload) {
    Echo.Builder echo = Echo.newBuilder();
    if (payload != null) {
      echo.setPayload(ByteString.copyFrom(payload));
    }
    return call(CallRequest.newBuilder().setEcho(echo), CallReply.ResultCase.ECHO)
        .getEcho()
        .toByteArray();
  }

  @Override
  public boolean put(String key, byte[] value) {
    Put.Builder put = Put.newBuilder();
    if (key != null) {
      put.setKey(key);
    }
    if (value != null) {
      put.setValue(ByteString.copyFrom(value));
    }
    return call(CallRequest.newBuilder().setPut(put), CallReply.ResultCase.PUT).getPut();
  }

  @Override
  public List<Item> items(int n) {
    CallReply reply =
        call(
            CallRequest.newBuilder().setItems(Items.newBuilder().setN(n)),
            CallReply.ResultCase.ITEMS);
    return ItemMessages.fromWire(reply.getItems());
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return session == null ? Optional.empty() : Optional.ofNullable(session.described);
  }

  @Override
  public void close() {
    closed = true;
    synchronized (opening) {
      CallStream open = stream;
      if (open != null) {
        open.cancel("client closed");
      }
    }
    channel.shutdownNow();
    try {
      channel.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Starts one call on the shared stream: the future completes with its reply (checked as {@link
   * #call} checks it) or fails with gRPC's status, DEADLINE_EXCEEDED after the call timeout.
   */
  CompletableFuture<CallReply> start(CallRequest.Builder request, CallReply.ResultCase expected) {
    long id = ids.incrementAndGet();
    CallStream on;
    try {
      on = stream();
    } catch (StatusRuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return on.send(request.setId(id).build())
        .orTimeout(timeoutNanos, TimeUnit.NANOSECONDS)
        .handle(
            (reply, failure) -> {
              if (failure == null) {
                return checked(reply, id, expected);
              }
              Throwable cause =
                  failure instanceof java.util.concurrent.CompletionException
                          && failure.getCause() != null
                      ? failure.getCause()
                      : failure;
              if (cause instanceof TimeoutException) {
                on.forget(id);
                throw Status.DEADLINE_EXCEEDED
                    .withDescription(
                        "no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms")
                    .asRuntimeException();
              }
              StatusRuntimeException status =
                  Status.fromThrowable(cause).withCause(cause).asRuntimeException();
              throw session == null ? status : StreamTls.explained(status);
            });
  }

  CallReply call(CallRequest.Builder request, CallReply.ResultCase expected) {
    long id = ids.incrementAndGet();
    CallStream on = stream();
    CallReply reply;
    try {
      reply = on.send(request.setId(id).build()).get(timeoutNanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      on.forget(id);
      throw Status.DEADLINE_EXCEEDED
          .withDescription("no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms")
          .asRuntimeException();
    } catch (ExecutionException e) {
      // Rethrown from this thread, so the trace shows the caller; the stream's failure is the
      // cause.
      StatusRuntimeException failure =
          Status.fromThrowable(e.getCause()).withCause(e.getCause()).asRuntimeException();
      throw session == null ? failure : StreamTls.explained(failure);
    } catch (InterruptedException e) {
      on.forget(id);
      Thread.currentThread().interrupt();
      throw Status.CANCELLED.withDescription("interrupted").withCause(e).asRuntimeException();
    }
    return checked(reply, id, expected);
  }

  /** The reply, or the server's error for it as gRPC's status. */
  private static CallReply checked(CallReply reply, long id, CallReply.ResultCase expected) {
    if (reply.getResultCase() == CallReply.ResultCase.ERROR) {
      throw Status.fromCodeValue(reply.getError().getCode())
          .withDescription(reply.getError().getMessage())
          .asRuntimeException();
    }
    if (reply.getResultCase() != expected) {
      throw Status.INTERNAL
          .withDescription("reply " + id + " holds " + reply.getResultCase() + ", not " + expected)
          .asRuntimeException();
    }
    return reply;
  }

  /** The open stream, or a new one when there is none or the last one failed. */
  private CallStream stream() {
    CallStream current = stream;
    if (current != null && current.isOpen()) {
      return current;
    }
    synchronized (opening) {
      if (closed) {
        throw Status.UNAVAILABLE.withDescription("client closed").asRuntimeException();
      }
      current = stream;
      if (current == null || !current.isOpen()) {
        current = CallStream.open(stub);
        stream = current;
      }
      return current;
    }
  }
}
