package io.rpcxbench.server.grpc;

import com.google.protobuf.ByteString;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.api.Item;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.EchoReply;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloReply;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.server.grpc.wire.ItemsReply;
import io.rpcxbench.server.grpc.wire.ItemsRequest;
import io.rpcxbench.server.grpc.wire.PutReply;
import io.rpcxbench.server.grpc.wire.PutRequest;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import io.rpcxbench.tls.TlsSetupException;
import io.rpcxbench.tls.grpc.GrpcClientTls;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.SSLSession;

/**
 * gRPC-java as its examples write a client: one {@link ManagedChannel} (plaintext), a blocking
 * stub, a deadline per call. A null argument is left unset (proto3 {@code optional}), which the
 * server rejects. The async forms use the async stub on the same channel (grpc-java's {@code
 * qps/AsyncClient} way): the reply completes a future on the channel's executor. With {@code
 * --tls}: grpc-java's TLS on the Netty transport ({@code NettyChannelBuilder.sslContext}, h2 by
 * ALPN, JDK provider, configured as {@code GrpcSslContexts} does), the session read from each
 * call's transport attributes, a failed handshake as one line in the {@code
 * StatusRuntimeException}.
 */
class GrpcBenchClient implements BenchClient {
  private final boolean tls;
  private final SessionRecorder session;
  private final ManagedChannel channel;
  private final BenchGrpc.BenchBlockingStub stub;
  private final BenchGrpc.BenchStub asyncStub;
  private final long deadlineNanos;
  private final String description;

  private GrpcBenchClient(
      ManagedChannel channel,
      BenchGrpc.BenchBlockingStub stub,
      long deadlineNanos,
      String description,
      SessionRecorder session) {
    this.tls = session != null;
    this.session = session;
    this.channel = channel;
    this.stub = stub;
    this.asyncStub =
        session == null
            ? BenchGrpc.newStub(channel)
            : BenchGrpc.newStub(channel).withInterceptors(session);
    this.deadlineNanos = deadlineNanos;
    this.description = description;
  }

  static GrpcBenchClient open(ClientOptions options, boolean directExecutor) {
    ClientTls tls = options.tlsSettings().orElse(null);
    ManagedChannelBuilder<?> builder = channelBuilder(options);
    if (directExecutor) {
      builder.directExecutor();
    }
    String description =
        "grpc-java "
            + grpcVersion()
            + ": one ManagedChannel ("
            + (tls == null
                ? "ManagedChannelBuilder.forAddress, usePlaintext, "
                : "NettyChannelBuilder.forAddress, "
                    + tls.mode()
                    + " through NettyChannelBuilder.sslContext (h2 by ALPN, JDK provider), ")
            + (directExecutor ? "directExecutor" : "default executor")
            + "), blocking stub, withDeadlineAfter("
            + options.callTimeout()
            + ") per call; async calls: async stub on the same channel"
            + CallCompression.described(options);
    ManagedChannel channel = builder.build();
    SessionRecorder session = tls == null ? null : new SessionRecorder();
    BenchGrpc.BenchBlockingStub stub = BenchGrpc.newBlockingStub(channel);
    return new GrpcBenchClient(
        channel,
        session == null ? stub : stub.withInterceptors(session),
        options.callTimeout().toNanos(),
        description,
        session);
  }

  /**
   * The channel to the options' server as users build it: plaintext, or grpc-java's TLS on the
   * Netty transport from the harness's PEM files; with {@code --compression} every call on it
   * compressed ({@link CallCompression}), the bench calls and the message calls alike.
   */
  static ManagedChannelBuilder<?> channelBuilder(ClientOptions options) {
    ClientTls tls = options.tlsSettings().orElse(null);
    ManagedChannelBuilder<?> builder =
        tls == null
            ? ManagedChannelBuilder.forAddress(options.host(), options.port()).usePlaintext()
            : NettyChannelBuilder.forAddress(options.host(), options.port())
                .sslContext(sslContext(tls));
    return options.compresses()
        ? builder.intercept(new CallCompression(options.compression()))
        : builder;
  }

  /**
   * grpc-java's client TLS from the harness's PEM files: h2 by ALPN, JDK provider, the JDK context
   * from tls-kit (so a round of clients can share its sessions, {@link GrpcClientTls}).
   */
  private static io.grpc.netty.shaded.io.netty.handler.ssl.SslContext sslContext(ClientTls tls) {
    try {
      return GrpcClientTls.context(tls.ca(), tls.cert(), tls.key());
    } catch (TlsSetupException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Reads the negotiated session from a call's transport attributes (its first headers). */
  private static final class SessionRecorder implements ClientInterceptor {
    volatile String described;

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(
        MethodDescriptor<Q, R> method, CallOptions callOptions, Channel next) {
      return new ForwardingClientCall.SimpleForwardingClientCall<>(
          next.newCall(method, callOptions)) {
        @Override
        public void start(Listener<R> listener, Metadata headers) {
          ClientCall<Q, R> call = this;
          super.start(
              new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                @Override
                public void onHeaders(Metadata replyHeaders) {
                  if (described == null) {
                    SSLSession s = call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION);
                    if (s != null) {
                      described = TlsContexts.describe(s);
                    }
                  }
                  super.onHeaders(replyHeaders);
                }
              },
              headers);
        }
      };
    }
  }

