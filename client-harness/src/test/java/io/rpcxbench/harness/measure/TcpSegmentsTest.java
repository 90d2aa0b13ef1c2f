package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.output.RunResult;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 32: how a client wrote its calls, for every stack: the TCP data segments to and from the
 * server per run, from tcp_info (ss), so a batching client (many calls per segment) and one that
 * writes each call alone (one) are told apart even where the server's read calls are not counted.
 */
class TcpSegmentsTest {
  private static final String A =
      "0 0 [::ffff:127.0.0.1]:43628 [::ffff:127.0.0.1]:35433 bbr wscale:10,10 segs_out:20"
          + " segs_in:19 data_segs_out:%d data_segs_in:%d bbr:(bw:1bps) send 1bps";
  private static final String B =
      "0 0 127.0.0.1:43630 127.0.0.1:35433 cubic segs_out:3 data_segs_out:%d data_segs_in:%d";

  @Test
  void theSegmentsOfEveryConnectionAreSummedOverTheRun() {
    List<List<String>> outputs =
        new ArrayList<>(
            List.of(
                List.of(A.formatted(100, 90)),
                List.of(A.formatted(150, 130), B.formatted(25, 25)))); // B opened during the run
    TcpSegments segments = new TcpSegments(args -> outputs.remove(0), Set.of(35433));

    TcpSegments.Sample before = segments.sample();
    RunResult r = segments.addTo(result(300), before);

    assertThat(r.extra())
        .containsEntry("segments_to_server", "75")
        .containsEntry("segments_from_server", "65")
        .containsEntry("calls_per_segment_to_server", "4.000");
  }

  @Test
  void aConnectionThatClosedDuringTheRunLeavesTheColumnsEmpty() {
    List<List<String>> outputs =
        new ArrayList<>(
            List.of(
                List.of(A.formatted(100, 90), B.formatted(5, 5)), List.of(A.formatted(150, 130))));
    TcpSegments segments = new TcpSegments(args -> outputs.remove(0), Set.of(35433));

    RunResult r = segments.addTo(result(300), segments.sample());

    // every row of a file has the same columns: the killed server's run too
    assertThat(r.extra())
        .containsEntry("segments_to_server", "")
        .containsEntry("calls_per_segment_to_server", "");
    // a later run that could not even sample before it (no ss answer) keeps them, empty
    assertThat(segments.addTo(result(300), null).extra()).containsEntry("bytes_to_server", "");
  }

  @Test
  void withoutSsOrItsCountersThereIsNoSample() {
    TcpSegments missing =
        new TcpSegments(
            args -> {
              throw new IOException("Cannot run program \"ss\"");
            },
            Set.of(1));
    assertThat(missing.sample()).isNull();
    assertThat(missing.addTo(result(1), null).extra()).isEmpty();
    // an old kernel's ss prints sockets without data_segs_*: nothing to count, not zero
    assertThat(TcpSegments.parse(List.of("0 0 127.0.0.1:1 127.0.0.1:2 cubic rtt:1/1"))).isNull();
    assertThat(TcpSegments.parse(List.of()).sockets()).isEmpty();
  }

  @Test
  void theFilterNamesEveryServerPort() {
    List<List<String>> asked = new ArrayList<>();
    TcpSegments segments =
        new TcpSegments(
            args -> {
              asked.add(args);
              return List.of();
            },
            Set.of(9001, 9002));
    segments.sample();
    assertThat(String.join(" ", asked.get(0)))
        .isEqualTo("-tinHO state established ( dport = :9001 or dport = :9002 )");
  }

  /**
   * A real connection through the real ss: 40 calls written one at a time, each answered before the
   * next, are 40 segments each way; 40 calls in one write are one.
   */
  @Test
  void aRealConnectionCountsOneSegmentPerLoneWriteAndOneForABatch() throws Exception {
    TcpSegments.Sample probe = TcpSegments.toPorts(Set.of(1)).sample();
    Assumptions.assumeTrue(
        probe != null, "skipped: iproute2's ss with tcp_info counters is not available here");
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
        Socket accepted = server.accept()) {
      client.setTcpNoDelay(true);
      accepted.setTcpNoDelay(true);
      TcpSegments segments = TcpSegments.toPorts(Set.of(server.getLocalPort()));

      TcpSegments.Sample before = segments.sample();
      for (int i = 0; i < 40; i++) {
        call(client, accepted, 1);
      }
      RunResult lone = segments.addTo(result(40), before);

      before = segments.sample();
      call(client, accepted, 40);
      RunResult batch = segments.addTo(result(40), before);

      assertThat(lone.extra())
          .containsEntry("segments_to_server", "40")
          .containsEntry("segments_from_server", "40")
          .containsEntry("calls_per_segment_to_server", "1.000")
          .containsEntry("bytes_to_server", "640");
      assertThat(batch.extra())
          .containsEntry("segments_to_server", "1")
          .containsEntry("calls_per_segment_to_server", "40.000")
          .containsEntry("bytes_from_server", "640");
    }
  }

  /** {@code n} 16-byte calls in one write; the server reads them all, answers in one write. */
  private static void call(Socket client, Socket server, int n) throws IOException {
    byte[] calls = new byte[16 * n];
    Arrays.fill(calls, (byte) 7);
    OutputStream out = client.getOutputStream();
    out.write(calls);
    out.flush();
    new DataInputStream(server.getInputStream()).readFully(new byte[calls.length]);
    server.getOutputStream().write(calls);
    InputStream in = client.getInputStream();
    new DataInputStream(in).readFully(new byte[calls.length]);
  }

  private static RunResult result(long calls) {
    return RunResult.of(0, 1_000_000, calls, 0, new Histogram(3), null);
  }
}
