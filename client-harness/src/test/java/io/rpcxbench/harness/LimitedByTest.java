package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.measure.LimitedBy;
import io.rpcxbench.harness.measure.LinkCounter;
import io.rpcxbench.harness.measure.MachineNoise;
import io.rpcxbench.harness.measure.RunMeters;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.Protocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code limited_by} classification from synthetic CPU and link figures. */
class LimitedByTest {
  private static final long SECOND = 1_000_000_000L;

  /** A one-second run: CPU seconds of client and server (-1: not measured) on one core each. */
  private static LimitedBy oneCoreEach(double clientCpuS, double serverCpuS) {
    return LimitedBy.classify(
        LimitedBy.Usage.of(
            SECOND,
            (long) (clientCpuS * SECOND),
            1,
            serverCpuS < 0 ? -1 : (long) (serverCpuS * SECOND),
            1,
            -1,
            Double.NaN));
  }

  @Test
  void aBusyClientBesideAnIdleServerIsTheLimit() {
    // the gRPC tuned: client 97 %, server 22-27 %
    assertThat(oneCoreEach(0.97, 0.25)).isEqualTo(LimitedBy.CLIENT);
  }

  @Test
  void aBusyServerIsTheLimit() {
    // the gRPC default: the server at 98 %
    assertThat(oneCoreEach(0.60, 0.98)).isEqualTo(LimitedBy.SERVER);
  }

  @Test
  void nothingSaturatedIsNone() {
    // one caller waiting on each reply: both sides mostly idle
    assertThat(oneCoreEach(0.30, 0.20)).isEqualTo(LimitedBy.NONE);
    assertThat(oneCoreEach(0.89, 0.89)).isEqualTo(LimitedBy.NONE);
  }

  @Test
  void ofTwoSaturatedSidesTheBusierOneIsTheLimitAndATieGoesToTheServer() {
    assertThat(oneCoreEach(0.93, 0.99)).isEqualTo(LimitedBy.SERVER);
    assertThat(oneCoreEach(0.99, 0.93)).isEqualTo(LimitedBy.CLIENT);
    assertThat(oneCoreEach(0.95, 0.95)).isEqualTo(LimitedBy.SERVER);
    assertThat(oneCoreEach(0.90, 0.50)).isEqualTo(LimitedBy.CLIENT); // the threshold counts
  }

  @Test
  void anUnmeasuredServerCannotBeTheLimit() {
    assertThat(oneCoreEach(0.50, -1)).isEqualTo(LimitedBy.NONE);
    assertThat(oneCoreEach(0.95, -1)).isEqualTo(LimitedBy.CLIENT);
    assertThat(LimitedBy.Usage.of(SECOND, SECOND / 2, 1, -1, 1, -1, Double.NaN).server()).isNaN();
  }

  @Test
  void cpuCountsAgainstTheCoresAProcessMayUse() {
    // one core's worth of CPU time on two cores is half of what the client could give
    LimitedBy.Usage twoCores =
        LimitedBy.Usage.of(SECOND, SECOND, 2, SECOND / 10, 1, -1, Double.NaN);
    assertThat(twoCores.client()).isEqualTo(0.5);
    assertThat(LimitedBy.classify(twoCores)).isEqualTo(LimitedBy.NONE);
    // 1.9 of 2 cores
    assertThat(
            LimitedBy.classify(
                LimitedBy.Usage.of(SECOND, 19 * SECOND / 10, 2, SECOND / 10, 1, -1, Double.NaN)))
        .isEqualTo(LimitedBy.CLIENT);
  }

