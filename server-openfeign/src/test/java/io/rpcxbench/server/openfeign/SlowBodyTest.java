package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Issue 30: connections that announce a large body and send a few bytes of it hold a request thread
 * only for Tomcat's upload timeout (at most the frame deadline), not the 30 s connection timeout.
 */
@ExtendWith(OutputCaptureExtension.class)
class SlowBodyTest {
  private static Socket slowBody(int port) throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(20_000); // under Tomcat's 30 s connection timeout
    OutputStream out = socket.getOutputStream();
    out.write(
        ("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1048576\r\n\r\n{\"na")
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return socket;
  }

  private static boolean endedByServer(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    try {
      while (in.read() >= 0) {
        // an error answer may come first
      }
      return true;
    } catch (SocketException e) {
      return true;
    }
  }

  @Test
  void aStalledBodyFreesItsThreadAtTheUploadTimeout() throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofSeconds(2));
    List<Socket> slow = new ArrayList<>();
    try (RunningServer server = OpenFeignServerMain.start("127.0.0.1", 0, List.of(), limits)) {
      for (int i = 0; i < 20; i++) {
        slow.add(slowBody(server.port()));
      }
      assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"during\"}").body())
          .contains("hello, during");
      for (Socket s : slow) {
        assertThat(endedByServer(s)).isTrue();
      }
    } finally {
      for (Socket s : slow) {
        s.close();
      }
    }
  }

  /**
   * Issue 48: the refusal of a stalled body is written (problem+json, 400) and is the only thing
   * that happens: no failed exception handler or error page with a stack trace per connection.
   */
  @Test
  void aStalledBodyIsAnsweredWithOneProblemAndNoStackTrace(CapturedOutput output) throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofSeconds(2));
    try (RunningServer server = OpenFeignServerMain.start("127.0.0.1", 0, List.of(), limits);
        Socket slow = slowBody(server.port())) {
      String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer)
          .startsWith("HTTP/1.1 400")
          .contains("application/problem+json")
          .contains("\"status\":400");
      // anything Tomcat or Spring would log after the reply: wait until the output stops growing
      Await.quiet(
          "the server's output after the refusal",
          Duration.ofMillis(200),
          Duration.ofSeconds(10),
          () -> output.getAll().length());
      assertThat(output.getAll())
          .doesNotContain("Failure in @ExceptionHandler")
          .doesNotContain("Exception Processing")
          .doesNotContain("\tat org.apache");
    }
  }

  /** The answer to a request written by hand, after its whole exchange: status line and body. */
  private static String exchange(int port, byte[]... parts) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      for (byte[] part : parts) {
        try {
          out.write(part);
          out.flush();
        } catch (SocketException refusedAndClosed) {
          break; // the server answered and closed without reading the rest: its answer is read
        }
        // the behaviour under test: a body arriving in pieces, a pause between them
        Thread.sleep(300); // a body on its way: the server reads the rest without a thread
      }
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    }
  }

  @Test
  void stalledBodiesHoldNoRequestThreadSoHonestCallsAreServedAtOnce() throws Exception {
    // 4 request threads, 40 stalled bodies: without reading ahead, every thread waits on a body
    List<Socket> slow = new ArrayList<>();
    try (RunningServer server =
        OpenFeignServerMain.start(
            "127.0.0.1", 0, List.of("--server.tomcat.threads.max=4"), ServerLimits.defaults())) {
      for (int i = 0; i < 40; i++) {
        slow.add(slowBody(server.port()));
      }
      // all of them at the server: it has read each head (and the body's first bytes)
      Await.until(
          "the server read the head of all 40 stalled bodies",
          Duration.ofSeconds(20),
          () -> slow.stream().allMatch(s -> readByServer(server.port(), s)));
      for (int i = 0; i < 20; i++) {
        assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"h" + i + "\"}").body())
            .contains("hello, h" + i);
      }
      for (Socket s : slow) {
        s.close(); // before the server's graceful stop, which waits for requests under way
      }
    } finally {
      for (Socket s : slow) {
        s.close();
      }
    }
  }

  /**
   * Whether the server end of {@code client}'s connection has taken everything sent so far: its
   * {@code /proc/net/tcp} (or {@code tcp6}) entry exists and its receive queue is empty.
   */
  private static boolean readByServer(int serverPort, Socket client) {
    String server = String.format(":%04X", serverPort);
    String peer = String.format(":%04X", client.getLocalPort());
    for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      try {
        for (String line : Files.readAllLines(Path.of(file))) {
          String[] f = line.trim().split("\\s+");
          if (f.length > 4 && f[1].endsWith(server) && f[2].endsWith(peer)) {
            return f[4].endsWith(":00000000"); // tx_queue:rx_queue
          }
        }
      } catch (IOException e) {
        // no such file: IPv4 or IPv6 only
      }
    }
    return false;
  }

  @Test
  void aBodyThatArrivesInPiecesIsReadAheadAndAnsweredWhole() throws Exception {
    String json = "{\"payload\":\"" + "QUJD".repeat(5000) + "\"}"; // 15,000 bytes of ABC...
    byte[] body = json.getBytes(StandardCharsets.US_ASCII);
    byte[] head =
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + "Content-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] first = java.util.Arrays.copyOfRange(body, 0, 10);
    byte[] rest = java.util.Arrays.copyOfRange(body, 10, body.length);
    try (RunningServer server =
        OpenFeignServerMain.start("127.0.0.1", 0, List.of(), ServerLimits.defaults())) {
      String answer = exchange(server.port(), head, first, rest);
      assertThat(answer).startsWith("HTTP/1.1 200");
      // the reply is chunked: its body without the chunk sizes is the payload echoed whole
      String echoed =
          answer.substring(answer.indexOf("\r\n\r\n") + 4).replaceAll("\r\n[0-9a-f]+\r\n", "");
      assertThat(echoed).contains("{\"payload\":\"" + "QUJD".repeat(5000) + "\"}");
    }
  }

  @Test
  void aBodyPastTheBudgetOfUnfinishedBodiesIsRefusedWith503() throws Exception {
    // a budget of 256 KiB for all unfinished bodies: a parked request counts Tomcat's part (120
    // KiB) and its buffer, so a 200,000-byte body arriving in pieces passes it, a small one not
    String json = "{\"payload\":\"" + "QUJD".repeat(50_000) + "\"}";
    byte[] body = json.getBytes(StandardCharsets.US_ASCII);
    byte[] head =
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII);
    try (RunningServer server =
        OpenFeignServerMain.start(
            "127.0.0.1", 0, List.of(), ServerLimits.defaults().withMaxBufferedBytes(256 * 1024))) {
      String answer =
          exchange(
              server.port(),
              head,
              java.util.Arrays.copyOfRange(body, 0, 10),
              java.util.Arrays.copyOfRange(body, 10, body.length));
      assertThat(answer).startsWith("HTTP/1.1 503").contains("--max-buffered");
      // and the server serves the next caller
      assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"next\"}").body())
          .contains("hello, next");
    }
  }

  /**
   * Issue 59: a refused body's connection is closed without Tomcat reading the rest of the body.
   * Tomcat "swallows" what is left of a body after a 400 before it closes, each read waiting the
   * upload timeout; senders that go on sending after their refusal held a request thread each for
   * good, and 1,000 of them kept every honest call out. Refused at once (a body announced past the
   * frame limit) or at the frame deadline (a body trickled too slowly), on 2 request threads.
   */
  @ParameterizedTest(name = "Content-Length {0}")
  @ValueSource(longs = {2_147_483_648L, 1_048_576L})
  void aRefusedSenderThatGoesOnSendingHoldsNoRequestThread(long announced) throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofSeconds(2));
    List<Socket> senders = new ArrayList<>();
    java.util.concurrent.atomic.AtomicBoolean sending =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    Thread trickle =
        new Thread(
            () -> {
              while (sending.get()) {
                for (Socket s : List.copyOf(senders)) {
                  try {
                    s.getOutputStream().write('a');
                  } catch (IOException e) {
                    // closed by the server: what this test expects
                  }
                }
                try {
                  // the attack under test: a byte every 100 ms, each within the upload timeout
                  Thread.sleep(100);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "trickle");
    try (RunningServer server =
        OpenFeignServerMain.start(
            "127.0.0.1", 0, List.of("--server.tomcat.threads.max=2"), limits)) {
      for (int i = 0; i < 6; i++) {
        Socket s = new Socket("127.0.0.1", server.port());
        s.setSoTimeout(20_000); // far past the deadline: a connection still open is a failure
        s.getOutputStream()
            .write(
                ("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Content-Length: "
                        + announced
                        + "\r\n\r\n{\"na")
                    .getBytes(StandardCharsets.US_ASCII));
        senders.add(s);
      }
      trickle.start();
      for (Socket s : senders) {
        String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(reply).as("the refusal, then the end of the stream").startsWith("HTTP/1.1 400");
      }
      for (int i = 0; i < 4; i++) {
        assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"h" + i + "\"}").body())
            .contains("hello, h" + i);
      }
    } finally {
      sending.set(false);
      trickle.interrupt();
      for (Socket s : senders) {
        s.close();
      }
    }
  }

  /**
   * Issue 59: a sender that closes before its body is whole is answered and ended at once (Tomcat
   * reports the early end as a failed read, or as the end of the stream), not at the frame
   * deadline: its parked request would hold its part of the budget until then.
   */
  @Test
  void aBodyCutShortByItsSenderEndsAtOnceNotAtTheDeadline() throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofSeconds(60));
    try (RunningServer server = OpenFeignServerMain.start("127.0.0.1", 0, List.of(), limits);
        Socket cut = slowBody(server.port())) {
      cut.shutdownOutput(); // the body ends after 4 of its 1,048,576 bytes
      String answer = new String(cut.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1 400");
    }
  }

  /**
   * Issue 59: a parked request counts Tomcat's part against the budget ({@link
   * BodyReadAhead#PARKED_REQUEST_BYTES}); when it is spent, the body that waited longest is
   * answered 503 and closed, and the newer ones wait on. Uncounted, 1,000 parked bodies of 1 KiB
   * filled a 128 MiB heap.
   */
  @Test
  void parkedBodiesPastTheBudgetEvictTheOldest() throws Exception {
    long parked = BodyReadAhead.PARKED_REQUEST_BYTES + 8 * 1024;
    ServerLimits limits = ServerLimits.defaults().withMaxBufferedBytes(4 * parked);
    List<Socket> stalled = new ArrayList<>();
    try (RunningServer server = OpenFeignServerMain.start("127.0.0.1", 0, List.of(), limits)) {
      InputBudget budget = InputBudget.shared(limits.maxBufferedBytes());
      for (int i = 0; i < 4; i++) {
        stalled.add(slowBody(server.port()));
        long held = (i + 1) * parked;
        // parked in the order opened: the budget holds each before the next comes
        Await.until(
            "stalled body " + (i + 1) + " parked",
            Duration.ofSeconds(20),
            () -> budget.used() == held);
      }
      stalled.add(slowBody(server.port()));
      String oldest =
          new String(stalled.get(0).getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(oldest).startsWith("HTTP/1.1 503").contains("evicted");
      assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"beside\"}").body())
          .contains("hello, beside");
      for (Socket s : stalled) {
        s.close(); // before the server's graceful stop, which waits for requests under way
      }
    } finally {
      for (Socket s : stalled) {
        s.close();
      }
    }
  }
}
