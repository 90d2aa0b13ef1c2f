package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.avro.AvroException.Code;
import io.rpcxbench.protocols.avro.wire.BenchProtocol;
import io.rpcxbench.protocols.avro.wire.InvalidArgument;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.tls.netty.NettyClientTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.avro.AvroRemoteException;
import org.apache.avro.ipc.CallFuture;
import org.apache.avro.ipc.netty.NettyTransceiver;
import org.apache.avro.ipc.specific.SpecificRequestor;

/**
 * The harness's Avro IPC client: one {@link NettyTransceiver} (one TCP connection) shared by all
 * calling threads, and the generated protocol's proxy from {@code SpecificRequestor.getClient}.
 *
 * <p>Shared, not one per thread: the transceiver is built for it (a serial number per call, the
 * pending calls in a concurrent map, no channel lock), so 64 threads have 64 calls in flight on one
 * connection; one transceiver per thread would cost 64 connections, each with its own Netty event
 * loop group. Calls go through the generated {@code Callback} interface and wait on a {@link
 * CallFuture} with the call timeout, because the synchronous interface waits without a deadline.
 */
final class AvroIpcClient implements BenchClient {
  private final NettyTransceiver transceiver;
  private final BenchProtocol.Callback proxy;
  private final long callTimeoutMs;
  private final String target;
  private final String description;
  private final NettyClientTls tls;

  private AvroIpcClient(
      NettyTransceiver transceiver,
      BenchProtocol.Callback proxy,
      ClientOptions options,
      NettyClientTls tls) {
    this.transceiver = transceiver;
    this.tls = tls;
    this.proxy = proxy;
    this.callTimeoutMs = Math.max(1, options.callTimeout().toMillis());
    this.target = options.target();
    this.description =
        "avro-ipc-netty "
            + org.apache.avro.Schema.class.getPackage().getImplementationVersion()
            + ": NettyTransceiver, 1 connection shared by all threads, SpecificRequestor"
            + " (Callback interface, CallFuture.get(callTimeout "
            + options.callTimeout()
            + ")), connectTimeout "
            + options.connectTimeout()
            + (tls == null ? "" : "; " + tls.mode() + " (Netty SslHandler, JDK provider)");
  }

  /** Connects (Avro's transceiver connects eagerly) and builds the proxy. */
  static AvroIpcClient open(ClientOptions options) {
    AvroLimits.install();
    int connectMs =
        (int) Math.max(1, Math.min(Integer.MAX_VALUE, options.connectTimeout().toMillis()));
    NettyClientTls tls =
        options
            .tlsSettings()
            .map(t -> NettyClientTls.client(t.ca(), t.cert(), t.key()))
            .orElse(null);
    NettyTransceiver transceiver;
    try {
      transceiver =
          new NettyTransceiver(
              new InetSocketAddress(options.host(), options.port()),
              connectMs,
              channel -> {
                ReplyDeadline deadline = new ReplyDeadline(options.callTimeout().toMillis());
                channel
                    .pipeline()
                    .addLast(
                        "frameGuard", new NettyFrameGuard(AvroLimits.MAX_FRAME, deadline::replied))
                    .addLast("replyDeadline", deadline);
                if (tls != null) {
                  tls.addFirst(channel, options.host(), options.port(), options.connectTimeout());
                }
              });
    } catch (IOException e) {
      throw new AvroException(
          Code.UNAVAILABLE,
          "cannot connect to "
              + options.target()
              + ": "
              + (tls == null ? e.getMessage() : tls.failure(e.getMessage(), e)),
          e);
    }
    try {
      return new AvroIpcClient(
          transceiver,
          SpecificRequestor.getClient(BenchProtocol.Callback.class, transceiver),
          options,
          tls);
    } catch (IOException | RuntimeException e) {
      transceiver.close(false);
      throw new AvroException(Code.INTERNAL, "cannot build the Avro client: " + e, e);
    }
  }

  /** One asynchronous call of the generated Callback interface. */
  @FunctionalInterface
  private interface AsyncCall<T> {
    void start(CallFuture<T> future) throws IOException;
  }

  @Override
  public String hello(String name) {
    return call(f -> proxy.hello(name, f));
  }

  @Override
  public byte[] echo(byte[] payload) {
    return ItemRecords.bytes(call(f -> proxy.echo(ItemRecords.wrap(payload), f)));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return call(f -> proxy.put(key, ItemRecords.wrap(value), f));
  }

  @Override
  public List<Item> items(int n) {
    return ItemRecords.fromWire(call(f -> proxy.items(n, f)));
  }

  /** A user's record's Avro bytes to {@code message}; the answer's bytes (AvroMessageClient). */
  ByteBuffer message(String reply, ByteBuffer record) {
    return call(f -> proxy.message(reply, record, f));
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return tls == null ? Optional.empty() : tls.session();
  }

  @Override
  public void close() {
    transceiver.close(false);
  }

  private <T> T call(AsyncCall<T> call) {
    CallFuture<T> future = new CallFuture<>();
    try {
      call.start(future);
      return future.get(callTimeoutMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new AvroException(
          Code.DEADLINE_EXCEEDED, "no reply within " + callTimeoutMs + " ms", e);
    } catch (ExecutionException e) {
      throw failure(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AvroException(Code.UNAVAILABLE, "interrupted", e);
    } catch (Exception e) {
      throw failure(e);
    }
  }

  private AvroException failure(Throwable e) {
    if (tls != null && !(e instanceof AvroRemoteException)) {
      String line = tls.failure(null, e);
      if (line != null) {
        return new AvroException(Code.UNAVAILABLE, target + ": " + line, e);
      }
    }
    if (e instanceof InvalidArgument invalid) {
      return new AvroException(Code.INVALID_ARGUMENT, invalid.getMessage$(), e);
    }
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      // the deadline closed the connection: Avro may report it wrapped, or as what it caused
      if (c instanceof ReplyDeadline.NoReplyException) {
        return new AvroException(Code.DEADLINE_EXCEEDED, c.getMessage(), e);
      }
    }
    if (e instanceof AvroRemoteException) { // the server's "system error": a string
      return new AvroException(
          Code.INTERNAL, String.valueOf(((AvroRemoteException) e).getValue()), e);
    }
    if (e instanceof IOException) {
      return new AvroException(Code.UNAVAILABLE, target + ": " + e.getMessage(), e);
    }
    return new AvroException(Code.INTERNAL, String.valueOf(e), e);
  }
}
