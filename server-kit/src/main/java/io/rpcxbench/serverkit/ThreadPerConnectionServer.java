package io.rpcxbench.serverkit;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A plain blocking {@link ServerSocket} with one thread per connection: the server of the raw
 * socket protocols (Geode's "raw socket + X" rows), whose clients keep one blocking socket per
 * calling thread, so the server has exactly one thread per caller and a call costs one read and one
 * write system call on each side. The protocol gives only its {@link Conversation}.
 *
 * <pre>{@code
 * try (ThreadPerConnectionServer server = ThreadPerConnectionServer.start(
 *     "tcp-protobuf", "127.0.0.1", 0, limits, (in, out) -> { ...read frames, write replies... })) {
 *   int port = server.port();
 * }
 * }</pre>
 *
 * <p>The kit's {@link ServerLimits}: connections past {@code --max-connections} are closed at
 * accept; a request (the bytes from the first one read after a flush to the next flush) over {@code
 * --max-frame} or unfinished after {@code --frame-deadline}, and a connection waiting for a request
 * longer than {@code --idle-timeout}, close their connection (a watchdog thread checks a few times
 * per limit). A frame is read with {@link RequestInput#readFrame} into a buffer that grows as its
 * bytes arrive, within the process's {@link InputBudget} ({@code --max-buffered}): a peer that
 * announces a large frame and sends little of it holds little. Each connection's own buffers are
 * small (4 KiB in, 8 KiB out). Over TLS the handshake runs first, on the connection's thread,
 * within {@code --handshake-deadline} ({@link TlsHandshake}). No {@link Throwable} ends the accept
 * loop or the watchdog: after an {@link OutOfMemoryError} the server goes on serving what it can.
 */
public final class ThreadPerConnectionServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(ThreadPerConnectionServer.class);
  private static final int BACKLOG = 1024;
  private static final long GRACE_SECONDS = 5;
  private static final long ACCEPT_PAUSE_MILLIS = 100;

  /** One connection's requests and replies. */
  @FunctionalInterface
  public interface Conversation {
    /**
     * Reads requests from {@code in} and writes (and flushes) their replies to {@code out} until
     * {@code in} ends. Both streams are buffered (4 KiB in, 8 KiB out; larger reads and writes go
     * straight to the socket); TCP_NODELAY is on. Read a frame the peer announced with {@link
     * RequestInput#readFrame}, never into an array of the announced size.
     *
     * @throws BadInputException for bytes it will not read on: logged, that connection closed
     * @throws IOException when the connection breaks
     */
    void carryOn(RequestInput in, OutputStream out) throws IOException;
  }

  private final String name;
  private final ServerSocket listener;
  private final Conversation conversation;
  private final ServerLimits limits;
  private final ConnectionCap cap;
  private final InputBudget budget;
  private final RateLimitedLog warnings = new RateLimitedLog(log);
  private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads;
  private final ConnectionWatchdog watchdog;
  private final Thread acceptor;
  private volatile boolean closing;

  private ThreadPerConnectionServer(
      String name, ServerSocket listener, ServerLimits limits, Conversation conversation) {
    this.name = name;
    this.listener = listener;
    this.conversation = conversation;
    this.limits = limits;
    this.cap = new ConnectionCap(name, limits.maxConnections());
    this.budget = InputBudget.shared(limits.maxBufferedBytes());
    AtomicInteger n = new AtomicInteger();
    this.threads =
        Executors.newCachedThreadPool(
            task -> new Thread(task, name + "-conn-" + n.incrementAndGet()));
    this.acceptor = new Thread(this::accept, name + "-accept");
    this.watchdog = ConnectionWatchdog.start(name, limits, warnings, this::watchOnce);
  }

  /**
   * Binds and starts accepting, with the kit's default limits.
   *
   * @param name the protocol's id, for thread names and log lines
   * @throws java.net.BindException when the port is busy
   */
  public static ThreadPerConnectionServer start(
      String name, String bindAddress, int port, Conversation conversation) throws IOException {
    return start(name, bindAddress, port, ServerLimits.defaults(), conversation);
  }

  /**
   * Binds and starts accepting.
   *
   * @param name the protocol's id, for thread names and log lines
   * @param limits the kit's limits, as the starter received them
   * @throws java.net.BindException when the port is busy
   */
  public static ThreadPerConnectionServer start(
      String name, String bindAddress, int port, ServerLimits limits, Conversation conversation)
      throws IOException {
    return start(name, bindAddress, port, limits, null, conversation);
  }

  /**
   * As {@link #start(String, String, int, ServerLimits, Conversation)}, serving TLS only when
   * {@code tls} is given: an {@code SSLServerSocket} of the kit's PEM files (mTLS: client
   * certificates required), each connection's handshake on its own thread as it starts, within
   * {@code --handshake-deadline}.
   */
  public static ThreadPerConnectionServer start(
      String name,
      String bindAddress,
      int port,
      ServerLimits limits,
      ServerTls tls,
      Conversation conversation)
      throws IOException {
    ServerSocket listener = tls == null ? new ServerSocket() : TlsListener.open(tls);
    try {
      listener.setReuseAddress(true);
      listener.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), BACKLOG);
    } catch (IOException e) {
      listener.close();
      throw e;
    }
    ThreadPerConnectionServer server =
        new ThreadPerConnectionServer(name, listener, limits, conversation);
    server.acceptor.start();
    log.info(
        "{} server on port {} (thread per connection{}; {})",
        name,
        listener.getLocalPort(),
        tls == null ? "" : ", " + (tls.mutual() ? "mTLS" : "TLS") + " only (SSLServerSocket)",
        limits.describe());
    return server;
  }

  /** The watchdog's check: closes the connections past a time limit. */
  private void watchOnce() {
    long now = System.nanoTime();
    long idle = limits.idleTimeout().toNanos();
    long deadline = limits.frameDeadline().toNanos();
    long silent = limits.handshakeDeadline().toNanos();
    for (Connection connection : connections) {
      String reason = connection.streams.overdue(now, idle, deadline, silent);
      if (reason != null) {
        connection.overdue(reason);
      }
    }
  }

  @Override
  public int port() {
    return listener.getLocalPort();
  }

  private void accept() {
    while (!closing) {
      try {
        acceptOne();
      } catch (Throwable e) { // NOPMD: an OutOfMemoryError must not end the accept loop for good
        if (!closing) {
          warnings.warn("accept", "{}: accept failed: {}", name, e.toString());
          pauseAccepting();
        }
      }
    }
  }

  private void acceptOne() throws IOException {
    Socket socket;
    try {
      socket = listener.accept();
    } catch (IOException e) {
      if (!closing) {
        // e.g. "Too many open files": pause as Netty's acceptor does, instead of spinning
        warnings.warn("accept", "{}: accept failed: {}", name, e.toString());
        pauseAccepting();
      }
      return;
    }
    if (!cap.tryOpen()) {
      closeQuietly(socket);
      return;
    }
    Connection connection = null;
    try {
      connection = new Connection(socket);
      connections.add(connection);
      if (closing) {
        connection.abort();
      } else {
        threads.execute(connection);
      }
    } catch (Throwable e) { // NOPMD: no memory or no thread for it: this connection only
      if (connection != null) {
        connections.remove(connection);
      }
      closeQuietly(socket);
      cap.closed();
      throw e;
    }
  }

  /**
   * Stops accepting, lets every connection finish the call it is serving (its next read sees the
   * end of the stream), then closes what is left after a few seconds. Idempotent.
   */
  @Override
  public void close() {
    if (closing) {
      return;
    }
    closing = true;
    try {
      listener.close();
      acceptor.join();
    } catch (IOException e) {
      log.warn("{}: closing the listener: {}", name, e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    watchdog.stop();
    connections.forEach(Connection::finish);
    threads.shutdown();
    try {
      if (!threads.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS)) {
        connections.forEach(Connection::abort);
        threads.shutdownNow();
      }
    } catch (InterruptedException e) {
      connections.forEach(Connection::abort);
      Thread.currentThread().interrupt();
    }
  }

  private static void pauseAccepting() {
    try {
      Thread.sleep(ACCEPT_PAUSE_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // refused anyway
    }
  }

  /** Connections open now (for tests). */
  int openConnections() {
    return cap.open();
  }

  /** One client's socket: the conversation on it, until the end. */
  private final class Connection implements Runnable {
    private static final int IN_BUFFER = 4 * 1024;
    private static final int OUT_BUFFER = 8 * 1024;

    private final Socket socket;
    private final BudgetShare share = budget.share();
    final WatchedStreams streams = new WatchedStreams(limits.maxFrameBytes(), share::release);
    private volatile boolean finishing;
    private volatile String overdue;

    Connection(Socket socket) {
      this.socket = socket;
    }

    @Override
    public void run() {
      String peer = String.valueOf(socket.getRemoteSocketAddress());
      try (socket) {
        socket.setTcpNoDelay(true);
        if (socket instanceof SSLSocket tls) {
          TlsHandshake.within(tls, limits.handshakeDeadline());
          streams.spoke(); // the deadline was the handshake's; an idle client may wait from here
        }
        conversation.carryOn(
            new RequestInput(
                // the watch counts what the conversation reads, not what the buffer took from the
                // socket: a request whose bytes came behind a whole one in the same read starts
                // when it is read, after the whole one's reply, under the frame deadline (issue 59)
                streams.input(new java.io.BufferedInputStream(socket.getInputStream(), IN_BUFFER)),
                share),
            new java.io.BufferedOutputStream(streams.output(socket.getOutputStream()), OUT_BUFFER));
      } catch (TlsHandshake.Late e) {
        warnings.warn(
            "handshake", "{}: closed the connection from {}: {}", name, peer, e.getMessage());
      } catch (BadInputException e) {
        warnings.warn(
            "bad-input", "{}: closing the connection from {}: {}", name, peer, e.getMessage());
      } catch (IOException e) {
        ended(peer, e);
      } catch (RuntimeException e) {
        // a decoder reading crafted bytes may fail in other ways (an index out of bounds)
        warnings.warn(
            "bad-input",
            "{}: closing the connection from {}: unreadable request: {}",
            name,
            peer,
            e.toString());
      } catch (Throwable e) { // NOPMD: an OutOfMemoryError ends this connection, not the server
        warnings.warn("error", "{}: closing the connection from {}: {}", name, peer, e.toString());
      } finally {
        share.release();
        connections.remove(this);
        cap.closed();
      }
    }

    private void ended(String peer, IOException e) {
      String why = overdue;
      if ("deadline".equals(why)) {
        warnings.warn(
            "deadline",
            "{}: closed the connection from {}: its request was still unfinished after {}"
                + " (--frame-deadline)",
            name,
            peer,
            limits.frameDeadline());
      } else if ("silent".equals(why)) {
        warnings.warn(
            "silent",
            "{}: closed the connection from {}: it sent nothing in {} (--handshake-deadline)",
            name,
            peer,
            limits.handshakeDeadline());
      } else if ("idle".equals(why)) {
        log.debug(
            "{}: closed the connection from {}: idle for {}", name, peer, limits.idleTimeout());
      } else if (!finishing) {
        log.debug("{}: connection from {} ended: {}", name, peer, e.toString());
      }
    }

    /** The watchdog's verdict: silent, past the idle timeout or past the frame deadline. */
    void overdue(String reason) {
      overdue = reason;
      abort();
    }

    /** Graceful: the call being served completes, and the next read sees the end of the stream. */
    void finish() {
      finishing = true;
      try {
        socket.shutdownInput();
      } catch (IOException | UnsupportedOperationException e) { // an SSLSocket may not half-close
        abort();
      }
    }

    /** Closes the socket at once. */
    void abort() {
      finishing = true;
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
