package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ThreadPerConnectionServer} with the kit's limits, lowered so the test is quick. */
class ThreadPerConnectionLimitsTest {
  /** A request is a length byte and that many bytes; the reply is the length byte. */
  private static void lengthPrefixed(InputStream in, OutputStream out) throws IOException {
    int length;
    while ((length = in.read()) >= 0) {
      if (in.readNBytes(length).length < length) {
        return;
      }
      out.write(length);
      out.flush();
    }
  }

  private static ThreadPerConnectionServer server(ServerLimits limits) throws IOException {
    return ThreadPerConnectionServer.start(
        "demo", "127.0.0.1", 0, limits, ThreadPerConnectionLimitsTest::lengthPrefixed);
  }

  private static Socket connect(RunningServer server) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  /** Whether the server ended the connection (end of stream or reset) within the timeout. */
  private static boolean endedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().read() < 0;
    } catch (SocketException e) {
      return true;
    }
  }

  private static boolean answers(Socket socket) throws IOException {
    socket.getOutputStream().write(new byte[] {2, 'h', 'i'});
    return socket.getInputStream().read() == 2;
  }

  @Test
  void idleConnectionsAreClosedActiveOnesAreNot() throws Exception {
    ServerLimits limits = ServerLimits.none().withIdleTimeout(Duration.ofMillis(300));
    try (ThreadPerConnectionServer server = server(limits);
        Socket idle = connect(server);
        Socket busy = connect(server)) {
      long end = System.nanoTime() + Duration.ofMillis(900).toNanos();
      while (System.nanoTime() < end) {
        assertThat(answers(busy)).isTrue();
        Thread.sleep(50); // the behaviour: a call every 50 ms keeps it inside the idle timeout
      }
      assertThat(endedByServer(idle)).isTrue();
      assertThat(answers(busy)).isTrue();
    }
  }

  @Test
  void aRequestUnfinishedPastTheDeadlineClosesItsConnection() throws Exception {
    ServerLimits limits = ServerLimits.none().withFrameDeadline(Duration.ofMillis(300));
    try (ThreadPerConnectionServer server = server(limits);
        Socket slow = connect(server);
        Socket idle = connect(server)) {
      slow.getOutputStream().write(new byte[] {100, 'x'}); // 1 of 100 bytes
      for (int i = 0; i < 5; i++) {
        Thread.sleep(100); // the behaviour: a slow sender, a byte every 100 ms
        try {
          slow.getOutputStream().write('x'); // trickles on, never finishes
        } catch (IOException e) {
          break;
        }
      }
      assertThat(endedByServer(slow)).isTrue();
      assertThat(answers(idle)).as("waiting for a request is not an unfinished one").isTrue();
    }
  }

  /**
   * Issue 59: a whole request and, in the same write, the start of another that never ends. The
   * buffer took both from the socket in one read, and the watch, under the buffer, saw no byte of
   * the second after the first one's reply: it waited under the idle timeout (1,000 avro-socket
   * connections still open at 35 s against a 30 s deadline). It starts when it is read.
   */
  @Test
  void anUnfinishedRequestBehindAWholeOneIsUnderTheDeadline() throws Exception {
    ServerLimits limits =
        ServerLimits.none()
            .withFrameDeadline(Duration.ofMillis(300))
            .withIdleTimeout(Duration.ofMinutes(10));
    try (ThreadPerConnectionServer server = server(limits);
        Socket behind = connect(server)) {
      behind.getOutputStream().write(new byte[] {2, 'h', 'i', 100, 'x'}); // whole, then 1 of 100
      assertThat(behind.getInputStream().read()).as("the whole one's reply").isEqualTo(2);
      assertThat(endedByServer(behind)).as("closed at the deadline, not the idle timeout").isTrue();
    }
  }

  @Test
  void aRequestOverTheFrameLimitClosesItsConnection() throws Exception {
    ServerLimits limits = ServerLimits.none().withMaxFrameBytes(64);
    try (ThreadPerConnectionServer server = server(limits);
        Socket big = connect(server);
        Socket small = connect(server)) {
      byte[] request = new byte[101];
      request[0] = 100;
      big.getOutputStream().write(request);
      assertThat(endedByServer(big)).isTrue();
      assertThat(answers(small)).isTrue();
    }
  }

  @Test
  void connectionsPastTheCapAreClosedAtAcceptAndServedOnceOthersEnd() throws Exception {
    ServerLimits limits = ServerLimits.none().withMaxConnections(3);
    List<Socket> sockets = new ArrayList<>();
    try (ThreadPerConnectionServer server = server(limits)) {
      for (int i = 0; i < 3; i++) {
        Socket s = connect(server);
        sockets.add(s);
        assertThat(answers(s)).isTrue();
      }
      try (Socket over = connect(server)) {
        assertThat(endedByServer(over)).isTrue();
      }
      try (Socket over = connect(server)) {
        assertThat(endedByServer(over)).isTrue();
      }
      sockets.remove(0).close();
      Await.until(
          "the closed connection's place under the cap freed (2 open)",
          Duration.ofSeconds(5),
          () -> server.openConnections() <= 2);
      try (Socket again = connect(server)) {
        assertThat(answers(again)).isTrue();
      }
    } finally {
      for (Socket s : sockets) {
        s.close();
      }
    }
  }
}
