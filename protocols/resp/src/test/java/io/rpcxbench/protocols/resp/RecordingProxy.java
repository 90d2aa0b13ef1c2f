package io.rpcxbench.protocols.resp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback proxy that keeps every byte each way, to see what a stock client sends on connect and
 * what the server answers.
 */
final class RecordingProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final ByteArrayOutputStream requests = new ByteArrayOutputStream();
  private final ByteArrayOutputStream replies = new ByteArrayOutputStream();
  private final List<Socket> sockets = new ArrayList<>();

  RecordingProxy(int targetPort) throws IOException {
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.targetPort = targetPort;
    daemon(this::accept);
  }

  int port() {
    return listener.getLocalPort();
  }

  byte[] requests() {
    synchronized (requests) {
      return requests.toByteArray();
    }
  }

  byte[] replies() {
    synchronized (replies) {
      return replies.toByteArray();
    }
  }

  private void accept() {
    try {
      while (true) {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        synchronized (sockets) {
          sockets.add(client);
          sockets.add(server);
        }
        daemon(() -> pump(client, server, requests));
        daemon(() -> pump(server, client, replies));
      }
    } catch (IOException closed) {
      // the listener was closed
    }
  }

  private static void pump(Socket from, Socket to, ByteArrayOutputStream record) {
    byte[] buffer = new byte[64 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        synchronized (record) {
          record.write(buffer, 0, n);
        }
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // one side closed
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void daemon(Runnable task) {
    Thread t = new Thread(task, "recording-proxy");
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
      sockets.forEach(RecordingProxy::closeQuietly);
    }
  }
}
