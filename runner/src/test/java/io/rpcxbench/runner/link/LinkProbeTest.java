package io.rpcxbench.runner.link;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.link.LinkShaper;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LinkProbeTest {
  @Test
  void theEchoAnswersOverARealSocketAndTheRoundTripIsRecorded() throws Exception {
    try (LinkProbe echo = LinkProbe.start()) {
      LinkProbe.Rtt rtt = LinkProbe.measure(echo.port());
      assertThat(rtt.medianMs()).isPositive();
      assertThat(rtt.spreadMs()).isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void whatTheShaperAddsIsJudgedAgainstTheProfileWithTheLabsTolerance() {
    LinkProbe.Rtt base = new LinkProbe.Rtt(0.1, 0.05);
    assertThat(LinkProbe.provenance(base, new LinkProbe.Rtt(40.6, 3), 40))
        .containsEntry("link_rtt_check", "ok")
        .containsEntry("link_rtt_measured_ms", "40.600")
        .containsEntry("link_rtt_base_ms", "0.100")
        .containsEntry("link_rtt_expected_added_ms", "40.000");
    // cross-az: 1 ms asked, 1.25 added is within 0.3 ms; 1.5 is not
    assertThat(LinkProbe.provenance(base, new LinkProbe.Rtt(1.35, 0.2), 1))
        .containsEntry("link_rtt_check", "ok");
    assertThat(LinkProbe.provenance(base, new LinkProbe.Rtt(1.6, 0.2), 1).get("link_rtt_check"))
        .startsWith("off: the link added 1.500 ms, the profile 1.000 ms (tolerance 0.300 ms)");
  }

  /**
   * The check's method against an independent client: a blocking NIO channel with its own loop and
   * clock, through the same link-shaper (wan: 20 ms each way) to the same echo. Both medians must
   * show the link's 40 ms, and agree with each other to within the median's sampling spread.
   */
  @Test
  void theProbeAgreesWithAnIndependentClientThroughTheSameShaper() throws Exception {
    try (LinkProbe echo = LinkProbe.start();
        LinkShaper wan =
            LinkShaper.onLoopback("wan", new InetSocketAddress("127.0.0.1", echo.port()))) {
      double independent = independentMedianMs(wan.address());
      double probe = LinkProbe.measure(wan.address().getPort()).medianMs();
      // at least the link's 40 ms, and under 80 (the delay applied twice); a busy box's
      // scheduling adds to both alike (52 ms seen beside a CI build), which the agreement allows
      assertThat(probe).isBetween(38.0, 80.0);
      assertThat(independent).isBetween(38.0, 80.0);
      assertThat(Math.abs(probe - independent)).isLessThan(3.0);
    }
  }

  private static double independentMedianMs(InetSocketAddress at) throws Exception {
    try (SocketChannel c = SocketChannel.open(at)) {
      c.setOption(StandardSocketOptions.TCP_NODELAY, true);
      ByteBuffer out = ByteBuffer.allocate(64);
      ByteBuffer in = ByteBuffer.allocate(64);
      long[] nanos = new long[30];
      for (int i = -3; i < nanos.length; i++) {
        out.clear();
        in.clear();
        long t0 = System.nanoTime();
        while (out.hasRemaining()) {
          c.write(out);
        }
        while (in.hasRemaining()) {
          if (c.read(in) < 0) {
            throw new java.io.EOFException("the echo closed");
          }
        }
        if (i >= 0) {
          nanos[i] = System.nanoTime() - t0;
        }
      }
      Arrays.sort(nanos);
      return nanos[nanos.length / 2] / 1e6;
    }
  }
}
