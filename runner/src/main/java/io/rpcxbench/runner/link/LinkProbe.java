package io.rpcxbench.runner.link;

import io.rpcxbench.link.LinkTolerance;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The link a shaped profile gives, measured rather than assumed (as {@code deploy/lab.sh up} does
 * for the lab). The method: a TCP echo of its own on 127.0.0.1 (a thread per connection, no Nagle),
 * reached once directly (the base round trip: this JVM, the machine and its load) and once through
 * a link-shaper; on one connection each, {@value #WARMUP} untimed round trips and then {@link
 * #ROUND_TRIPS} of 64 bytes each way, each timed with {@code System.nanoTime} from the write to the
 * last byte read back; the median and the spread between the 10th and 90th percentiles. What the
 * shaper adds (the medians' difference) is judged against what the profile adds (its delays both
 * ways) with the lab's tolerance (link-shaper's {@code LinkTolerance}). {@code LinkProbeTest}
 * validates the figure against an independent client (NIO, its own timing) through the same shaper.
 *
 * <pre>{@code
 * try (LinkProbe echo = LinkProbe.start()) {
 *   LinkProbe.Rtt base = LinkProbe.measure(echo.port());
 *   LinkProbe.Rtt shaped = LinkProbe.measure(shaperPort);
 * }
 * }</pre>
 */
public final class LinkProbe implements AutoCloseable {
  static final int ROUND_TRIPS = 40;
  private static final int BYTES = 64;
  private static final int WARMUP = 5;

  /** Round trips in ms: the median, and the spread between the 10th and 90th percentiles. */
  record Rtt(double medianMs, double spreadMs) {}

  private final ServerSocket server;

  private LinkProbe(ServerSocket server) {
    this.server = server;
  }

  /** Starts the echo on 127.0.0.1, a free port; each connection echoed on a daemon thread. */
  static LinkProbe start() throws IOException {
    ServerSocket s = new ServerSocket();
    s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    LinkProbe probe = new LinkProbe(s);
    Thread accept = new Thread(probe::accept, "link-probe-echo");
    accept.setDaemon(true);
    accept.start();
    return probe;
  }

  int port() {
    return server.getLocalPort();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket c = server.accept();
        Thread t = new Thread(() -> echo(c), "link-probe-echo-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private static void echo(Socket c) {
    try (c;
        InputStream in = c.getInputStream();
        OutputStream out = c.getOutputStream()) {
      byte[] buf = new byte[4096];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // the prober closed: nothing to do
    }
  }

  /**
   * {@link #ROUND_TRIPS} round trips of 64 bytes to {@code port} on 127.0.0.1 (after a few
   * untimed).
   *
   * @throws IOException when the connection fails or closes early
   */
  static Rtt measure(int port) throws IOException {
    try (Socket s = new Socket()) {
      s.setTcpNoDelay(true);
      s.setSoTimeout(10_000);
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
      byte[] msg = new byte[BYTES];
      byte[] back = new byte[BYTES];
      double[] ms = new double[ROUND_TRIPS];
      for (int i = -WARMUP; i < ROUND_TRIPS; i++) {
        long t0 = System.nanoTime();
        s.getOutputStream().write(msg);
        s.getOutputStream().flush();
        int got = 0;
        while (got < BYTES) {
          int n = s.getInputStream().read(back, got, BYTES - got);
          if (n < 0) {
            throw new IOException("the echo closed after " + got + " bytes");
          }
          got += n;
        }
        if (i >= 0) {
          ms[i] = (System.nanoTime() - t0) / 1e6;
        }
      }
      Arrays.sort(ms);
      return new Rtt(at(ms, 0.5), at(ms, 0.9) - at(ms, 0.1));
    }
  }

  private static double at(double[] sorted, double q) {
    return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  }

  /**
   * The facts a point records of its shaped link, and whether the shaper added what the profile
   * asks ({@code expectedAddedMs}: twice the one-way delay) within the lab's tolerance.
   */
  static Map<String, String> provenance(Rtt base, Rtt shaped, double expectedAddedMs) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("link_rtt_base_ms", ms(base.medianMs()));
    m.put("link_rtt_measured_ms", ms(shaped.medianMs()));
    m.put("link_rtt_jitter_ms", ms(shaped.spreadMs()));
    m.put("link_rtt_expected_added_ms", ms(expectedAddedMs));
    m.put(
        "link_rtt_check", LinkTolerance.rtt(shaped.medianMs() - base.medianMs(), expectedAddedMs));
    m.put(
        "link_rtt_accuracy",
        LinkTolerance.rttAccuracy(
            shaped.medianMs() - base.medianMs(), expectedAddedMs, ROUND_TRIPS));
    return m;
  }

  static String ms(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
