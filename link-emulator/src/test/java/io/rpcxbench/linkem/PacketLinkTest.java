package io.rpcxbench.linkem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * linkem for real, as root: two namespaces, TAP devices, TCP across the emulated link. The
 * profiles' round trips (the settings deploy/lab.sh gives the packet link), loss and reordering as
 * TCP sees them, and a rate whose full queue drops. Skipped, with the reason printed, where there
 * is no root, no /dev/net/tun or no C compiler.
 */
class PacketLinkTest {
  /** The target: the median added RTT within 2 % or 20 us, whichever is larger. */
  private static final double TARGET_SHARE = 0.02;

  private static final double TARGET_US = 20;

  /**
   * What this test asserts: three times the target. On this project's 2-vCPU shared machine the
   * probes' own wake-ups move a median by tens of microseconds; every figure is printed.
   */
  private static final double BOUND_FACTOR = 3;

  private static TapPair pair;

  @BeforeAll
  static void up() throws Exception {
    pair = TapPair.create();
  }

  @AfterAll
  static void down() throws Exception {
    if (pair != null) {
      pair.close();
    }
  }

  @Test
  void profilesAddTheirRoundTripAtTheMedian() throws Exception {
    pair.start("", "");
    double base = pair.rtt(500).get("p50");
    for (String[] profile : new String[][] {{"lan", "600"}, {"cross-az", "300"}, {"wan", "40"}}) {
      String[] words = linkArgs(profile[0]);
      pair.start(words[0], words[1]);
      Map<String, Double> rtt = pair.rtt(Integer.parseInt(profile[1]));
      Map<String, String> stats = pair.stop();
      double expected = 2 * delayUs(words[0]);
      double added = rtt.get("p50") - base;
      double target = Math.max(TARGET_SHARE * expected, TARGET_US);
      System.out.printf(
          Locale.ROOT,
          "[link-emulator] %s: added RTT p50 %.1f us, profile %.1f us, error %+.1f us (%+.2f %%;"
              + " target +-%.1f us: %s); base p50 %.1f us; release late p50/p99 %s/%s us; CPU"
              + " %s us/packet%n",
          profile[0],
          added,
          expected,
          added - expected,
          100 * (added - expected) / expected,
          target,
          Math.abs(added - expected) <= target ? "met" : "NOT met on this machine",
          base,
          stats.get("up.late_us_p50"),
          stats.get("up.late_us_p99"),
          stats.get("total.cpu_us_per_packet"));
      assertTrue(
          Math.abs(added - expected) <= BOUND_FACTOR * target,
          profile[0] + ": added " + added + " us, expected " + expected + " us");
    }
  }

