package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * The check that connections which send nothing do not hold the cap (issue 59: grpc-stream kept
 * 4,095 of 4,096 open): with the cap at two connections and a short {@code --handshake-deadline}
 * (the idle timeout left at its 5 minutes), two connections open and send nothing; the server must
 * close both, and then let an honest caller in.
 *
 * <pre>{@code
 * SilentConnections.check(
 *     limits -> GrpcStreamServer.start("127.0.0.1", 0, false, limits), new GrpcStreamProtocol());
 * }</pre>
 */
public final class SilentConnections {
  /** The deadline the server is started with: short, so the check takes about a second. */
  public static final Duration DEADLINE = Duration.ofMillis(800);

  private SilentConnections() {}

  /** Starts a server on port 0 with these limits. */
  @FunctionalInterface
  public interface Server {
    RunningServer start(ServerLimits limits) throws Exception;
  }

  /** The limits the server is started with: {@link #DEADLINE} and a cap of two connections. */
  public static ServerLimits limits() {
    return ServerLimits.defaults().withHandshakeDeadline(DEADLINE).withMaxConnections(2);
  }

  /**
   * Starts the server with {@link #limits()}, opens two silent connections, asserts that the server
   * ends both (each read waits at most 10 s), then that the protocol's client is served a hello.
   */
  public static void check(Server server, ProtocolProvider protocol) throws Exception {
    try (RunningServer running = server.start(limits());
        Socket first = connect(running);
        Socket second = connect(running)) {
      assertThat(endedByServer(first)).as("the first silent connection was closed").isTrue();
      assertThat(endedByServer(second)).as("the second silent connection was closed").isTrue();
      ClientOptions options =
          new ClientOptions(
              "127.0.0.1", running.port(), Duration.ofSeconds(5), Duration.ofSeconds(5), 1);
      // the server frees a closed connection's place in its cap just after it closes it: a client
      // that connects in between is refused, so the condition is a hello served within the bound
      Await.until(
          "the protocol's client served a hello after the silent connections closed",
          Duration.ofSeconds(10),
          () -> servedHello(protocol, options));
    }
  }

  private static boolean servedHello(ProtocolProvider protocol, ClientOptions options) {
    try (BenchClient client = protocol.open(options)) {
      return client.hello("after").equals("hello, after");
    } catch (Exception refusedWhileTheCapWasFull) {
      return false;
    }
  }

  private static Socket connect(RunningServer server) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  /**
   * Whether the server ended the connection: at most a few bytes of its own (an HTTP/2 SETTINGS and
   * GOAWAY), then the end or a reset; false when it is still open after the socket's timeout.
   */
  static boolean endedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().readAllBytes().length < 256;
    } catch (SocketTimeoutException stillOpen) {
      return false;
    } catch (SocketException e) {
      return true;
    }
  }
}
