package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Our server's command line in-process, as {@code main} builds it. */
class RespServerMainTest extends ServerCommandContract {
  /** The options picocli fills in, the same object main's starter reads. */
  private final RespServerMain.Options options = new RespServerMain.Options();

  @Override
  protected ServerDefinition definition() {
    return RespServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return RespServerMain.starter(options, definition());
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {options};
  }

  private static Socket connect(int port) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
    socket.setSoTimeout(10_000);
    return socket;
  }

  /** Sends BENCH.HELLO and reads its whole reply. */
  private static String hello(Socket socket, String name) throws IOException {
    String command = "*2\r\n$11\r\nBENCH.HELLO\r\n$" + name.length() + "\r\n" + name + "\r\n";
    socket.getOutputStream().write(command.getBytes(StandardCharsets.US_ASCII));
    String expected = "$" + (7 + name.length()) + "\r\nhello, " + name + "\r\n";
    byte[] reply = socket.getInputStream().readNBytes(expected.length());
    return new String(reply, StandardCharsets.US_ASCII);
  }

  private static String helloReply(String name) {
    return "$" + (7 + name.length()) + "\r\nhello, " + name + "\r\n";
  }

  /** Whether the server ended the connection (end of stream or reset) before sending anything. */
  private static boolean closedByServer(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    try {
      return in.read() < 0;
    } catch (SocketException reset) {
      return true;
    }
  }

  @Test
  void maxConnectionsClosesASecondConnectionWhileTheFirstIsServed() throws Exception {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0", "--max-connections", "1"))
          .isZero();
      try (Socket first = connect(command.boundPort())) {
        assertThat(hello(first, "first")).isEqualTo(helloReply("first"));
        try (Socket second = connect(command.boundPort())) {
          assertThat(closedByServer(second)).isTrue();
        }
        assertThat(hello(first, "again")).isEqualTo(helloReply("again"));
      }
    } finally {
      command.stop();
    }
  }

  @Test
  void maxFrameBelowTheContractsBoundRefusesALargerCommand() throws Exception {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0", "--max-frame", "1k")).isZero();
      try (Socket big = connect(command.boundPort());
          Socket small = connect(command.boundPort())) {
        big.getOutputStream()
            .write("*3\r\n$10\r\nBENCH.ECHO\r\n$4096\r\n".getBytes(StandardCharsets.US_ASCII));
        String reply = new String(big.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(reply).startsWith("-ERR").contains("1024");
        assertThat(hello(small, "small")).isEqualTo(helloReply("small"));
      }
    } finally {
      command.stop();
    }
  }

  @Test
  void theBackendOptionChoosesTheDefinitionBeforePicocliParses() {
    assertThat(RespServerMain.backendNamedIn(new String[] {"--port", "1"}))
        .isEqualTo(Backend.NETTY);
    assertThat(RespServerMain.backendNamedIn(new String[] {"--backend", "redis-server"}))
        .isEqualTo(Backend.REDIS_SERVER);
    assertThat(RespServerMain.backendNamedIn(new String[] {"--backend=redis-server"}))
        .isEqualTo(Backend.REDIS_SERVER);
    assertThat(RespServerMain.backendNamedIn(new String[] {"--backend", "nonsense"}))
        .isEqualTo(Backend.NETTY);
    assertThat(RespServerMain.REDIS_DEFINITION.id()).isEqualTo("resp-redis");
    assertThat(RespServerMain.REDIS_DEFINITION.defaultPort()).isEqualTo(8095);
  }

  @Test
  void anUnknownBackendIsAUsageError() {
    assertThat(run(command(), "--backend", "nonsense")).isEqualTo(2);
  }

  @Test
  void helpNamesTheBackends() {
    assertThat(run(command(), "--help")).isZero();
    assertThat(out()).contains("--backend=NAME").contains("redis-server");
  }
}
