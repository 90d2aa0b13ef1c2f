package io.rpcxbench.protocols.avro;

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
 * avro-socket's server: Avro binary records in length-prefixed frames on a plain blocking {@link
 * ServerSocket}, one thread per connection: the Geode "raw socket + Avro" row. The client keeps one
 * socket per calling thread, so the server has exactly one thread per caller, and a call costs one
 * read and one write system call on each side.
 *
 * <pre>{@code
 * try (AvroSocketServer server = AvroSocketServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class AvroSocketServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(AvroSocketServer.class);
  private static final int BACKLOG = 1024;
  private static final long GRACE_SECONDS = 5;

  private final ServerSocket listener;
  private final SocketCalls calls = new SocketCalls(new BenchLogic());
  private final Set<SocketConnection> connections = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads;
  private final Thread acceptor;
  private volatile boolean closing;

  private AvroSocketServer(ServerSocket listener) {
    this.listener = listener;
    AtomicInteger n = new AtomicInteger();
    this.threads =
        Executors.newCachedThreadPool(
            task -> new Thread(task, "avro-socket-conn-" + n.incrementAndGet()));
    this.acceptor = new Thread(this::accept, "avro-socket-accept");
  }

  /**
   * Binds and starts accepting.
   *
   * @throws java.net.BindException when the port is busy
   */
  public static AvroSocketServer start(String bindAddress, int port) throws IOException {
    ServerSocket listener = new ServerSocket();
    try {
      listener.setReuseAddress(true);
      listener.bind(new InetSocketAddress(InetAddress.getByName(bindAddress), port), BACKLOG);
    } catch (IOException e) {
      listener.close();
      throw e;
    }
    AvroSocketServer server = new AvroSocketServer(listener);
    server.acceptor.start();
    log.info("avro-socket server on port {} (thread per connection)", listener.getLocalPort());
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
      SocketConnection connection = new SocketConnection(socket, calls, connections::remove);
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
    connections.forEach(SocketConnection::finish);
    threads.shutdown();
    try {
      if (!threads.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS)) {
        connections.forEach(SocketConnection::abort);
        threads.shutdownNow();
      }
    } catch (InterruptedException e) {
      connections.forEach(SocketConnection::abort);
      Thread.currentThread().interrupt();
    }
  }
}