  @Test
  void aFullLinkIsTheLimitWhenItsRateIsKnown() {
    // the paper's 1 Mbit/s: 120,000 bytes one way in a second is 96 % of it
    double mbit = LimitedBy.linkBitsPerSecond("1mbit");
    LimitedBy.Usage u = LimitedBy.Usage.of(SECOND, SECOND / 10, 1, SECOND / 10, 1, 120_000, mbit);
    assertThat(u.link()).isCloseTo(0.96, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(LimitedBy.classify(u)).isEqualTo(LimitedBy.LINK);
    // the same bytes on an unknown link: not classified
    assertThat(
            LimitedBy.classify(
                LimitedBy.Usage.of(SECOND, SECOND / 10, 1, SECOND / 10, 1, 120_000, Double.NaN)))
        .isEqualTo(LimitedBy.NONE);
  }

  @Test
  void linkRatesAreReadTheWayTcWritesThem() {
    assertThat(LimitedBy.linkBitsPerSecond("1mbit")).isEqualTo(1e6);
    assertThat(LimitedBy.linkBitsPerSecond("100kbit")).isEqualTo(1e5);
    assertThat(LimitedBy.linkBitsPerSecond("1gbit")).isEqualTo(1e9);
    assertThat(LimitedBy.linkBitsPerSecond("2.5Mbit")).isEqualTo(2.5e6);
    assertThat(LimitedBy.linkBitsPerSecond("10mbps")).isEqualTo(8e7);
    assertThat(LimitedBy.linkBitsPerSecond("1mibit")).isEqualTo(1024.0 * 1024);
    assertThat(LimitedBy.linkBitsPerSecond("9600")).isEqualTo(9600);
    assertThat(LimitedBy.linkBitsPerSecond("?")).isNaN();
    assertThat(LimitedBy.linkBitsPerSecond("")).isNaN();
    assertThat(LimitedBy.linkBitsPerSecond(null)).isNaN();
  }

  @Test
  void aRunThatFillsAKnownLinkIsLimitedByIt(@TempDir Path dir) throws Exception {
    LinkCounter io = new LinkCounter.ProcessIo();
    assumeTrue(io.sample() != null, "skipped: /proc/self/io is not readable here");
    // a 1 kbit/s link: the 200 kB this "run" writes would take it 1,600 s
    RunMeters meters = new RunMeters(null, LimitedBy.linkBitsPerSecond("1kbit"), io);
    meters.before();
    Files.write(dir.resolve("bytes"), new byte[200_000]);
    RunResult r = meters.after(RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null));

    assertThat(Double.parseDouble(r.extra().get("link_used"))).isGreaterThan(1);
    assertThat(r.extra()).containsEntry("limited_by", "link");
  }

  @Test
  void theLinkIsCountedOnTheWireWhereTheHostHasAnInterface(@TempDir Path dir) throws Exception {
    // a run whose payload is small but whose packets fill the link: headers, handshakes, resets
    Path netDev = dir.resolve("dev");
    LinkCounter wire = new LinkCounter.InterfaceCounters(netDev);
    Files.write(netDev, netDev(0, 0, 5_000_000, 6_000_000));
    RunMeters meters = new RunMeters(null, LimitedBy.linkBitsPerSecond("1mbit"), wire);
    meters.before();
    Files.write(netDev, netDev(0, 0, 5_000_000 + 60_000, 6_000_000 + 125_000));
    RunResult r = meters.after(RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null));

