package io.rpcxbench.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Connections that a hostile client opens and holds, protocol-agnostic: each sends some bytes (a
 * partial frame, nothing, a flood of requests) and then never reads, so that a test can ask which
 * of them the server has closed.
 *
 * <pre>{@code
 * try (HostileClient attack = new HostileClient("127.0.0.1", port)) {
 *   attack.open(300, partialFrame);          // 300 connections, each holding half a frame
 *   ... an honest client keeps calling ...
 *   assertThat(attack.awaitClosedByServer(Duration.ofSeconds(10))).isEqualTo(300);
 * }
 * }</pre>
 */
public final class HostileClient implements AutoCloseable {
  private static final int PARALLEL = 16;

  private final InetSocketAddress server;
  private final List<Held> held = new ArrayList<>();

  /** One connection and whether the server has ended it. */
  private static final class Held {
    final Socket socket;
    boolean closedByServer;

    Held(Socket socket) {
      this.socket = socket;
    }
  }

  public HostileClient(String host, int port) {
    this.server = new InetSocketAddress(host, port);
  }

  /**
   * Opens {@code count} connections, each of which writes {@code bytes} (may be empty) and then
   * holds. A write the server cuts short (it closed the connection) is not an error.
   *
   * @return how many connections were opened
   */
  public synchronized int open(int count, byte[] bytes) throws Exception {
    return open(java.util.Collections.nCopies(count, bytes));
  }

  /**
   * Opens a connection for each of {@code writes}, which writes those bytes and then holds (a fuzz:
   * each its own bytes).
   *
   * @return how many connections were opened
   */
  public synchronized int open(List<byte[]> writes) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
    try {
      List<Future<Socket>> opening = new ArrayList<>();
      for (byte[] bytes : writes) {
        opening.add(pool.submit(() -> connectAndSend(bytes)));
      }
      int opened = 0;
      for (Future<Socket> f : opening) {
        Socket socket = f.get();
        if (socket != null) {
          held.add(new Held(socket));
          opened++;
        }
      }
      return opened;
    } finally {
      pool.shutdownNow();
    }
  }

  private Socket connectAndSend(byte[] bytes) {
    Socket socket = new Socket();
    try {
      socket.connect(server, 5000);
    } catch (IOException e) {
      return null;
    }
    try {
      if (bytes.length > 0) {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
      }
    } catch (IOException e) {
      // the server closed it already: counted by awaitClosedByServer
    }
    return socket;
  }

  /** Writes more bytes on every connection still open (a slow sender's next byte). */
  public synchronized void sendMore(byte[] bytes) {
    for (Held h : held) {
      if (!h.closedByServer) {
        try {
          h.socket.getOutputStream().write(bytes);
          h.socket.getOutputStream().flush();
        } catch (IOException e) {
          h.closedByServer = true;
        }
      }
    }
  }

  /**
   * Waits up to {@code max} for the server to end the connections held.
   *
   * @return how many of them the server has ended (end of stream or reset)
   */
  public synchronized int awaitClosedByServer(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    byte[] buffer = new byte[64 * 1024];
    int closed;
    do {
      closed = 0;
      for (Held h : held) {
        if (!h.closedByServer) {
          h.closedByServer = endedByServer(h.socket, buffer);
        }
        if (h.closedByServer) {
          closed++;
        }
      }
      if (closed == held.size()) {
        break;
      }
      Thread.sleep(20);
    } while (System.nanoTime() < deadline);
    return closed;
  }

  /** How many connections the server has ended so far (checked once, now). */
  public int closedByServer() throws InterruptedException {
    return awaitClosedByServer(Duration.ZERO);
  }

  /** Closes {@code count} of the connections the server still holds (the attacker lets go). */
  public synchronized void release(int count) {
    int left = count;
    for (Held h : held) {
      if (left > 0 && !h.closedByServer) {
        closeQuietly(h.socket);
        h.closedByServer = true; // no longer held
        left--;
      }
    }
  }

  /**
   * Whether the server ended the connection: reads what it sent (into {@code buffer}, not byte by
   * byte: a flood's unread replies can be tens of MB a connection) until the end or 1 ms of quiet.
   */
  private static boolean endedByServer(Socket socket, byte[] buffer) {
    try {
      socket.setSoTimeout(1);
      InputStream in = socket.getInputStream();
      while (true) {
        if (in.read(buffer) < 0) {
          return true;
        }
        // a reply or an error message: read on until the stream ends or stays quiet
      }
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  @Override
  public synchronized void close() {
    held.forEach(h -> closeQuietly(h.socket));
    held.clear();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
