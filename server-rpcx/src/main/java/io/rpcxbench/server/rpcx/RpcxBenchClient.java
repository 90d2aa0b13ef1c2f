package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.rpcx.RpcxClient;
import io.rpcxbench.rpcx.RpcxClientFactory;
import io.rpcxbench.rpcx.RpcxException;
import io.rpcxbench.rpcx.RpcxMethod;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.server.rpcx.wire.ItemList;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.StackVersions;
import io.rpcxbench.tls.TlsContexts;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * RPCX as its users write it: a {@link RpcxClientFactory} filled with the {@code rpcx.host} /
 * {@code rpcx.port} properties of {@link BenchService}, and the JDK proxy it creates. One
 * connection, NIO transport (or EPOLL: {@code rpcx-epoll}), the per-call deadline of {@code
 * --timeout}. The async forms go through a second proxy of the same factory ({@link
 * AsyncBenchService}, the same connection): RPCX's own {@code CompletableFuture} methods. With
 * {@code --tls}: the factory's TLS (Netty's SslHandler, JDK provider) from the PEM files; a failed
 * handshake is one line ({@code TlsContexts.explain}) in the {@code RpcxException}.
 */
final class RpcxBenchClient implements BenchClient {
  private static final int CONNECTIONS = 1;

  private final RpcxClientFactory clients;
  private final BenchService bench;
  private final AsyncBenchService async;
  private final String description;
  private final boolean tls;
  private final boolean presentsCertificate;
  private volatile String session;

  /** {@link BenchService} as RPCX's async form: the same calls, answered by futures. */
  @RpcxClient(
      service = BenchContract.SERVICE,
      host = "${rpcx.host:127.0.0.1}",
      port = "${rpcx.port:" + RpcxProtocol.PORT + "}")
  interface AsyncBenchService {
    @RpcxMethod(BenchContract.HELLO)
    CompletableFuture<String> hello(String name);

    @RpcxMethod(BenchContract.ECHO)
    CompletableFuture<byte[]> echo(byte[] payload);

    @RpcxMethod(BenchContract.PUT)
    CompletableFuture<Boolean> put(String key, byte[] value);

    @RpcxMethod(BenchContract.ITEMS)
    CompletableFuture<ItemList> items(int n);
  }

  private RpcxBenchClient(
      RpcxClientFactory clients, String description, boolean tls, boolean presentsCertificate) {
    this.tls = tls;
    this.presentsCertificate = presentsCertificate;
    this.clients = clients;
    this.bench = clients.create(BenchService.class);
    this.async = clients.create(AsyncBenchService.class);
    this.description = description;
  }

  static BenchClient open(ClientOptions options) {
    return open(options, Transport.NIO);
  }

  static BenchClient open(ClientOptions options, Transport transport) {
    return open(options, transport, true);
  }

  /** {@code coalesceWrites} false: one write and flush per call ({@code rpcx-lean}). */
  static BenchClient open(ClientOptions options, Transport transport, boolean coalesceWrites) {
    RpcxBenchClient[] opened = new RpcxBenchClient[1];
    RpcxClientFactory.Builder builder = RpcxClientFactory.builder();
    ClientTls tls = options.tlsSettings().orElse(null);
    if (tls != null) {
      builder
          .tls(TlsContexts.client(tls.ca(), tls.cert(), tls.key()))
          .onTlsHandshake(s -> opened[0].session = TlsContexts.describe(s));
    }
    RpcxClientFactory clients =
        builder
            .property("rpcx.host", options.host())
            .property("rpcx.port", String.valueOf(options.port()))
            .callTimeout(options.callTimeout())
            .connectTimeout(options.connectTimeout())
            .connectionsPerAddress(CONNECTIONS)
            .transport(transport)
            .coalesceWrites(coalesceWrites)
            .build();
    try {
      opened[0] =
          new RpcxBenchClient(
              clients,
              "rpcx on Netty "
                  + nettyVersion()
                  + ": RpcxClientFactory proxy of BenchService, "
                  + CONNECTIONS
                  + " connection, "
                  + transport
                  + (coalesceWrites ? ", writes coalesced" : ", one write and flush per call")
                  + ", callTimeout "
                  + options.callTimeout()
                  + ", connectTimeout "
                  + options.connectTimeout()
                  + (tls == null ? "" : ", " + tls.mode() + " (Netty SslHandler, JDK provider)"),
              tls != null,
              tls != null && tls.presentsCertificate());
      return opened[0];
    } catch (RuntimeException e) {
      clients.close();
      throw e;
    }
  }

  private static String nettyVersion() {
    // a fat jar keeps one io.netty.versions.properties of many: the build's list of versions
    return StackVersions.of("server-rpcx").version("netty-common");
  }

  @Override
  public String hello(String name) {
    return call(() -> bench.hello(name));
  }

  @Override
  public byte[] echo(byte[] payload) {
    return call(() -> bench.echo(payload));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return call(() -> bench.put(key, value));
  }

  @Override
  public List<Item> items(int n) {
    return ItemMessages.fromWire(call(() -> bench.items(n)));
  }

  @Override
  public Optional<String> tlsSession() {
    return Optional.ofNullable(session);
  }

  /** A blocking call; a TLS failure as one line. */
  private <T> T call(Supplier<T> call) {
    try {
      return call.get();
    } catch (RpcxException e) {
      throw tls ? explained(e) : e;
    }
  }

  /** An async call; a TLS failure as one line (plaintext: the future as it is). */
  private <T> CompletableFuture<T> callAsync(CompletableFuture<T> call) {
    if (!tls) {
      return call;
    }
    return call.handle(
            (value, failure) -> {
              if (failure == null) {
                return CompletableFuture.completedFuture(value);
              }
              Throwable cause =
                  failure instanceof CompletionException && failure.getCause() != null
                      ? failure.getCause()
                      : failure;
              return CompletableFuture.<T>failedFuture(
                  cause instanceof RpcxException e ? explained(e) : cause);
            })
        .thenCompose(f -> f);
  }

  private RpcxException explained(RpcxException e) {
    return TlsContexts.handshakeFailure(e)
        .or(() -> presentsCertificate ? Optional.empty() : refusedWithoutCertificate(e))
        .map(line -> new RpcxException(e.code(), line, e))
        .orElse(e);
  }

  /**
   * Under TLS 1.3 the client's side of the handshake ends before the server has checked its
   * certificate: a server that requires one then closes the connection, and the first call may
   * learn only that it was lost (no alert read, no exception on the channel).
   */
  private static Optional<String> refusedWithoutCertificate(RpcxException e) {
    return TlsContexts.closedWithoutCertificate(e)
        .or(
            () ->
                e.code() == RpcxException.Code.UNAVAILABLE && e.description().endsWith(" lost")
                    ? Optional.of(
                        "the server closed the TLS connection ("
                            + e.description()
                            + "): "
                            + TlsContexts.CERTIFICATE_QUESTION)
                    : Optional.empty());
  }

  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    return callAsync(async.hello(name));
  }

  @Override
  public CompletableFuture<byte[]> echoAsync(byte[] payload) {
    return callAsync(async.echo(payload));
  }

  @Override
  public CompletableFuture<Boolean> putAsync(String key, byte[] value) {
    return callAsync(async.put(key, value));
  }

  @Override
  public CompletableFuture<List<Item>> itemsAsync(int n) {
    return callAsync(async.items(n)).thenApply(ItemMessages::fromWire);
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    clients.close();
  }
}
