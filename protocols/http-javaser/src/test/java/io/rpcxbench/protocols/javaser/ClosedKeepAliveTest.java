package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * A server that ends a kept-alive connection without a reply: the client sends once more on a new
 * connection (every call of the contract is idempotent), and only once.
 */
class ClosedKeepAliveTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @Test
  void aCallOnAConnectionEndedBeforeItsReplyIsSentOnceMore() throws Exception {
    // request 2 (the first on the kept-alive connection after a reply) gets no reply
    try (Replier server = new Replier(request -> request != 2);
        BenchClient client = open(server.port())) {
      assertThat(client.hello("a")).isEqualTo("hello, a");
      assertThat(client.hello("b")).isEqualTo("hello, b");
      assertThat(server.requests.get()).isEqualTo(3);
    }
  }

  @Test
  void aSecondEndWithoutReplyFailsTheCall() throws Exception {
    try (Replier server = new Replier(request -> request == 1);
        BenchClient client = open(server.port())) {
      assertThat(client.hello("a")).isEqualTo("hello, a");
      assertThatThrownBy(() -> client.hello("b"))
          .isInstanceOf(JavaserCallException.class)
          .hasMessageContaining("POST /hello");
      assertThat(server.requests.get()).isEqualTo(3);
    }
  }

  private static BenchClient open(int port) {
    return JavaserClient.open(new ClientOptions("127.0.0.1", port, TIMEOUT, TIMEOUT, 1));
  }

  /** HTTP/1.1 on a plain socket: answers request k (from 1) when told, else closes silently. */
  private static final class Replier implements AutoCloseable {
    private final ServerSocket socket;
    private final IntPredicate answers;
    private final AtomicInteger requests = new AtomicInteger();
    private final Thread thread;
    private volatile Socket current;

    Replier(IntPredicate answers) throws IOException {
      this.answers = answers;
      this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      this.thread = new Thread(this::serve, "replier");
      thread.setDaemon(true);
      thread.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    private void serve() {
      while (!socket.isClosed()) {
        try (Socket connection = socket.accept()) {
          current = connection;
          connection.setSoTimeout((int) TIMEOUT.toMillis());
          while (answerOne(connection.getInputStream(), connection.getOutputStream())) {
            // the next request on the kept-alive connection
          }
        } catch (IOException e) {
          // closed: the test is over
        }
      }
    }

    private boolean answerOne(InputStream in, OutputStream out) throws IOException {
      String head = readHead(in);
      if (head == null) {
        return false;
      }
      byte[] body = in.readNBytes(contentLength(head));
      if (!answers.test(requests.incrementAndGet())) {
        return false;
      }
      String name;
      try {
        name =
            WireCodec.read(
                    new ByteArrayInputStream(body), WireFilters.requests(), Wire.HelloRequest.class)
                .name();
      } catch (WireCodec.RejectedException e) {
        throw new IOException(e.getMessage(), e);
      }
      byte[] reply = JavaserClient.serialize(new Wire.HelloReply("hello, " + name));
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: "
                  + WireCodec.CONTENT_TYPE
                  + "\r\nContent-Length: "
                  + reply.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(reply);
      out.flush();
      return true;
    }

    private static String readHead(InputStream in) throws IOException {
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) >= 0) {
        head.write(b);
        String text = head.toString(StandardCharsets.US_ASCII);
        if (text.endsWith("\r\n\r\n")) {
          return text;
        }
      }
      return null;
    }

    private static int contentLength(String head) {
      for (String line : head.split("\r\n")) {
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          return Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
        }
      }
      return 0;
    }

    @Override
    public void close() throws Exception {
      socket.close();
      Socket open = current;
      if (open != null) {
        open.close();
      }
      thread.join(TIMEOUT.toMillis());
    }
  }
}
