package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsFiles;
import io.rpcxbench.tls.TlsSockets;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --handshake-deadline} on {@link ThreadPerConnectionServer} over TLS (the server of
 * tcp-protobuf, capnp and avro-socket), with real sockets: a ClientHello trickled a byte at a time
 * or stalled after its record header frees its thread and its connection slot at the deadline.
 */
class ThreadPerConnectionHandshakeTest {
  private static final Duration DEADLINE = Duration.ofMillis(800);
  @TempDir static Path dir;
  private static TlsFiles files;

  @BeforeAll
  static void authority() {
    files = TestAuthority.create(dir, List.of("127.0.0.1"));
  }

  /** A request is one byte, its reply the same byte. */
  private static void echoBytes(InputStream in, OutputStream out) throws IOException {
    int b;
    while ((b = in.read()) >= 0) {
      out.write(b);
      out.flush();
    }
  }

  private static ThreadPerConnectionServer server(ServerLimits limits) throws IOException {
    return ThreadPerConnectionServer.start(
        "demo",
        "127.0.0.1",
        0,
        limits,
        new ServerTls(files.serverCert(), files.serverKey(), null),
        ThreadPerConnectionHandshakeTest::echoBytes);
  }

  private static Socket connect(RunningServer server) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  /** A TLS handshake record header announcing 512 bytes: the server waits for the rest. */
  private static final byte[] RECORD_HEADER = {0x16, 0x03, 0x01, 0x02, 0x00};

  /** Sends the record header and then one byte of the ClientHello every 50 ms, until closed. */
  private static Future<Long> trickle(ExecutorService pool, Socket socket) {
    return pool.submit(
        () -> {
          long start = System.nanoTime();
          OutputStream out = socket.getOutputStream();
          try {
            out.write(RECORD_HEADER);
            for (int i = 0; i < 500; i++) {
              out.write(1);
              out.flush();
              Thread.sleep(50); // the attack's pace: a byte at a time, never a whole ClientHello
            }
          } catch (IOException e) {
            return System.nanoTime() - start; // the server closed it
          }
          return -1L;
        });
  }

  /** Whether the server ended the connection (an alert, if any, then the end or a reset). */
  private static boolean endedByServer(Socket socket) throws IOException {
    try {
      return socket.getInputStream().readAllBytes().length < 64; // at most a TLS alert
    } catch (SocketException e) {
      return true;
    }
  }

  private static boolean served(RunningServer server) throws IOException {
    TlsSockets client = TlsSockets.client(files.ca(), null, null);
    try (SSLSocket socket = client.connect("127.0.0.1", server.port(), 2_000, 5_000)) {
      socket.getOutputStream().write(7);
      socket.getOutputStream().flush();
      return socket.getInputStream().read() == 7;
    }
  }

  @Test
  void aTrickledClientHelloIsClosedAtTheDeadline() throws Exception {
    ServerLimits limits = ServerLimits.none().withHandshakeDeadline(DEADLINE);
    ExecutorService pool = Executors.newCachedThreadPool();
    try (ThreadPerConnectionServer server = server(limits);
        Socket trickling = connect(server)) {
      Future<Long> closedAfter = trickle(pool, trickling);
      long nanos = closedAfter.get();
      assertThat(nanos).as("closed by the server").isPositive();
      assertThat(Duration.ofNanos(nanos))
          .isBetween(DEADLINE.minusMillis(100), Duration.ofSeconds(5));
      awaitOpen(server, 0);
      assertThat(served(server)).isTrue();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void stalledHandshakesFreeTheCapForNewClients() throws Exception {
    ServerLimits limits = ServerLimits.none().withHandshakeDeadline(DEADLINE).withMaxConnections(2);
    try (ThreadPerConnectionServer server = server(limits);
        Socket stalled = connect(server);
        Socket silent = connect(server)) {
      stalled.getOutputStream().write(RECORD_HEADER); // then nothing; silent sends nothing at all
      awaitOpen(server, 2);
      assertThat(endedByServer(stalled)).isTrue();
      assertThat(endedByServer(silent)).isTrue();
      awaitOpen(server, 0);
      assertThat(served(server)).isTrue();
    }
  }

  @Test
  void anHonestHandshakeIsNotCut() throws Exception {
    ServerLimits limits = ServerLimits.none().withHandshakeDeadline(DEADLINE);
    TlsSockets client = TlsSockets.client(files.ca(), null, null);
    try (ThreadPerConnectionServer server = server(limits);
        SSLSocket socket = client.connect("127.0.0.1", server.port(), 2_000, 5_000)) {
      // the behaviour: idle past the deadline after a handshake done in time (not its limit)
      Thread.sleep(DEADLINE.toMillis() * 2); // a delay under test, not a wait for a condition
      socket.getOutputStream().write(9);
      socket.getOutputStream().flush();
      assertThat(socket.getInputStream().read()).isEqualTo(9);
    }
  }

  private static void awaitOpen(ThreadPerConnectionServer server, int expected) {
    Await.until(
        expected + " connections open at the server",
        Duration.ofSeconds(5),
        () -> server.openConnections() == expected);
  }
}
