package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad bytes on raw sockets: each gets an error reply, and bad framing also a closed connection; the
 * server stays up, and a stock client on another connection keeps being served throughout.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RespServerBadInputTest {
  private RespServer server;
  private BenchClient bystander;

  @BeforeAll
  void start() throws Exception {
    server = RespServer.start("127.0.0.1", 0);
    bystander =
        new RespProtocol()
            .open(
                new ClientOptions(
                    "127.0.0.1", server.port(), Duration.ofSeconds(5), Duration.ofSeconds(2), 1));
  }

  @AfterAll
  void stop() {
    bystander.close();
    server.close();
  }

  @AfterEach
  void anotherConnectionIsStillServed() {
    assertThat(bystander.hello("bystander")).isEqualTo("hello, bystander");
  }

  /** What the server answers to {@code bytes} until it closes the connection. */
  private String answerUntilClosed(byte[] bytes) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      try {
        out.write(bytes);
        out.flush();
      } catch (SocketException closedWhileWriting) {
        // the server may close before it has read all of a large input
      }
      return readToEnd(socket.getInputStream());
    }
  }

  /** What the server answers to {@code bytes}, then to a PING on the same connection. */
  private String answerThenPing(String command) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write((command + "*1\r\n$4\r\nPING\r\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
      socket.shutdownOutput();
      return readToEnd(socket.getInputStream());
    }
  }

  private static String readToEnd(InputStream in) throws IOException {
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    try {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        answer.write(buffer, 0, n);
      }
    } catch (SocketException reset) {
      // closed with unread input: a reset, after what was answered
    }
    return answer.toString(StandardCharsets.UTF_8);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void garbageWithoutALineEndPastTheInlineLimitIsAProtocolErrorAndClose() throws IOException {
    byte[] garbage = new byte[CommandLimits.MAX_INLINE + 4096];
    Arrays.fill(garbage, (byte) 'x');
    assertThat(answerUntilClosed(garbage)).startsWith("-ERR Protocol error: length: ");
  }

  @Test
  void binaryGarbageOnOneLineIsAnUnknownCommandAndTheConnectionStays() throws IOException {
    String garbage = new String(new byte[] {0x01, (byte) 0xfe, 'z', '\r', '\n'}, 0);
    assertThat(answerThenPing(garbage)).startsWith("-ERR unknown command '").endsWith("+PONG\r\n");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "*x\r\n", // not a length
        "*1\r\n$-5\r\n", // a negative length
        "*1\r\n$99999999999999999999\r\n", // longer than any number
        "*1\r\n$4\r\nPINGxx", // no CR LF after the bulk string
        "*1\r\n:5\r\n", // an integer where a bulk string belongs
        "*1\r\n*1\r\n$4\r\nPING\r\n", // nested arrays
        "*2\r\n$11\r\nBENCH.HELLO\r\n$-1\r\n", // a null argument
        "$4\r\nPING\r\n", // a bulk string without its array
      })
  void badFramingIsAProtocolErrorAndClose(String bytes) throws IOException {
    assertThat(answerUntilClosed(ascii(bytes)))
        .startsWith("-ERR Protocol error: ")
        .endsWith("\r\n");
  }

  @Test
  void anOversizeBulkLengthIsRefusedBeforeItsBytesArrive() throws IOException {
    String header = "*2\r\n$10\r\nBENCH.ECHO\r\n$" + (CommandLimits.MAX_COMMAND_BYTES + 1) + "\r\n";
    assertThat(answerUntilClosed(ascii(header)))
        .isEqualTo("-ERR Protocol error: command longer than 1114112 bytes of bulk strings\r\n");
    assertThat(answerUntilClosed(ascii("*2\r\n$10\r\nBENCH.ECHO\r\n$536870912\r\n")))
        .startsWith("-ERR Protocol error: ");
  }

  @Test
  void bulkStringsThatTogetherPassTheLimitAreRefused() throws IOException {
    int half = CommandLimits.MAX_COMMAND_BYTES / 2 + 1;
    String header = "*3\r\n$9\r\nBENCH.PUT\r\n$" + half + "\r\n";
    byte[] first = ascii(header + "k".repeat(half) + "\r\n$" + half + "\r\n");
    assertThat(answerUntilClosed(first)).startsWith("-ERR Protocol error: command longer than");
  }

  /**
   * A client that sends all of its oversize command before it reads (as Jedis does) can finish
   * sending and then read the refusal: a lingering close. A plain close with the command's bytes
   * unread reset the connection, and the client's write failed with "broken pipe" before it read
   * anything (over TLS it could not read the refusal at all).
   */
  @Test
  void aClientThatSendsAllOfItsOversizeCommandFirstReadsTheRefusal() throws Exception {
    int size = CommandLimits.MAX_COMMAND_BYTES * 4;
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(ascii("*2\r\n$10\r\nBENCH.ECHO\r\n$" + size + "\r\n"));
      byte[] chunk = new byte[64 * 1024];
      for (int sent = 0; sent < size; sent += chunk.length) {
        out.write(chunk);
      }
      out.write(ascii("\r\n"));
      out.flush();
      assertThat(readToEnd(socket.getInputStream()))
          .isEqualTo("-ERR Protocol error: command longer than 1114112 bytes of bulk strings\r\n");
    }
  }

  @Test
  void tooManyArgumentsIsAProtocolErrorAndClose() throws IOException {
    assertThat(answerUntilClosed(ascii("*1000000\r\n"))).startsWith("-ERR Protocol error: ");
  }

  @Test
  void aTruncatedFrameThenEndOfInputClosesWithoutAnAnswer() throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(ascii("*2\r\n$11\r\nBENCH.HELLO\r\n$5\r\nab"));
      socket.shutdownOutput();
      assertThat(readToEnd(socket.getInputStream())).isEmpty();
    }
  }

  @Test
  void anUnknownCommandIsAnErrorAndTheConnectionStays() throws IOException {
    assertThat(answerThenPing("*2\r\n$7\r\nFLUSHDB\r\n$5\r\nASYNC\r\n"))
        .isEqualTo("-ERR unknown command 'FLUSHDB', with 1 argument(s)\r\n+PONG\r\n");
  }

  @Test
  void wrongArityIsAnErrorAndTheConnectionStays() throws IOException {
    assertThat(answerThenPing("*3\r\n$11\r\nBENCH.HELLO\r\n$1\r\na\r\n$1\r\nb\r\n"))
        .isEqualTo("-ERR wrong number of arguments for 'bench.hello' command\r\n+PONG\r\n");
    assertThat(answerThenPing("*3\r\n$4\r\nPING\r\n$1\r\na\r\n$1\r\nb\r\n"))
        .isEqualTo("-ERR wrong number of arguments for 'ping' command\r\n+PONG\r\n");
    assertThat(answerThenPing("*1\r\n$11\r\nBENCH.ITEMS\r\n"))
        .isEqualTo("-ERR items: n is required\r\n+PONG\r\n");
  }

  @Test
  void stockClientHandshakeCommandsAreAnswered() throws IOException {
    assertThat(answerThenPing("HELLO 3\r\n"))
        .isEqualTo("-NOPROTO sorry, this protocol version is not supported\r\n+PONG\r\n");
    assertThat(answerThenPing("HELLO 2\r\n")).startsWith("*14\r\n$6\r\nserver\r\n");
    assertThat(answerThenPing("HELLO\r\n")).contains("$5\r\nproto\r\n:2\r\n");
    assertThat(answerThenPing("HELLO x\r\n")).startsWith("-ERR Protocol version is not an integer");
    assertThat(answerThenPing("CLIENT SETINFO LIB-NAME jedis\r\n")).isEqualTo("+OK\r\n+PONG\r\n");
    assertThat(answerThenPing("CLIENT SETNAME me\r\n")).isEqualTo("+OK\r\n+PONG\r\n");
    assertThat(answerThenPing("CLIENT ID\r\n")).matches(":\\d+\r\n\\+PONG\r\n");
    assertThat(answerThenPing("CLIENT MAINT_NOTIFICATIONS on\r\n"))
        .startsWith("-ERR unknown subcommand 'MAINT_NOTIFICATIONS'")
        .endsWith("+PONG\r\n");
    assertThat(answerThenPing("SELECT 0\r\n")).isEqualTo("+OK\r\n+PONG\r\n");
    assertThat(answerThenPing("SELECT 1\r\n")).startsWith("-ERR DB index is out of range");
    assertThat(answerThenPing("PING hi\r\n")).isEqualTo("$2\r\nhi\r\n+PONG\r\n");
    assertThat(answerThenPing("ECHO hi\r\n")).isEqualTo("$2\r\nhi\r\n+PONG\r\n");
    assertThat(answerThenPing("INFO server\r\n")).contains("rpcxbench_server:");
  }

  @Test
  void quitAnswersOkAndCloses() throws IOException {
    assertThat(answerUntilClosed(ascii("QUIT\r\nPING\r\n"))).isEqualTo("+OK\r\n");
  }

  @Test
  void blankLinesAndEmptyArraysAreIgnored() throws IOException {
    assertThat(answerThenPing("\r\n*0\r\n*-1\r\n")).isEqualTo("+PONG\r\n");
  }
}
