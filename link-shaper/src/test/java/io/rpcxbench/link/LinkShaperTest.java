package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The shaper between a real client socket and a real echo server on loopback. */
class LinkShaperTest {
  private ServerSocket echo;
  private final NetworkProfiles profiles = NetworkProfiles.packed();

  @BeforeEach
  void startEcho() throws IOException {
    echo = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::serveEcho, "echo");
    t.setDaemon(true);
    t.start();
  }

  private void serveEcho() {
    while (!echo.isClosed()) {
      try {
        Socket s = echo.accept();
        Thread t =
            new Thread(
                () -> {
                  try (s;
                      InputStream in = s.getInputStream();
                      OutputStream out = s.getOutputStream()) {
                    in.transferTo(out);
                  } catch (IOException ignored) {
                    // the client went away
                  }
                });
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  @AfterEach
  void stopEcho() throws IOException {
    echo.close();
  }

  private InetSocketAddress echoAddress() {
    return new InetSocketAddress("127.0.0.1", echo.getLocalPort());
  }

  private NetworkProfile profile(String... flags) {
    LinkSettings s = new LinkSettings();
    new CommandLine(s).parseArgs(flags);
    return s.resolve(profiles);
  }

  private LinkShaper shaper(NetworkProfile p) throws InterruptedException {
    return LinkShaper.start(p, new InetSocketAddress("127.0.0.1", 0), echoAddress(), 7);
  }

  @Test
  void everyRoundTripPaysTheDelayOfBothDirections() throws Exception {
    try (LinkShaper shaper = shaper(profile("--up-delay", "10ms", "--down-delay", "5ms"));
        Socket s = new Socket("127.0.0.1", shaper.address().getPort())) {
      s.setTcpNoDelay(true);
      long[] rtt = new long[9];
      for (int i = 0; i < rtt.length; i++) {
        long start = System.nanoTime();
        s.getOutputStream().write(i);
        assertThat(s.getInputStream().read()).isEqualTo(i);
        rtt[i] = System.nanoTime() - start;
      }
      assertThat(Arrays.stream(rtt).min().orElseThrow()).isGreaterThanOrEqualTo(15_000_000L);
      Arrays.sort(rtt);
      assertThat(rtt[rtt.length / 2]).as("median").isLessThan(15_000_000L + 500_000_000L);
    }
  }

  @Test
  void bytesArriveWholeAndInOrderBothWaysUnderJitter() throws Exception {
    byte[] sent = new byte[3 << 20];
    new Random(3).nextBytes(sent);
    try (LinkShaper shaper =
            shaper(profile("--delay", "2ms", "--jitter", "2ms", "--rate", "1gbit"));
        Socket s = new Socket("127.0.0.1", shaper.address().getPort())) {
      CompletableFuture<byte[]> back = CompletableFuture.supplyAsync(() -> readAll(s));
      try (OutputStream out = s.getOutputStream()) {
        for (int off = 0; off < sent.length; off += 10_000) {
          out.write(sent, off, Math.min(10_000, sent.length - off));
        }
        s.shutdownOutput();
        assertThat(back.get()).isEqualTo(sent);
      }
    }
  }

  @Test
  void theRateHoldsTheSenderBack() throws Exception {
    int bytes = 250_000; // 2 Mbit: 0.5 s at 4 Mbit/s
    try (LinkShaper shaper = shaper(profile("--up-rate", "4mbit"));
        Socket s = new Socket("127.0.0.1", shaper.address().getPort())) {
      CompletableFuture<byte[]> back = CompletableFuture.supplyAsync(() -> readAll(s));
      long start = System.nanoTime();
      s.getOutputStream().write(new byte[bytes]);
      s.shutdownOutput();
      assertThat(back.get()).hasSize(bytes);
      assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(450_000_000L);
    }
  }

  @Test
  void aServerThatIsNotThereEndsTheClientsConnection() throws Exception {
    int closedPort;
    try (ServerSocket gone = new ServerSocket(0)) {
      closedPort = gone.getLocalPort();
    }
    try (LinkShaper shaper =
            LinkShaper.start(
                profiles.named("lan"),
                new InetSocketAddress("127.0.0.1", 0),
                new InetSocketAddress("127.0.0.1", closedPort),
                1);
        Socket s = new Socket("127.0.0.1", shaper.address().getPort())) {
      s.setSoTimeout(10_000);
      assertThat(s.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void lossAndParetoJitterAreRefusedWithTheLabNamed() {
    assertThatThrownBy(() -> shaper(profiles.named("lossy")))
        .hasMessageContaining("deploy/lab.sh up --profile lossy");
    assertThatThrownBy(() -> shaper(profile("--jitter", "1ms", "--distribution", "pareto")))
        .hasMessageContaining("not pareto");
  }

  @Test
  void theCommandLineSaysOneLineAndExitsTwoOnBadUsage() {
    assertThat(run("--profile", "lossy", "--to", "127.0.0.1:1"))
        .startsWith("2 link-shaper: profile lossy has loss");
    assertThat(run("--profile", "wan"))
        .isEqualTo(
            "2 link-shaper: --to HOST:PORT is required (the server to carry connections to)");
    assertThat(run("--to", "nowhere"))
        .isEqualTo("2 link-shaper: --to must look like HOST:PORT, got 'nowhere'");
    assertThat(run("--delay", "3", "--to", "127.0.0.1:1"))
        .isEqualTo("2 link-shaper: delay must look like 20ms or 500us, got '3'");
  }

  private static String run(String... args) {
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new LinkShaperMain());
    cmd.setErr(new PrintWriter(err));
    cmd.setOut(new PrintWriter(new StringWriter()));
    int code = cmd.execute(args);
    return code + " " + err.toString().strip();
  }

  private static byte[] readAll(Socket s) {
    try {
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      s.getInputStream().transferTo(got);
      return got.toByteArray();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
