package io.rpcxbench.protocols.typedjson;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.rpcxbench.tls.netty.NettyClientTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's tie to one server: at most one {@link Connection} at a time, opened at start and
 * opened again after every loss or failed attempt, after a {@link Backoff} delay (never a tight
 * loop). Its state changes on its own I/O thread; callers only read {@link #connection()}.
 */
final class ServerLink {
  private static final Logger log = LoggerFactory.getLogger(ServerLink.class);

  /** What a link has seen, for tests and the failover report. */
  record Stats(
      String server,
      boolean connected,
      long connects,
      long losses,
      long failedInFlight,
      long lastLossInFlight,
      long replies) {}

  private final InetSocketAddress address;
  private final String name;
  private final Bootstrap bootstrap;
  private final EventLoop loop;
  private final CompletableFuture<Void> firstAttempt = new CompletableFuture<>();
  private final AtomicLong connects = new AtomicLong();
  private final AtomicLong losses = new AtomicLong();
  private final AtomicLong failedInFlight = new AtomicLong();
  private final AtomicLong replies = new AtomicLong();
  private volatile long lastLossInFlight;
  private volatile Connection connection;
  private volatile Throwable lastFailure;
  private volatile boolean closed;
  private int failedAttempts;
  private final NettyClientTls tls;
  private final Duration handshakeTimeout;
  private Connection refused; // I/O thread: its handshake failed, its loss is no loss

  ServerLink(InetSocketAddress address, String name, Bootstrap bootstrap, EventLoop loop) {
    this(address, name, bootstrap, loop, null, Duration.ZERO);
  }

  /**
   * @param tls the client's TLS (each connection's handshake done before calls go to it); null:
   *     plaintext
   * @param handshakeTimeout how long a handshake may take (the connect timeout)
   */
  ServerLink(
      InetSocketAddress address,
      String name,
      Bootstrap bootstrap,
      EventLoop loop,
      NettyClientTls tls,
      Duration handshakeTimeout) {
    this.tls = tls;
    this.handshakeTimeout = handshakeTimeout;
    this.address = address;
    this.name = name;
    this.bootstrap = bootstrap.clone(loop);
    this.loop = loop;
  }

  /** host:port, as given. */
  String name() {
    return name;
  }

  /** Starts connecting; the future completes after the first attempt, connected or not. */
  CompletableFuture<Void> start() {
    loop.execute(this::connect);
    return firstAttempt;
  }

  /** The live connection, or null while there is none (connecting, or waiting to reconnect). */
  Connection connection() {
    Connection c = connection;
    return c != null && c.isActive() ? c : null;
  }

  /** Why the last connect failed or the last connection ended; null if none did. */
  Throwable lastFailure() {
    return lastFailure;
  }

  /**
   * One line on why the link has no connection: the last failure; a connection that closed and
   * whose loss its I/O thread has not handled yet (e.g. TLS 1.3's refusal of a client without a
   * certificate, after the client's handshake ended); else "connecting".
   */
  String whyNotConnected() {
    Throwable failure = lastFailure;
    if (failure != null) {
      return String.valueOf(failure.getMessage());
    }
    Connection c = connection;
    return c != null && !c.isActive() ? lossMessage() : "connecting";
  }

  Stats stats() {
    return new Stats(
        name,
        connection() != null,
        connects.get(),
        losses.get(),
        failedInFlight.get(),
        lastLossInFlight,
        replies.get());
  }

  void replied() {
    replies.incrementAndGet();
  }

  void close() {
    closed = true;
    Connection c = connection;
    if (c != null) {
      c.close();
    }
  }

  private void connect() {
    if (closed) {
      return;
    }
    Connection c = new Connection(this);
    bootstrap
        .clone()
        .handler(
            new ChannelInitializer<SocketChannel>() {
              @Override
              protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast("frames", Frames.decoder()).addLast("calls", c);
                if (tls != null) {
                  tls.addFirst(ch, address.getHostString(), address.getPort(), handshakeTimeout);
                }
              }
            })
        .connect(address.getHostString(), address.getPort())
        .addListener((ChannelFuture f) -> connectedOrHandshaking(c, f));
  }

  /** I/O thread: over TLS, the connection is the link's once its handshake is done. */
  private void connectedOrHandshaking(Connection c, ChannelFuture f) {
    SslHandler handshake = f.isSuccess() ? f.channel().pipeline().get(SslHandler.class) : null;
    if (handshake == null) {
      connected(c, f);
      return;
    }
    handshake
        .handshakeFuture()
        .addListener(
            done -> {
              if (done.isSuccess()) {
                connected(c, f);
                return;
              }
              refused = c;
              lastFailure =
                  new IOException(tls.failure(String.valueOf(done.cause()), done.cause()));
              firstAttempt.complete(null);
              log.debug("TLS handshake with {} failed: {}", name, lastFailure.getMessage());
              f.channel().close();
              reconnectLater(failedAttempts++);
            });
  }

  /** What the calls in flight on a lost connection fail with: the TLS failure, if one ended it. */
  String lossMessage() {
    String lost = "connection to " + name + " lost";
    return tls == null ? lost : tls.lastFailure().map(line -> lost + ": " + line).orElse(lost);
  }

  /** I/O thread. */
  private void connected(Connection c, ChannelFuture f) {
    if (!f.isSuccess()) {
      lastFailure = f.cause();
      firstAttempt.complete(null);
      log.debug("cannot connect to {}: {}", name, String.valueOf(f.cause()));
      reconnectLater(failedAttempts++);
      return;
    }
    if (closed) {
      f.channel().close();
      return;
    }
    connection = c;
    failedAttempts = 0;
    if (connects.incrementAndGet() > 1) {
      log.info("typed-json: reconnected to {}", name);
    }
    firstAttempt.complete(null);
  }

  /** I/O thread: the connection ended; {@code failed} calls in flight on it failed with it. */
  void lost(Connection c, int failed) {
    if (c == refused) {
      refused = null; // its failed handshake was counted and retried already
      return;
    }
    // why first: a call that finds no connection reads it, so it is never "connecting" in between
    lastFailure = new IOException(lossMessage());
    if (connection == c) {
      connection = null;
    }
    losses.incrementAndGet();
    failedInFlight.addAndGet(failed);
    lastLossInFlight = failed;
    if (closed) {
      return;
    }
    log.warn(
        "typed-json: connection to {} lost, {} call(s) in flight on it failed; new calls go to"
            + " the servers still connected, if any; reconnecting with back-off",
        name,
        failed);
    reconnectLater(0);
  }

  private void reconnectLater(int attempt) {
    if (closed) {
      return;
    }
    try {
      loop.schedule(this::connect, Backoff.delayNanos(attempt), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException shuttingDown) {
      // the client is closing
    }
  }
}
