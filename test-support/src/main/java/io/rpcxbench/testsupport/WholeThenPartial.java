package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Issue 59's check on a framed server: a whole request and, in the same write, the start of a
 * second one that never finishes. The start must be charged to the budget and the connection closed
 * at the frame deadline (before, the whole request ended the count and the rest sat in the decoder
 * until the idle timeout). The whole request is what the protocol's own client sends for a hello,
 * caught on a socket of the test's.
 *
 * <pre>{@code
 * WholeThenPartial.check(limits -> BertServer.start("127.0.0.1", 0, limits), new BertProtocol(),
 *     new byte[] {0, 0x10, 0, 0});   // "1 MiB follows"
 * }</pre>
 */
public final class WholeThenPartial {
  /** The frame deadline the server is started with. */
  public static final Duration DEADLINE = Duration.ofMillis(800);

  /** The bytes of the unfinished request sent after its announcing prefix. */
  static final int PARTIAL_BYTES = 1024;

  private WholeThenPartial() {}

  /** Starts a server on port 0 with these limits. */
  @FunctionalInterface
  public interface Server {
    RunningServer start(ServerLimits limits) throws Exception;
  }

  /**
   * Starts the server with {@link #DEADLINE} and a budget of its own, sends a hello request and
   * {@code announcing} plus {@value #PARTIAL_BYTES} bytes in one write, and asserts that the budget
   * is charged, that the server ends the connection, and that it then holds nothing.
   */
  public static void check(Server server, ProtocolProvider protocol, byte[] announcing)
      throws Exception {
    long budget = 32L * 1024 * 1024 + ThreadLocalRandom.current().nextInt(1, 1 << 20);
    InputBudget shared = InputBudget.shared(budget);
    ServerLimits limits =
        ServerLimits.defaults().withFrameDeadline(DEADLINE).withMaxBufferedBytes(budget);
    byte[] whole = helloRequest(protocol);
    byte[] write = Arrays.copyOf(whole, whole.length + announcing.length + PARTIAL_BYTES);
    System.arraycopy(announcing, 0, write, whole.length, announcing.length);
    try (RunningServer running = server.start(limits);
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), running.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(write);
      socket.getOutputStream().flush();
      Await.until(
          "the unfinished request behind the whole one is charged to the budget",
          Duration.ofSeconds(5),
          () -> shared.used() >= PARTIAL_BYTES);
      assertThat(endedByServer(socket.getInputStream()))
          .as("the connection is closed at the frame deadline")
          .isTrue();
      Await.until("the budget is given back", Duration.ofSeconds(5), () -> shared.used() == 0);
    }
  }

  /** Reads to the end: true when the server ended the connection within the socket's timeout. */
  private static boolean endedByServer(InputStream in) throws IOException {
    try {
      in.readAllBytes();
      return true;
    } catch (SocketTimeoutException stillOpen) {
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  /**
   * What the protocol's client writes for {@code hello("x")}: caught on a socket that never
   * answers, until nothing more comes for a moment.
   */
  static byte[] helloRequest(ProtocolProvider protocol) throws Exception {
    try (ServerSocket catcher = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ClientOptions options =
          new ClientOptions(
              "127.0.0.1", catcher.getLocalPort(), Duration.ofSeconds(3), Duration.ofSeconds(3), 1);
      AtomicBoolean caught = new AtomicBoolean();
      CompletableFuture<Void> call =
          CompletableFuture.runAsync(
              () -> {
                try (BenchClient client = protocol.open(options)) {
                  // a client that connects in the background fails its calls until it is connected
                  for (int i = 0; i < 50 && !caught.get(); i++) {
                    try {
                      client.hello("x");
                    } catch (RuntimeException notYet) {
                      Thread.sleep(100);
                    }
                  }
                } catch (Exception noReply) {
                  // the catcher never answers
                }
              });
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (Socket socket = catcher.accept()) {
        socket.setSoTimeout(5_000);
        byte[] buf = new byte[8192];
        try {
          for (int n; (n = socket.getInputStream().read(buf)) > 0; ) {
            bytes.write(buf, 0, n);
            socket.setSoTimeout(500);
          }
        } catch (SocketTimeoutException quiet) {
          // the request is complete: the client waits for its reply
        }
        caught.set(true);
      }
      call.join();
      assertThat(bytes.size()).as("the client sent a request").isPositive();
      return bytes.toByteArray();
    }
  }
}
