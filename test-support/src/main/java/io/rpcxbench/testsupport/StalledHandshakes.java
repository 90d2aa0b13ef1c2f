package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsFiles;
import io.rpcxbench.tls.TlsSockets;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLSocket;

/**
 * The check of {@code --handshake-deadline} on a TLS server, with real sockets: with the cap at two
 * connections, one client sends a TLS record header and trickles its ClientHello a byte every 100
 * ms, another connects and sends nothing; the server must close both at the deadline (the cap would
 * otherwise refuse everyone else), and then handshake with a real client.
 *
 * <pre>{@code
 * StalledHandshakes.check(dir, (tls, limits) -> ThriftServer.start("127.0.0.1", 0, limits,
 *     new BenchLogic(), tls));
 * }</pre>
 */
public final class StalledHandshakes {
  /** The deadline the server is started with: short, so the check takes about a second. */
  public static final Duration DEADLINE = Duration.ofMillis(800);

  /** A TLS handshake record header announcing 512 bytes: the server waits for the rest. */
  private static final byte[] RECORD_HEADER = {0x16, 0x03, 0x01, 0x02, 0x00};

  private StalledHandshakes() {}

  /** Starts a server on port 0 with this TLS and these limits. */
  @FunctionalInterface
  public interface TlsServer {
    RunningServer start(ServerTls tls, ServerLimits limits) throws Exception;
  }

  /**
   * Makes a test authority in {@code dir}, starts the server with {@link #DEADLINE} and a cap of
   * two connections, and asserts that both stalled handshakes end by the server's hand within a few
   * seconds and that an honest client then completes its handshake.
   */
  public static void check(Path dir, TlsServer server) throws Exception {
    TlsFiles files = TestAuthority.create(dir, List.of("127.0.0.1"));
    ServerLimits limits =
        ServerLimits.defaults().withHandshakeDeadline(DEADLINE).withMaxConnections(2);
    try (RunningServer running =
            server.start(new ServerTls(files.serverCert(), files.serverKey(), null), limits);
        Socket trickling = connect(running);
        Socket silent = connect(running)) {
      long start = System.nanoTime();
      OutputStream out = trickling.getOutputStream();
      out.write(RECORD_HEADER);
      boolean closed = false;
      for (int i = 0; i < 100 && !closed; i++) {
        try {
          out.write(1);
          out.flush();
          Thread.sleep(100);
        } catch (IOException e) {
          closed = true; // the server closed it: the write after its close is reset
        }
      }
      Duration trickled = Duration.ofNanos(System.nanoTime() - start);
      assertThat(closed).as("the trickling handshake was closed by the server").isTrue();
      assertThat(trickled).isBetween(DEADLINE.minusMillis(100), DEADLINE.plusSeconds(4));
      assertThat(endedByServer(silent)).as("the silent connection was closed").isTrue();
      TlsSockets honest = TlsSockets.client(files.ca(), null, null);
      try (SSLSocket socket = honest.connect("127.0.0.1", running.port(), 2_000, 5_000)) {
        assertThat(socket.getSession().isValid()).isTrue();
      }
    }
  }

  private static Socket connect(RunningServer server) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  /** Whether the server ended the connection: at most an alert, then the end or a reset. */
  private static boolean endedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().readAllBytes().length < 64;
    } catch (SocketException e) {
      return true;
    }
  }
}
