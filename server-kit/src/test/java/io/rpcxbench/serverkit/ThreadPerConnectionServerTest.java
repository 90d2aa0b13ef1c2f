package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class ThreadPerConnectionServerTest {
  /** One byte in, the same byte back; a 0 byte is bad input. */
  private static void echoBytes(InputStream in, OutputStream out) throws IOException {
    int b;
    while ((b = in.read()) >= 0) {
      if (b == 0) {
        throw new BadInputException("a zero byte");
      }
      out.write(b);
      out.flush();
    }
  }

  private static Socket connect(RunningServer server) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(5000);
    return socket;
  }

  @Test
  void eachConnectionHasItsConversationAndBadInputClosesOnlyThatOne() throws Exception {
    try (RunningServer server =
            ThreadPerConnectionServer.start(
                "demo", "127.0.0.1", 0, ThreadPerConnectionServerTest::echoBytes);
        Socket good = connect(server);
        Socket bad = connect(server)) {
      good.getOutputStream().write(7);
      assertThat(good.getInputStream().read()).isEqualTo(7);

      bad.getOutputStream().write(0);
      assertThat(bad.getInputStream().read()).as("closed by the server").isEqualTo(-1);

      good.getOutputStream().write(9);
      assertThat(good.getInputStream().read()).isEqualTo(9);
    }
  }

  @Test
  void closeEndsConnectionsAndTheListener() throws Exception {
    RunningServer server =
        ThreadPerConnectionServer.start(
            "demo", "127.0.0.1", 0, ThreadPerConnectionServerTest::echoBytes);
    int port = server.port();
    try (Socket open = connect(server)) {
      open.getOutputStream().write(5); // served: the connection is in its conversation
      assertThat(open.getInputStream().read()).isEqualTo(5);
      server.close();
      server.close();
      assertThat(open.getInputStream().read()).isEqualTo(-1);
    }
    assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close())
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void aBusyPortIsABindException() throws Exception {
    try (RunningServer server =
        ThreadPerConnectionServer.start(
            "demo", "127.0.0.1", 0, ThreadPerConnectionServerTest::echoBytes)) {
      assertThatThrownBy(
              () ->
                  ThreadPerConnectionServer.start(
                      "demo", "127.0.0.1", server.port(), ThreadPerConnectionServerTest::echoBytes))
          .isInstanceOf(java.net.BindException.class);
    }
  }
}
