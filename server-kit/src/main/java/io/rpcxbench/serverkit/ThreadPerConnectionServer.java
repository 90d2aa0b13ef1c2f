package io.rpcxbench.serverkit;

import java.io.IOException;
import java.io.InputStream;
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
 *     "tcp-protobuf", "127.0.0.1", 0, (in, out) -> { ...read frames, write replies... })) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class ThreadPerConnectionServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(ThreadPerConnectionServer.class);
  private static final int BACKLOG = 1024;
  private static final long GRACE_SECONDS = 5;

  /** One connection's requests and replies. */
  @FunctionalInterface
  public interface Conversation {
    /**
     * Reads requests from {@code in} and writes (and flushes) their replies to {@code out} until
     * {@code in} ends. Both streams are buffered (64 KiB); TCP_NODELAY is on.
     *
     * @throws BadInputException for bytes it will not read on: logged, that connection closed
     * @throws IOException when the connection breaks
     */
    void carryOn(InputStream in, OutputStream out) throws IOException;
  }

  private final String name;
  private final ServerSocket listener;
  private final Conversation conversation;
  private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads;
  private final Thread acceptor;
  private volatile boolean closing;

  private ThreadPerConnectionServer(String name, ServerSocket listener, Conversation conversation) {
    this.name = name;
    this.listener = listener;
    this.conversation = conversation;
    AtomicInteger n = new AtomicInteger();
    this.threads =
        Executors.newCachedThreadPool(
            task -> new Thread(task, name + "-conn-" + n.incrementAndGet()));
    this.acceptor = new Thread(this::accept, name + "-accept");
  }

  /**
   * Binds and starts accepting.
   *
   * @param name the protocol's id, for thread names and log lines
   * @throws java.net.BindException when the port is busy
   */
  public static ThreadPerConnectionServer start(
      String name, String bindAddress, int port, Conversation conversation) throws IOException {
    ServerSocket listener = new ServerSocket();
    try {
      listener.setReuseAddress(true);
      listener.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), BACKLOG);
    } catch (IOException e) {
      listener.close();
      throw e;
    }
    ThreadPerConnectionServer server = new ThreadPerConnectionServer(name, listener, conversation);
    server.acceptor.start();
    log.info("{} server on port {} (thread per connection)", name, listener.getLocalPort());
    return server;
  }

  @Override
  public int port() {
    return listener.getLocalPort();
  }

  private void accept() {
    while (!closing) {
      Socket socket;
      try {
        socket = listener.accept();
      } catch (IOException e) {
        if (!closing) {
          log.warn("{}: accept failed: {}", name, e.toString());
        }
        continue;
      }
      Connection connection = new Connection(socket);
      connections.add(connection);
      if (closing) {
        connection.abort();
      } else {
        threads.execute(connection);
      }
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

  /** One client's socket: the conversation on it, until the end. */
  private final class Connection implements Runnable {
    private static final int BUFFER = 64 * 1024;

    private final Socket socket;
    private volatile boolean finishing;

    Connection(Socket socket) {
      this.socket = socket;
    }

    @Override
    public void run() {
      String peer = String.valueOf(socket.getRemoteSocketAddress());
      try (socket) {
        socket.setTcpNoDelay(true);
        conversation.carryOn(
            new java.io.BufferedInputStream(socket.getInputStream(), BUFFER),
            new java.io.BufferedOutputStream(socket.getOutputStream(), BUFFER));
      } catch (BadInputException e) {
        log.warn("{}: closing the connection from {}: {}", name, peer, e.getMessage());
      } catch (IOException e) {
        if (!finishing) {
          log.debug("{}: connection from {} ended: {}", name, peer, e.toString());
        }
      } catch (RuntimeException e) {
        // a decoder reading crafted bytes may fail in other ways (an index out of bounds)
        log.warn(
            "{}: closing the connection from {}: unreadable request: {}", name, peer, e.toString());
      } finally {
        connections.remove(this);
      }
    }

    /** Graceful: the call being served completes, and the next read sees the end of the stream. */
    void finish() {
      finishing = true;
      try {
        socket.shutdownInput();
      } catch (IOException e) {
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
