package io.rpcxbench.harness;

import io.rpcxbench.api.BenchContract;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A line-protocol server (see testplugin.LineProtocol) that answers the first {@code answers} calls
 * and then reads on without ever replying: a server that stops answering in the middle of a point.
 * With 0 answers it is a server that accepts connections and never replies.
 */
final class StallingLineServer implements AutoCloseable {
  private final ServerSocket listener;
  private final AtomicInteger left;

  StallingLineServer(int answers) throws IOException {
    left = new AtomicInteger(answers);
    listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "stalling-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket s = listener.accept();
        Thread t = new Thread(() -> serve(s), "stalling-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s;
        BufferedReader in =
            new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
      OutputStream out = s.getOutputStream();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (left.getAndDecrement() > 0) {
          out.write(
              (BenchContract.helloReply(line.substring(2)) + "\n")
                  .getBytes(StandardCharsets.UTF_8));
          out.flush();
        }
      }
    } catch (IOException e) {
      // client gone
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
