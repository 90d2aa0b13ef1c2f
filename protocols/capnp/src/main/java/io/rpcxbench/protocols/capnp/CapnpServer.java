package io.rpcxbench.protocols.capnp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import java.io.IOException;
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
 * The benchmark calls as Cap'n Proto messages on a plain blocking {@link ServerSocket}, one thread
 * per connection.
 *
 * <p>Why blocking and not Netty (or Cap'n Proto RPC, which has no Java implementation here): this
 * is the Geode "raw socket + Cap'n Proto" row, a thread reading a socket and writing the answer
 * back. The client keeps one socket per calling thread, so one server thread per connection is
 * exactly as many threads as callers, and a call costs one read and one write system call on each
 * side.
 *
 * <pre>{@code
 * try (CapnpServer server = CapnpServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class CapnpServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(CapnpServer.class);
  private static final int BACKLOG = 1024;
  private static final long GRACE_SECONDS = 5;

  private final ServerSocket listener;
  private final BenchCalls calls = new BenchCalls(new BenchLogic());
  private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads;
  private final Thread acceptor;
  private volatile boolean closing;

  private CapnpServer(ServerSocket listener) {
    this.listener = listener;
    AtomicInteger n = new AtomicInteger();
    this.threads =
        Executors.newCachedThreadPool(
            task -> new Thread(task, "capnp-conn-" + n.incrementAndGet()));
    this.acceptor = new Thread(this::accept, "capnp-accept");
  }

  /**
   * Binds and starts accepting.
   *
   * @throws java.net.BindException when the port is busy
   */
  public static CapnpServer start(String bindAddress, int port) throws IOException {
    ServerSocket listener = new ServerSocket();
    try {
      listener.setReuseAddress(true);
      listener.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), BACKLOG);
    } catch (IOException e) {
      listener.close();
      throw e;
    }
    CapnpServer server = new CapnpServer(listener);
    server.acceptor.start();
    log.info("capnp server on port {} (thread per connection)", listener.getLocalPort());
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
          log.warn("accept failed: {}", e.toString());
        }
        continue;
      }
      ServerConnection connection = new ServerConnection(socket, calls, connections::remove);
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
      log.warn("closing the listener: {}", e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    connections.forEach(ServerConnection::finish);
    threads.shutdown();
    try {
      if (!threads.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS)) {
        connections.forEach(ServerConnection::abort);
        threads.shutdownNow();
      }
    } catch (InterruptedException e) {
      connections.forEach(ServerConnection::abort);
      Thread.currentThread().interrupt();
    }
  }
}
