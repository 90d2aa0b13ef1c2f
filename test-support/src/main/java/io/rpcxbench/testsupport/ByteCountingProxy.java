package io.rpcxbench.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback TCP proxy that counts the bytes each way, for "bytes on the wire per call" in the
 * protocols' READMEs, and the connections it accepted, for "does the client reuse connections":
 * point the client at {@link #port()}, read the counters around one call.
 *
 * <pre>{@code
 * try (ByteCountingProxy proxy = ByteCountingProxy.start(server.port())) {
 *   client = provider.open(options(proxy.port()));
 *   client.hello("world");                       // connect, warm up
 *   long up = proxy.requestBytes(), down = proxy.replyBytes();
 *   client.hello("world");
 *   long request = proxy.requestBytes() - up;    // bytes of one hello("world") request
 * }
 * }</pre>
 */
public final class ByteCountingProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final AtomicLong requestBytes = new AtomicLong();
  private final AtomicLong replyBytes = new AtomicLong();
  private final AtomicLong connections = new AtomicLong();
  private final List<Socket> sockets = new ArrayList<>();

  private ByteCountingProxy(ServerSocket listener, int targetPort) {
    this.listener = listener;
    this.targetPort = targetPort;
    daemon(this::accept, "proxy-accept");
  }

  /** Listens on 127.0.0.1, port 0, and forwards to 127.0.0.1:targetPort. */
  public static ByteCountingProxy start(int targetPort) throws IOException {
    return new ByteCountingProxy(
        new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), targetPort);
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** Bytes from clients to the server so far. */
  public long requestBytes() {
    return requestBytes.get();
  }

  /** Bytes from the server to clients so far. */
  public long replyBytes() {
    return replyBytes.get();
  }

  /** Connections accepted from clients so far. */
  public long connections() {
    return connections.get();
  }

  private void accept() {
    try {
      while (true) {
        Socket client = listener.accept();
        connections.incrementAndGet();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        client.setTcpNoDelay(true);
        server.setTcpNoDelay(true);
        synchronized (sockets) {
          sockets.add(client);
          sockets.add(server);
        }
        daemon(() -> pump(client, server, requestBytes), "proxy-up");
        daemon(() -> pump(server, client, replyBytes), "proxy-down");
      }
    } catch (IOException closed) {
      // the listener was closed
    }
  }

  private static void pump(Socket from, Socket to, AtomicLong counter) {
    byte[] buffer = new byte[64 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        // count before forwarding: once the other side has the bytes, the counter has them
        counter.addAndGet(n);
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // one side closed: close both
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void daemon(Runnable task, String name) {
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    t.start();
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // closing anyway
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    synchronized (sockets) {
      sockets.forEach(ByteCountingProxy::closeQuietly);
    }
  }
}
