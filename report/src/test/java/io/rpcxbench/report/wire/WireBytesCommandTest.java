package io.rpcxbench.report.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.ReportCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** bench/wire-bytes.sh's table from counter folders laid out as the script copies them. */
class WireBytesCommandTest {

  record Outcome(int code, String out, String err) {}

  static Outcome wireBytes(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new ReportCli());
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    String[] all = new String[args.length + 1];
    all[0] = "wire-bytes";
    System.arraycopy(args, 0, all, 1, args.length);
    return new Outcome(cl.execute(all), out.toString(), err.toString());
  }

  /** One snapshot folder: the four lo counters and a /proc/net/snmp with ActiveOpens. */
  static void snapshot(Path dir, long txBytes, long txPackets, long rxBytes, long opens)
      throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("tx_bytes"), txBytes + "\n");
    Files.writeString(dir.resolve("tx_packets"), txPackets + "\n");
    Files.writeString(dir.resolve("rx_bytes"), rxBytes + "\n");
    Files.writeString(dir.resolve("rx_packets"), txPackets + "\n");
    Files.writeString(
        dir.resolve("snmp"),
        "Ip: Forwarding DefaultTTL InReceives\nIp: 2 64 186735232\n"
            + "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails\n"
            + "Tcp: 1 200 120000 -1 "
            + opens
            + " 537622 1062367\n"
            + "Udp: InDatagrams NoPorts\nUdp: 5 0\n");
  }

  /** A protocol's two runs: bytes and packets per run (short, long), one connection each. */
  static void runs(Path out, String p, long[] bytes, long[] packets) throws IOException {
    long[] calls = {1000, 6000};
    for (int i = 0; i < 2; i++) {
      Path run = WireCost.run(out, p, calls[i]);
      snapshot(run.resolve("before"), 5_000, 40, 5_000, 7);
      snapshot(
          run.resolve("after"), 5_000 + bytes[i], 40 + packets[i], 5_000 + bytes[i], 7 + 1 + i);
    }
  }

  static Path measured(Path out) throws IOException {
    runs(out, "rpcx", new long[] {200_000, 1_015_000}, new long[] {2_100, 12_100});
    runs(out, "grpc", new long[] {300_000, 1_464_000}, new long[] {2_600, 15_100});
    runs(out, "bare", new long[] {150_000, 885_000}, new long[] {2_050, 12_050});
    Path raw = out.resolve("raw/n6000/rpcx/t1-r6000.csv");
    Files.createDirectories(raw.getParent());
    // one raw file of reproduction-repeat-5d8927e-thread (rep-1/a-1gbit-thread/rpcx/), 12 KB
    Files.copy(Path.of("src/test/resources/wire/t10-r100.csv"), raw);
    return out;
  }

  @Test
  void perCallIsTheLongRunLessTheShortOverTheirDifferenceAndTheFloorIsNotRanked(@TempDir Path tmp)
      throws IOException {
    Outcome o =
        wireBytes(
            measured(tmp).toString(),
            "--protocols",
            "rpcx,grpc,bare",
            "--n1",
            "1000",
            "--n2",
            "6000");
    assertThat(o.code()).isZero();
    assertThat(o.out().lines().toList())
        .containsExactly(
            "| protocol | bytes on lo per call | packets per call | TCP payload per call |"
                + " connections opened (N1 run / N2 run) | rank among the frameworks (bytes) |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
            "| RPCX | 163.0 | 2.00 | 59.0 | 1 / 2 | 1 |",
            "| grpc | 232.8 | 2.50 | 102.8 | 1 / 2 | 2 |",
            "| bare | 147.0 | 2.00 | 43.0 | 1 / 2 | floor |",
            "",
            "RPCX ranks 1 of 2 frameworks by bytes per call (the smallest: PASS).",
            "Against the bare baseline (the floor, no service/method names or types): +16.0 bytes"
                + " per call on lo, +16.0 bytes of TCP payload.");
    assertThat(o.err()).isEmpty();
  }

  @Test
  void aSubjectThatIsNotTheSmallestMissesAndDecimalsStayPointsInAnyLocale(@TempDir Path tmp)
      throws IOException {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      Outcome o =
          wireBytes(
              measured(tmp).toString(),
              "--protocols",
              "grpc,rpcx",
              "--subject",
              "grpc",
              "--n1",
              "1000",
              "--n2",
              "6000");
      assertThat(o.out())
          .contains("| grpc | 232.8 | 2.50 | 102.8 | 1 / 2 | 2 |")
          .contains("grpc ranks 2 of 2 frameworks by bytes per call (not the smallest: MISS).")
          .doesNotContain("Against the");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void aProtocolWithoutCountersIsLeftOutWithALineAndRxUnlikeTxIsNoted(@TempDir Path tmp)
      throws IOException {
    Path out = measured(tmp);
    snapshot(WireCost.run(out, "grpc", 6000).resolve("after"), 1_469_000, 15_140, 1_469_001, 9);
    Outcome o =
        wireBytes(out.toString(), "--protocols", "rpcx,grpc,capnp", "--n1", "1000", "--n2", "6000");
    assertThat(o.code()).isZero();
    assertThat(o.err().lines().toList())
        .containsExactly(
            "note: grpc rx != tx on lo",
            "wire-bytes: capnp: no counters in " + out + " (not measured)");
    assertThat(o.out()).doesNotContain("capnp");
  }

  @Test
  void badInputGetsOneLineAndItsExitCode(@TempDir Path tmp) throws IOException {
    Path out = measured(tmp);
    List<String> nothing =
        List.of(out.toString(), "--protocols", "capnp", "--n1", "1", "--n2", "2");
    Outcome none = wireBytes(nothing.toArray(new String[0]));
    assertThat(none.code()).isEqualTo(1);
    assertThat(none.err()).endsWith("error: wire-bytes " + out + ": no protocol has counters\n");

    Outcome order =
        wireBytes(out.toString(), "--protocols", "rpcx", "--n1", "6000", "--n2", "1000");
    assertThat(order.code()).isEqualTo(2);
    assertThat(order.err()).contains("--n2 (1000) must be larger than --n1 (6000)");

    Files.writeString(WireCost.run(out, "rpcx", 1000).resolve("after/tx_bytes"), "lots\n");
    Outcome garbled =
        wireBytes(out.toString(), "--protocols", "rpcx", "--n1", "1000", "--n2", "6000");
    assertThat(garbled.code()).isEqualTo(1);
    assertThat(garbled.err().strip())
        .isEqualTo(
            "error: wire-bytes "
                + out
                + ": "
                + WireCost.run(out, "rpcx", 1000).resolve("after/tx_bytes")
                + ": not a count: 'lots'");

    Files.delete(WireCost.run(out, "rpcx", 6000).resolve("before/snmp"));
    Files.writeString(WireCost.run(out, "rpcx", 1000).resolve("after/tx_bytes"), "205000\n");
    Outcome half = wireBytes(out.toString(), "--protocols", "rpcx", "--n1", "1000", "--n2", "6000");
    assertThat(half.code()).isEqualTo(1);
    assertThat(half.err().strip())
        .isEqualTo(
            "error: wire-bytes "
                + out
                + ": missing "
                + WireCost.run(out, "rpcx", 6000).resolve("before/snmp"));
  }
}