  @Override
  public Optional<String> tlsSession() {
    return session == null ? Optional.empty() : Optional.ofNullable(session.described);
  }

  /** A blocking call; with TLS, a handshake failure as one line. */
  private <T> T blocking(Supplier<T> call) {
    try {
      return call.get();
    } catch (StatusRuntimeException e) {
      throw tls ? explained(e) : e;
    }
  }

  private static Throwable explained(Throwable failure) {
    return failure instanceof StatusRuntimeException e ? explained(e) : failure;
  }

  private static StatusRuntimeException explained(StatusRuntimeException e) {
    return TlsContexts.handshakeFailure(e)
        .map(
            line ->
                new StatusRuntimeException(
                    Status.fromCode(e.getStatus().getCode()).withDescription(line).withCause(e)))
        .orElse(e);
  }

  private static String grpcVersion() {
    // fat jars drop the libraries' manifests: the build's list of versions instead
    return io.rpcxbench.spi.StackVersions.of("server-grpc").version("grpc-api");
  }

  private BenchGrpc.BenchBlockingStub call() {
    return stub.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public String hello(String name) {
    HelloRequest.Builder request = HelloRequest.newBuilder();
    if (name != null) {
      request.setName(name);
    }
    return blocking(() -> call().hello(request.build()).getMessage());
  }

  @Override
  public byte[] echo(byte[] payload) {
    EchoRequest.Builder request = EchoRequest.newBuilder();
    if (payload != null) {
      request.setPayload(ByteString.copyFrom(payload));
    }
    return blocking(() -> call().echo(request.build()).getPayload().toByteArray());
  }

  @Override
  public boolean put(String key, byte[] value) {
    PutRequest.Builder request = PutRequest.newBuilder();
    if (key != null) {
      request.setKey(key);
    }
    if (value != null) {
      request.setValue(ByteString.copyFrom(value));
    }
    return blocking(() -> call().put(request.build()).getOk());
  }

  @Override
  public List<Item> items(int n) {
    return ItemMessages.fromWire(
        blocking(() -> call().items(ItemsRequest.newBuilder().setN(n).build())));
  }

  @Override
  public boolean isAsync() {
    return true;
  }

  private BenchGrpc.BenchStub asyncCall() {
    return asyncStub.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    HelloRequest.Builder request = HelloRequest.newBuilder();
    if (name != null) {
      request.setName(name);
    }
    Reply<HelloReply, String> reply = new Reply<>(r -> r.getMessage(), tls);
    asyncCall().hello(request.build(), reply);
    return reply.future;
  }

  @Override
  public CompletableFuture<byte[]> echoAsync(byte[] payload) {
    EchoRequest.Builder request = EchoRequest.newBuilder();
    if (payload != null) {
      request.setPayload(ByteString.copyFrom(payload));
    }
    Reply<EchoReply, byte[]> reply = new Reply<>(r -> r.getPayload().toByteArray(), tls);
    asyncCall().echo(request.build(), reply);
    return reply.future;
  }

  @Override
  public CompletableFuture<Boolean> putAsync(String key, byte[] value) {
    PutRequest.Builder request = PutRequest.newBuilder();
    if (key != null) {
      request.setKey(key);
    }
    if (value != null) {
      request.setValue(ByteString.copyFrom(value));
    }
    Reply<PutReply, Boolean> reply = new Reply<>(r -> r.getOk(), tls);
    asyncCall().put(request.build(), reply);
    return reply.future;
  }

  @Override
  public CompletableFuture<List<Item>> itemsAsync(int n) {
    Reply<ItemsReply, List<Item>> reply = new Reply<>(ItemMessages::fromWire, tls);
    asyncCall().items(ItemsRequest.newBuilder().setN(n).build(), reply);
    return reply.future;
  }

  /** A unary call's observer that completes a future with the converted reply or the failure. */
  private static final class Reply<M, T> implements StreamObserver<M> {
    final CompletableFuture<T> future = new CompletableFuture<>();
    private final Function<M, T> convert;
    private final boolean tls;

    Reply(Function<M, T> convert, boolean tls) {
      this.convert = convert;
      this.tls = tls;
    }

    @Override
    public void onNext(M message) {
      try {
        future.complete(convert.apply(message));
      } catch (RuntimeException e) {
        future.completeExceptionally(e);
      }
    }

    @Override
    public void onError(Throwable failure) {
      future.completeExceptionally(tls ? explained(failure) : failure);
    }

    @Override
    public void onCompleted() {
      // a unary reply: onNext has completed the future already (else onError has)
    }
  }

  /** ManagedChannelBuilder has no connect timeout: the probe's deadline stands in for it. */
  @Override
  public BenchClient forProbe(Duration connectTimeout) {
    return new GrpcBenchClient(channel, stub, connectTimeout.toNanos(), description, session) {
      @Override
      public void close() {
        // a view on the owner's channel; the owner closes it
      }
    };
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    channel.shutdownNow();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
