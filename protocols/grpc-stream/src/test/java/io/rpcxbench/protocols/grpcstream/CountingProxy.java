package io.rpcxbench.protocols.grpcstream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/** A loopback TCP proxy for one connection that counts the bytes in each direction. */
final class CountingProxy implements AutoCloseable {
  final AtomicLong toServer = new AtomicLong();
  final AtomicLong toClient = new AtomicLong();
  private final ServerSocket listener;
  private final int serverPort;

  CountingProxy(int serverPort) throws IOException {
    this.serverPort = serverPort;
    this.listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptOne, "proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  void reset() {
    toServer.set(0);
    toClient.set(0);
  }

  private void acceptOne() {
    try {
      Socket client = listener.accept();
      Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
      client.setTcpNoDelay(true);
      server.setTcpNoDelay(true);
      pump(client.getInputStream(), server.getOutputStream(), toServer);
      pump(server.getInputStream(), client.getOutputStream(), toClient);
    } catch (IOException e) {
      // the test fails on its own when nothing gets through
    }
  }

  private static void pump(InputStream in, OutputStream out, AtomicLong count) {
    Thread pump =
        new Thread(
            () -> {
              byte[] buffer = new byte[64 * 1024];
              try {
                int n;
                while ((n = in.read(buffer)) > 0) {
                  out.write(buffer, 0, n);
                  out.flush();
                  count.addAndGet(n);
                }
              } catch (IOException e) {
                // connection over
              }
            },
            "proxy-pump");
    pump.setDaemon(true);
    pump.start();
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
