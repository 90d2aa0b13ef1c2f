package io.rpcxbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.charts.Figures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report compare} on a folder laid out as bench/compare.sh writes it (the tables compare.sh
 * computed in awk before, ported from compare.bats): RPCX limited by its client, gRPC tuned by its
 * server, each run 10,000 calls.
 */
class CompareCommandTest {
  private final Locale saved = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  /** Figures per run of 10,000 calls, as compare.bats's fake harness had them. */
  private record Figures(
      String id,
      String label,
      double callsPerSecond,
      double clientCpu,
      double serverCpu,
      String limit,
      long segments,
      long serverReads,
      long serverBytesIn) {}

  /** 10,000 calls a run in 200 segments, each read with one read() (50 calls per read). */
  private static final Figures RPCX =
      new Figures("rpcx", "RPCX", 100000, 0.5, 0.2, "client", 200, 200, 320_000);

  /** One segment per call; a server that reads with recv(): its 50 read()s are not its socket's. */
  private static final Figures TUNED =
      new Figures(
          "grpc-tuned", "gRPC, direct executor", 25000, 0.8, 0.4, "server", 10_000, 50, 900);

  /** 9,800 calls of 100 µs and 200 of 900 µs, in ns: p50 100 µs, p99 900 µs. */
  private static Histogram latency(int shift) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount(100_000 + shift, 9_800);
    h.recordValueWithCount(900_000 + shift, 200);
    return h;
  }

  private static void round(Path out, String point, int round, Figures f, int runs, int shift)
      throws IOException {
    int n = Integer.parseInt(point.substring(point.indexOf('-') + 1));
    PointIdentity id =
        point.startsWith("closed")
            ? PointIdentity.closed(f.id(), n, 10)
            : PointIdentity.inFlight(f.id(), n, 10);
    Path dir = out.resolve("raw/" + point + "/round" + round + "/" + f.id());
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.putAll(id.provenance());
    p.put("type", "1");
    p.put("label", f.label());
    p.put("runs", String.valueOf(runs));
    p.put("warmup_converged", "true");
    p.put("calls_issued_by", "async API, up to 64 outstanding");
    List<RunRow> rows = new ArrayList<>();
    for (int order = 0; order < runs; order++) {
      double ms = 10_000 / f.callsPerSecond() * 1000;
      Map<String, String> extra = new LinkedHashMap<>();
      extra.put("client_cpu_s", String.valueOf(f.clientCpu()));
      extra.put("server_cpu_s", String.valueOf(f.serverCpu()));
      extra.put("server_cores", "0.500");
      extra.put("limited_by", f.limit());
      extra.put("segments_to_server", String.valueOf(f.segments()));
      extra.put("bytes_to_server", "320000");
      extra.put("server_reads", String.valueOf(f.serverReads()));
      extra.put("server_bytes_in", String.valueOf(f.serverBytesIn()));
      rows.add(
          RunRow.measured(1, n, 10, order, ms, 10_000, 0, latency(shift + order)).withExtra(extra));
    }
    RawResultFile.write(id.path(dir), p, rows);
  }

  private static Path folder(Path tmp, int rounds) throws IOException {
    Path out = tmp.resolve("compare");
    StringBuilder steal = new StringBuilder();
    for (String point : List.of("closed-64", "inflight-64")) {
      for (int r = 1; r <= rounds; r++) {
        round(out, point, r, RPCX, 2, r * 1000);
        round(out, point, r, TUNED, 2, r * 1000);
        steal.append(point).append("\trpcx\t").append(r).append("\t0.").append(r).append('\n');
      }
    }
    Files.writeString(out.resolve("steal.tsv"), steal.toString());
    return out;
  }

  @Test
  void threeTablesEachRowWithCpuPerCallAndWhatLimitedIt(@TempDir Path tmp) throws IOException {
    for (Locale locale : List.of(Locale.US, Locale.GERMANY)) {
      Locale.setDefault(locale);
      Path out = folder(tmp.resolve(locale.toString()), 1);
      Cli.Result r =
          Cli.run("compare", out.toString(), "--variants", "rpcx,grpc-tuned", "--warmup-runs", "1");
      assertThat(r.exit()).as(r.err()).isZero();
      String md = r.out();
      assertThat(md)
          .contains("### Closed loop (the paper's method")
          .contains("### In flight")
          .contains("### Server side")
          .doesNotContain("### Targets");
      // one round: calls/s has no interval; p50 and p99 of the merged histogram of run 1 (order 0
      // dropped)
      assertThat(md)
          .contains("| calls/s: mean of round 1 |")
          .contains("| p99 µs: p99 of the merged histogram of run 1 of round 1 |");
      // 0.5 s client and 0.2 s server CPU over 10,000 calls: 50 and 20 µs per call
      assertThat(md)
          .contains(
              "| 64 | RPCX | 100000 | 100000-100000 | 101.1 | 901.1 | 50.0 | 20.0 | client | async | 1/1 | 0.1 | 0 |")
          .contains(
              "| 64 | gRPC, direct executor | 25000 | 25000-25000 | 101.1 | 901.1 | 80.0 | 40.0 | server | async | 1/1 | n/a | 0 |");
      // RPCX's client was the limit: its server's capacity is the CPU-bound estimate, 10^6 / 20 µs
      assertThat(md)
          .contains(
              "| RPCX | 20.0 | 50000 | 100000 | 0.50 | client | ~50000 (CPU-bound estimate) | 1.00x"
                  + " | 50 | 50 |")
          .contains(
              "| gRPC, direct executor | 40.0 | 25000 | 25000 | 0.50 | server | 25000 (measured) |"
                  + " 2.00x | 1.0 | - |");
    }
  }

  @Test
  void roundsGiveIntervalsBesideTheFigures(@TempDir Path tmp) throws IOException {
    Path out = folder(tmp, 3);
    Cli.Result r = Cli.run("compare", out.toString(), "--variants", "rpcx,grpc-tuned");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("calls/s: mean of rounds 1..3, 95 % t interval")
        .contains(
            "p99 of the merged histogram of run 1 of rounds 1..3, 95 % bootstrap interval over rounds")
        // every round alike: the interval is the figure itself
        .contains("| 64 | RPCX | 100000 (100000-100000) | 100000-100000 | ");
    // the p50 of the three rounds (100 µs + 1, 2, 3 µs shift) has its bootstrap interval
    assertThat(r.out()).contains("| 102.0 (101.1-103.0) | 902.1 (901.1-903.2) |");
  }

  @Test
  void targetsComeFromADataFileOnlyWhenGiven(@TempDir Path tmp) throws IOException {
    Path out = folder(tmp, 1);
    Path targets = tmp.resolve("targets.tsv");
    Files.writeString(
        targets,
        "# kind\tat\tmine\tpeer\tmetric\top\tgoal\tname\n"
            + "inflight\tmost\trpcx\tgrpc-tuned\tserver_cpu\tle\t0.5\tRPCX / gRPC-tuned server CPU per call, {n} in flight\n"
            + "inflight\tmost\trpcx\tgrpc-tuned\tcalls_s\tge\t2.5\tRPCX / gRPC-tuned calls/s, {n} in flight\n"
            + "closed\tmost\trpcx\tbare\tcalls_s\tge\t0.8\tRPCX / bare calls/s, {n} threads\n"
            + "closed\tmost\trpcx-epoll\tgrpc\tcalls_s\tge\t1\tnot run: left out\n"
            + "closed\tmost\trpcx\t-\tp99\tle\t500\tRPCX p99, {n} threads\n");
    Cli.Result r =
        Cli.run(
            "compare",
            out.toString(),
            "--variants",
            "rpcx,grpc-tuned",
            "--targets",
            targets.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("### Targets")
        .contains(
            "| RPCX / gRPC-tuned server CPU per call, 64 in flight | 0.50x | <= 0.5x | PASS | client / server |")
        .contains(
            "| RPCX / gRPC-tuned calls/s, 64 in flight | 4.00x | >= 2.5x | PASS | client / server |")
        .contains(
            "| RPCX / bare calls/s, 64 threads | bare not run | >= 0.8x | n/a | client / n/a |")
        .contains(
            "| RPCX p99, 64 threads | 901 µs | <= 500 µs | MISS (80 % over the target) | client |")
        .doesNotContain("not run: left out");
  }

  @Test
  void aMalformedTargetsFileIsBadUsageNamingItsLine(@TempDir Path tmp) throws IOException {
    Path out = folder(tmp, 1);
    Path targets = tmp.resolve("targets.tsv");
    Files.writeString(targets, "# header\nclosed\tmost\trpcx\n");
    Cli.Result r = Cli.run("compare", out.toString(), "--targets", targets.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("targets.tsv:2: want 8 tab-separated fields");
  }

  @Test
  void helpShowsAnExampleAndFormatsCleanly() {
    java.io.PrintStream saved = System.err;
    java.io.ByteArrayOutputStream picocliWarnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(picocliWarnings, true));
    try {
      Cli.Result compare = Cli.run("compare", "--help");
      Cli.Result show = Cli.run("show", "--help");
      assertThat(compare.exit()).isZero();
      assertThat(compare.out())
          .contains("Example:")
          .contains("rounds or runs to give one")
          .doesNotContain("%%");
      assertThat(show.out()).contains("LOW HIGH").doesNotContain("%%");
    } finally {
      System.setErr(saved);
    }
    assertThat(picocliWarnings.toString()).doesNotContain("Could not format");
  }

  @Test
  void aFolderWithoutRawFilesIsAnError(@TempDir Path tmp) {
    Cli.Result r = Cli.run("compare", tmp.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("is not a folder");
  }
}
