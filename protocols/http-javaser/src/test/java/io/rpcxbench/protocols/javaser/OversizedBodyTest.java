package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A client that sends a whole oversized body before it reads (as the JDK's HttpClient does) must
 * read the 413, not a reset: the server drops a body of declared length to its end before it
 * closes, even past the frame watch's bound, and closes at once on a body it would not drain
 * (chunked: no length to bound the drain by).
 */
class OversizedBodyTest {
  private static final int LIMIT = 64 * 1024;

  @Test
  void aWholeBodyFourTimesTheLimitIsReadAndAnswered413() throws Exception {
    try (JavaserServer server = smallServer();
        Socket socket = connect(server.port())) {
      OutputStream out = socket.getOutputStream();
      int length = 4 * LIMIT;
      out.write(header("Content-Length: " + length));
      byte[] chunk = new byte[8192];
      for (int sent = 0; sent < length; sent += chunk.length) {
        out.write(chunk); // a slow sender: still writing when the server has seen the limit pass
        out.flush();
        Thread.sleep(20); // the behaviour: the slow sender's pace
      }
      out.flush();
      String answer = readToClose(socket.getInputStream());
      assertThat(answer).startsWith("HTTP/1.1 413").containsIgnoringCase("connection: close");
    }
  }

  @Test
  void aChunkedOversizedBodyEndsTheConnection() throws Exception {
    try (JavaserServer server = smallServer();
        Socket socket = connect(server.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(header("Transfer-Encoding: chunked"));
      byte[] body = new byte[2 * LIMIT];
      out.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      // The 413 may be lost to the reset of a close with the client's bytes unread; no 200 is.
      assertThat(readOrReset(socket.getInputStream())).doesNotContain("200");
    }
  }

  /** What the server sent before it closed or reset the connection (a timeout fails). */
  private static String readOrReset(InputStream in) throws IOException {
    try {
      return readToClose(in);
    } catch (java.net.SocketTimeoutException stillOpen) {
      throw stillOpen;
    } catch (java.net.SocketException reset) {
      return "";
    }
  }

  /** A server whose requests may have {@link #LIMIT} bytes at most. */
  private static JavaserServer smallServer() {
    return JavaserServer.start("127.0.0.1", 0, ServerLimits.defaults().withMaxFrameBytes(LIMIT));
  }

  private static Socket connect(int port) throws IOException {
    Socket socket = new Socket();
    socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static byte[] header(String framing) {
    return ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
            + WireCodec.CONTENT_TYPE
            + "\r\n"
            + framing
            + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** What the server sent before it closed (a reset after a complete answer keeps the answer). */
  private static String readToClose(InputStream in) throws IOException {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    try {
      for (int n; (n = in.read(buf)) > 0; ) {
        got.write(buf, 0, n);
      }
    } catch (java.net.SocketException reset) {
      if (got.size() == 0) {
        throw reset;
      }
    }
    return got.toString(StandardCharsets.US_ASCII);
  }
}