  @Test
  void busyPollingIsExactToMicroseconds() throws Exception {
    pair.start("", "", "--busy");
    double base = pair.rtt(500).get("p50");
    pair.start("delay 500us", "delay 500us", "--busy");
    double added = pair.rtt(500).get("p50") - base;
    Map<String, String> stats = pair.stop();
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] delay 500us each way, --busy: added RTT p50 %.1f us (error %+.1f us);"
            + " CPU %s us/packet%n",
        added,
        added - 1000,
        stats.get("total.cpu_us_per_packet"));
    assertTrue(Math.abs(added - 1000) <= BOUND_FACTOR * TARGET_US, "added " + added);
  }

  @Test
  void aMarkStartsTheWindowOnePointsFileReadsItsOwnPacketsAndLateness() throws Exception {
    pair.start("delay 1ms loss 2%", "delay 1ms");
    pair.transfer(1_000_000);
    pair.mark();
    Map<String, String> quiet = pair.statsNow();
    pair.rtt(100);
    Map<String, String> after = pair.statsNow();
    pair.stop();
    long total = Long.parseLong(after.get("total.packets"));
    long window = Long.parseLong(after.get("window.packets"));
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] window after a mark: %d of %d packets, late p50/p99 %s/%s us, lost %s,"
            + " CPU share %s%n",
        window,
        total,
        after.get("window.late_us_p50"),
        after.get("window.late_us_p99"),
        after.get("window.lost"),
        after.get("window.cpu_share"));
    // the transfer's packets stay out of the window; 100 round trips (and their ACKs) are in it
    assertTrue(Long.parseLong(quiet.get("window.packets")) < 50, quiet.toString());
    assertTrue(window >= 200 && window < total / 2, after.toString());
    assertTrue(Double.parseDouble(after.get("window.elapsed_s")) > 0, after.toString());
    assertTrue(Double.parseDouble(after.get("window.late_us_p50")) >= 0, after.toString());
  }

  @Test
  void lossAndReorderingAreSeenByTcp() throws Exception {
    long retransBefore = pair.counter(pair.nsA, "/proc/net/snmp", "Tcp", "RetransSegs");
    pair.start("delay 1ms loss 2%", "delay 1ms");
    pair.transfer(2_000_000);
    Map<String, String> stats = pair.stop();
    long retrans = pair.counter(pair.nsA, "/proc/net/snmp", "Tcp", "RetransSegs") - retransBefore;
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] loss 2%%: linkem dropped %s of %s, TCP retransmitted %d%n",
        stats.get("up.lost"),
        stats.get("up.in"),
        retrans);
    assertTrue(Long.parseLong(stats.get("up.lost")) > 0, stats.toString());
    assertTrue(retrans > 0, "TCP retransmitted nothing under 2 % loss");

    long oooBefore = pair.counter(pair.nsB, "/proc/net/netstat", "TcpExt", "TCPOFOQueue");
    pair.start("delay 1ms reorder 25%", "delay 1ms");
    pair.transfer(2_000_000);
    stats = pair.stop();
    long ooo = pair.counter(pair.nsB, "/proc/net/netstat", "TcpExt", "TCPOFOQueue") - oooBefore;
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] reorder 25%%: linkem reordered %s of %s, B queued %d out of" + " order%n",
        stats.get("up.reordered"),
        stats.get("up.in"),
        ooo);
    assertTrue(ooo > 0, "B's TCP saw nothing out of order");
  }

  @Test
  void superFramesAreCutIntoWireSegmentsAndJoinedAgainOnTheWayOut() throws Exception {
    pair.start("delay 100us", "delay 100us");
    pair.transfer(20_000_000);
    Map<String, String> on = pair.stop();
    pair.start("delay 100us", "delay 100us", "--offload", "off");
    pair.transfer(20_000_000);
    Map<String, String> off = pair.stop();
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] 20 MB, offload on: %s wire frames from %s reads in %s writes;"
            + " off: %s frames, %s reads, %s writes%n",
        on.get("up.in"),
        on.get("up.reads"),
        on.get("up.writes"),
        off.get("up.in"),
        off.get("up.reads"),
        off.get("up.writes"));
    long frames = Long.parseLong(on.get("up.in"));
    // wire-sized: 20 MB in segments of at most 1514 bytes, each one counted by the model
    assertTrue(frames >= 20_000_000 / 1514, on.toString());
    assertTrue(Long.parseLong(on.get("up.reads")) * 4 < frames, "super-frames read: " + on);
    assertTrue(Long.parseLong(on.get("up.writes")) < frames, "segments joined: " + on);
    assertEquals("0", on.get("up.bad_frames"));
    assertEquals(off.get("up.in"), off.get("up.reads"), "off: one read a frame");
  }

  @Test
  void aCorruptedSegmentIsCaughtByTheReceiversChecksum() throws Exception {
    long before = pair.counter(pair.nsB, "/proc/net/snmp", "Tcp", "InCsumErrors");
    pair.start("corrupt 2%", "");
    pair.transfer(5_000_000);
    Map<String, String> stats = pair.stop();
    long caught = pair.counter(pair.nsB, "/proc/net/snmp", "Tcp", "InCsumErrors") - before;
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] corrupt 2%%: linkem flipped a bit in %s of %s, B's TCP caught %d%n",
        stats.get("up.corrupted"),
        stats.get("up.in"),
        caught);
    assertTrue(caught > 0, "no checksum error at B: " + stats);
  }

  @Test
  void aRateWithAFullQueueDropsAndHoldsTheRate() throws Exception {
    pair.start("rate 20mbit limit 20", "");
    double bps = pair.transfer(3_000_000);
    Map<String, String> stats = pair.stop();
    System.out.printf(
        Locale.ROOT,
        "[link-emulator] rate 20mbit limit 20: TCP moved %.2f Mbit/s, queue drops %s,"
            + " longest queue %s packets%n",
        bps / 1e6,
        stats.get("up.queue_drops"),
        stats.get("up.max_queue_pkts"));
    assertTrue(Long.parseLong(stats.get("up.queue_drops")) > 0, stats.toString());
    assertEquals("20", stats.get("up.max_queue_pkts"));
    // the wire carries headers too: TCP's goodput is ~95 % of the rate; never above it
    assertTrue(bps > 0.75 * 20e6 && bps < 1.0 * 20e6, "goodput " + bps);
  }

  /** The packet link's words for a profile, from the lab itself (deploy/lab.sh link-args). */
  private static String[] linkArgs(String profile) throws Exception {
    Native.Result r =
        Native.run(
            30,
            List.of(
                "bash",
                Native.moduleDir().resolve("../deploy/lab.sh").normalize().toString(),
                "link-args",
                "--profile",
                profile));
    assertEquals(0, r.exitCode(), r.output());
    String[] lines = r.output().trim().split("\n");
    return new String[] {lines[0].substring(3), lines[1].substring(5)};
  }

  private static double delayUs(String words) {
    String[] w = words.split(" ");
    String d = w[1];
    double v = Double.parseDouble(d.replaceAll("[a-z]+$", ""));
    return d.endsWith("us") ? v : d.endsWith("ms") ? v * 1000 : v * 1e6;
  }
}
