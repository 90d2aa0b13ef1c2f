package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: a refused argument whose body was read whole keeps the keep-alive connection (422; a
 * stock client found every 400 closing it), checked with a raw socket that sends a bad request and
 * then a good one on the same connection. An unreadable body is a 400, after which Tomcat itself
 * ends the connection (its {@code Http11Processor}), and says so.
 */
class KeepAliveAfterRefusalTest {
  @Test
  void aRefusedArgumentKeepsTheConnectionForTheNextCall() throws Exception {
    try (RunningServer server =
            OpenFeignServerMain.start("127.0.0.1", 0, List.of(), ServerLimits.defaults());
        Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      String refused = exchange(socket, "/hello", "{}");
      assertThat(refused).startsWith("HTTP/1.1 422 ").contains("hello: name is required");
      assertThat(refused.toLowerCase()).doesNotContain("connection: close");
      String served = exchange(socket, "/hello", "{\"name\":\"again\"}");
      assertThat(served).startsWith("HTTP/1.1 200 ").contains("hello, again");
    }
  }

  @Test
  void anUnreadableBodyIs400AndTomcatSaysItClosesTheConnection() throws Exception {
    try (RunningServer server =
            OpenFeignServerMain.start("127.0.0.1", 0, List.of(), ServerLimits.defaults());
        Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      String refused = exchange(socket, "/hello", "{nope");
      assertThat(refused).startsWith("HTTP/1.1 400 ");
      assertThat(refused.toLowerCase()).contains("connection: close");
      assertThat(socket.getInputStream().read()).isEqualTo(-1);
    }
  }

  /** One request with a Content-Length body; the response head and its Content-Length body. */
  private static String exchange(Socket socket, String path, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    OutputStream out = socket.getOutputStream();
    out.write(
        ("POST "
                + path
                + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed mid-response: " + head);
      }
      head.write(b);
    }
    String headText = head.toString(StandardCharsets.US_ASCII);
    int length = 0;
    for (String line : headText.split("\r\n")) {
      if (line.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
      if (line.toLowerCase().startsWith("transfer-encoding:")) {
        return headText + chunked(in);
      }
    }
    return headText + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }

  private static String chunked(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String size = line(in);
      int n = Integer.parseInt(size.split(";")[0].trim(), 16);
      if (n == 0) {
        line(in); // the empty line after the last chunk
        return body.toString(StandardCharsets.UTF_8);
      }
      body.write(in.readNBytes(n));
      line(in);
    }
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b; (b = in.read()) != '\n'; ) {
      if (b < 0) {
        throw new IOException("closed mid-chunk");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.US_ASCII);
  }
}