    // 125,000 B sent in at most the run's wall time: at least the whole 1 Mbit/s link
    assertThat(Double.parseDouble(r.extra().get("link_used"))).isGreaterThanOrEqualTo(0.99);
    assertThat(r.extra()).containsEntry("limited_by", "link");
    assertThat(meters.linkCounted()).isEqualTo("interface counters (" + netDev + ", all but lo)");
  }

  @Test
  void interfaceCountersSumEveryInterfaceButLoopback() {
    assertThat(LinkCounter.InterfaceCounters.sum(netDev(7, 9, 100, 200))).containsExactly(100, 200);
    assertThat(
            LinkCounter.InterfaceCounters.sum(
                List.of(
                    "Inter-|   Receive                            |  Transmit",
                    " face |bytes    packets errs drop fifo frame compressed multicast|bytes",
                    "    lo:  7 1 0 0 0 0 0 0  9 1 0 0 0 0 0 0",
                    "  eth0: 10 1 0 0 0 0 0 0 20 1 0 0 0 0 0 0",
                    "  lab1: 30 1 0 0 0 0 0 0 40 1 0 0 0 0 0 0")))
        .containsExactly(40, 60);
    assertThat(
            LinkCounter.InterfaceCounters.sum(List.of("    lo: 7 1 0 0 0 0 0 0 9 1 0 0 0 0 0 0")))
        .as("only loopback: no link to count")
        .isNull();
    assertThat(new LinkCounter.InterfaceCounters(Path.of("/nonexistent/dev")).sample()).isNull();
  }

  /** /proc/net/dev with lo and one link interface, lab0. */
  private static List<String> netDev(long loIn, long loOut, long in, long out) {
    return List.of(
        "Inter-|   Receive                            |  Transmit",
        " face |bytes    packets errs drop fifo frame compressed multicast|bytes",
        "    lo: " + loIn + " 1 0 0 0 0 0 0 " + loOut + " 1 0 0 0 0 0 0",
        "  lab0: " + in + " 1 0 0 0 0 0 0 " + out + " 1 0 0 0 0 0 0");
  }

  @Test
  void withoutALinkRateTheLinkIsNotMeasured() {
    RunMeters meters = new RunMeters(null);
    meters.before();
    RunResult r = meters.after(RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null));

    assertThat(r.extra()).doesNotContainKey("link_used").containsKey("limited_by");
  }

  @Test
  void aContendedRunIsLimitedByTheBoxUnlessTheLinkWasFull() {
    LimitedBy.Usage client = LimitedBy.Usage.of(SECOND, SECOND, 1, SECOND / 4, 1, -1, Double.NaN);
    LimitedBy.Usage server = LimitedBy.Usage.of(SECOND, SECOND / 2, 1, SECOND, 1, -1, Double.NaN);
    LimitedBy.Usage idle = LimitedBy.Usage.of(SECOND, SECOND / 3, 1, SECOND / 5, 1, -1, Double.NaN);
    LimitedBy.Usage link =
        LimitedBy.Usage.of(
            SECOND, SECOND / 3, 1, -1, 1, 125_000, LimitedBy.linkBitsPerSecond("1mbit"));

    assertThat(LimitedBy.classify(client, true)).isEqualTo(LimitedBy.CONTENDED);
    assertThat(LimitedBy.classify(server, true)).isEqualTo(LimitedBy.CONTENDED);
    assertThat(LimitedBy.classify(idle, true)).isEqualTo(LimitedBy.CONTENDED);
    assertThat(LimitedBy.classify(link, true)).isEqualTo(LimitedBy.LINK);
    // not contended: the other reasons as ever
    assertThat(LimitedBy.classify(client, false)).isEqualTo(LimitedBy.CLIENT);
    assertThat(LimitedBy.classify(server, false)).isEqualTo(LimitedBy.SERVER);
    assertThat(LimitedBy.classify(idle, false)).isEqualTo(LimitedBy.NONE);
    assertThat(LimitedBy.CONTENDED.id()).isEqualTo("contended");
  }

  @Test
  void onAQuietBoxTheMetersKeepTheirLimitAndFlagNothing(@TempDir Path proc) throws Exception {
    fakeProc(proc, "0.10", "some avg10=0.00 avg60=0.00 avg300=0.00", 0);
    RunResult r = meteredRun(proc, () -> {});

    assertThat(r.extra())
        .containsEntry("noise_load", "0.10")
        .containsEntry("noise_cpu_pressure", "0.0")
        .containsEntry("contended", "0")
        .containsEntry("contended_why", "");
    assertThat(r.extra().get("limited_by")).isIn("client", "server", "link", "none");
  }

  @Test
  void onAContendedBoxTheMetersSayContendedAndWhy(@TempDir Path proc) throws Exception {
    // 92 % PSI (no total: the 10 s average counts) at load 30 on 2 CPUs, 15 % steal in the run
    fakeProc(proc, "30.00", "some avg10=92.00 avg60=90.00 avg300=85.00", 0);
    RunResult r = meteredRun(proc, () -> fakeProc(proc, "30.00", "some avg10=92.00", 30));

    assertThat(r.extra()).containsEntry("contended", "1").containsEntry("limited_by", "contended");
    assertThat(r.extra().get("contended_why"))
        .isIn(
            "cpu pressure 92 %; steal 15 %; load 30.0 on 2 cpus",
            "steal 15 %"); // if this JVM's threads filled both CPUs in the few ms measured
  }

  @Test
  void aContendedRunGetsAWarningLineWithItsReasons() {
    RunResult r =
        RunResult.of(3, 1_000_000, 1, 0, LoadRunner.newHistogram(), null)
            .withExtra(
                java.util.Map.of(
                    "contended", "1", "contended_why", "cpu pressure 92 %; others 1.3 cores"));

    assertThat(LoadModelReport.warnings(Protocol.parse("rpcx"), null, r, new RunMeters(null)))
        .containsExactly(
            "warning: run 3 ran on a contended machine (cpu pressure 92 %, others 1.3 cores):"
                + " its figures measure the box as much as the protocol");
  }

  @Test
  void callsPerServerReadIsNotCountedWhereTheReadsCarriedNoCalls() {
    RunResult read =
        RunResult.of(1, 1_000_000_000L, 2889, 0, LoadRunner.newHistogram(), null)
            .withExtra(
                java.util.Map.of(
                    "server_reads",
                    "2893",
                    "server_bytes_in",
                    "114434",
                    "bytes_to_server",
                    "88449"));
    RunResult recv =
        RunResult.of(1, 1_000_000_000L, 2889, 0, LoadRunner.newHistogram(), null)
            .withExtra(
                java.util.Map.of(
                    "server_reads", "68", "server_bytes_in", "30609", "bytes_to_server", "118612"));

    assertThat(LoadModelReport.callsPerServerRead(List.of(read))).isEqualTo("0.999");
    assertThat(LoadModelReport.callsPerServerRead(List.of(recv))).startsWith("not counted");
  }

  /** A run metered against a fake /proc (no pids in it: others unknown). */
  private static RunResult meteredRun(Path proc, Runnable duringTheRun) {
    RunMeters meters =
        new RunMeters(
            null,
            Double.NaN,
            LinkCounter.forThisHost(),
            new MachineNoise(proc, () -> List.of(ProcessHandle.current().pid())));
    meters.before();
    duringTheRun.run();
    return meters.after(RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null));
  }

  /** 2 CPUs; {@code steal} of the 200 ticks after the first reading (0 at the first). */
  private static void fakeProc(Path proc, String load, String pressure, long steal) {
    try {
      Files.createDirectories(proc.resolve("pressure"));
      Files.writeString(proc.resolve("loadavg"), load + " 1.00 1.00 2/100 999\n");
      Files.writeString(proc.resolve("pressure/cpu"), pressure + "\n");
      long elapsed = steal == 0 ? 0 : 200;
      Files.writeString(
          proc.resolve("stat"),
          "cpu  "
              + (10 + elapsed - steal)
              + " 0 10 100 0 0 0 "
              + steal
              + " 0 0\ncpu0 5 0 5 50 0 0 0 0 0 0\ncpu1 5 0 5 50 0 0 0 0 0 0\n");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void anOpenLoopWhoseSendsLaggedIsLimitedByTheClient() {
    LimitedBy.Usage idle =
        LimitedBy.Usage.of(SECOND, SECOND / 10, 1, SECOND / 10, 1, -1, Double.NaN);
    assertThat(LimitedBy.classify(idle, false, 2500)).isEqualTo(LimitedBy.CLIENT);
    assertThat(LimitedBy.classify(idle, false, LimitedBy.SEND_LAG_BOUND_US))
        .isEqualTo(LimitedBy.NONE);
    assertThat(LimitedBy.classify(idle, false, Double.NaN)).isEqualTo(LimitedBy.NONE);
    // a saturated server stays the limit; a contended box stays contended
    LimitedBy.Usage busyServer =
        LimitedBy.Usage.of(SECOND, SECOND / 10, 1, SECOND, 1, -1, Double.NaN);
    assertThat(LimitedBy.classify(busyServer, false, 2500)).isEqualTo(LimitedBy.SERVER);
    assertThat(LimitedBy.classify(idle, true, 2500)).isEqualTo(LimitedBy.CONTENDED);
  }

  @Test
  void callsDroppedAtTheClientsCapMakeTheClientTheLimitAndSayWhy() {
    LimitedBy.Usage idle =
        LimitedBy.Usage.of(SECOND, SECOND / 10, 1, SECOND / 10, 1, -1, Double.NaN);
    var dropped = java.util.Map.of(LimitedBy.DROPPED, "312", LimitedBy.MAX_IN_FLIGHT, "256");
    assertThat(LimitedBy.classify(idle, false, dropped)).isEqualTo(LimitedBy.CLIENT);
    assertThat(LimitedBy.generatorWhy(dropped)).isEqualTo("in-flight cap 256; 312 calls dropped");
    var none = java.util.Map.of(LimitedBy.DROPPED, "0", LimitedBy.MAX_IN_FLIGHT, "256");
    assertThat(LimitedBy.classify(idle, false, none)).isEqualTo(LimitedBy.NONE);
    assertThat(LimitedBy.generatorWhy(none)).isNull();
    assertThat(LimitedBy.generatorWhy(java.util.Map.of(LimitedBy.SEND_LAG_P99, "2500.0")))
        .isEqualTo("sends lagged 2.5 ms at p99");
    // a saturated server stays the limit: its queue filled the cap
    LimitedBy.Usage busyServer =
        LimitedBy.Usage.of(SECOND, SECOND / 10, 1, SECOND, 1, -1, Double.NaN);
    assertThat(LimitedBy.classify(busyServer, false, dropped)).isEqualTo(LimitedBy.SERVER);

    RunMeters meters = new RunMeters(null);
    meters.before();
    RunResult r =
        meters.after(
            RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null).withExtra(dropped));
    assertThat(r.extra())
        .containsEntry("limited_by", "client")
        .containsEntry(RunMeters.LIMITED_WHY, "in-flight cap 256; 312 calls dropped");
    assertThat(LoadModelReport.lineSuffix(r))
        .contains("limited by client (in-flight cap 256; 312 calls dropped)");
  }

  @Test
  void everyRunRecordsTheGeneratorsGcPausesAndItsSendLagCounts() {
    RunMeters meters = new RunMeters(null);
    meters.before();
    RunResult r =
        meters.after(
            RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null)
                .withExtra(java.util.Map.of(LimitedBy.SEND_LAG_P99, "2500.0")));
    assertThat(r.extra()).containsKeys("gc_pauses", "gc_pause_ms", "client_cpu_s");
    assertThat(r.extra()).containsEntry("limited_by", "client");
  }

  @Test
  void theColumnSpellsItInLowerCase() {
    assertThat(LimitedBy.CLIENT.id()).isEqualTo("client");
    assertThat(LimitedBy.NONE.id()).isEqualTo("none");
  }
}
