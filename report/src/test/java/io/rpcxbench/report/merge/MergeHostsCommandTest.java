package io.rpcxbench.report.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge-hosts}: a point that three client hosts ran together becomes one, with calls summed,
 * histograms added (the merged p99 is the p99 of all the calls) and the runtime from the earliest
 * release to the latest reply; a host missing, cut short or started apart makes it incomplete,
 * named.
 */
class MergeHostsCommandTest {
  private static final long T0 = 1_795_350_000_000L;
  private static final List<String> FLEET = List.of("c1", "c2", "c3");

  @TempDir Path dir;

  @Test
  void threeHostsMergeExactly() throws IOException {
    Map<String, List<Histogram>> latency = new LinkedHashMap<>();
    for (int h = 0; h < 3; h++) {
      latency.put(FLEET.get(h), write(FLEET.get(h), 3, 3, "thread", T0, h * 700L, 0));
    }

    Cli.Result r = merge();

    assertThat(r.exit()).as(r.err()).isZero();
    Path merged = dir.resolve("merged/rpcx/t4-r100-x3.csv");
    assertThat(r.out())
        .contains(
            "rpcx t4-r100 (requests_per thread, call hello) on 3 hosts (c1 c2 c3) -> " + merged)
        .contains(": complete, 3 runs, 2400 calls in runs 1-2");
    RawContents c = RawResultFile.read(merged);
    assertThat(c.provenance())
        .containsEntry("status", "complete")
        .containsEntry("threads", "12")
        .containsEntry("requests", "100")
        .containsEntry("client_host", "c1+c2+c3")
        .containsEntry("fleet_clients", "c1 c2 c3")
        .containsEntry("start_at", String.valueOf(T0))
        .containsEntry("start_spread_ms", "1.400")
        .containsEntry("protocol", "rpcx")
        .doesNotContainKeys("missing_hosts", "not_together");
    for (int order = 0; order < 3; order++) {
      RunRow row = c.rows().get(order);
      Histogram all = new Histogram(1_000, 3_600_000_000_000L, 3);
      for (List<Histogram> host : latency.values()) {
        all.add(host.get(order));
      }
      assertThat(row.calls()).isEqualTo(3 * 400);
      assertThat(row.threadNum()).isEqualTo(12);
      // the file holds µs with one decimal, as the harness writes them
      assertThat(row.p99Us()).isEqualTo(oneDecimal(all.getValueAtPercentile(99) / 1000.0));
      assertThat(row.p50Us()).isEqualTo(oneDecimal(all.getValueAtPercentile(50) / 1000.0));
      assertThat(row.latencyNanos().orElseThrow().getTotalCount()).isEqualTo(1200);
      // from the first release (c1) to the last reply (c3: released 1.4 ms later, 100 ms long)
      long start = start(order, 0);
      long end = start(order, 1400) + 100_000;
      assertThat(row.timeTotal()).isCloseTo((end - start) / 1000.0, within(0.001));
      assertThat(row.throughput()).isCloseTo(1200 / ((end - start) / 1e6), within(0.01));
      assertThat(row.extra("hosts")).contains("3");
      assertThat(row.extra("start_epoch_us")).contains(String.valueOf(start));
      assertThat(row.extra("errors_timeout")).contains("0");
    }
  }

  @Test
  void aMissingHostMakesThePointIncompleteAndNamesIt() throws IOException {
    write("c1", 3, 3, "thread", T0, 0, 0);
    write("c2", 3, 3, "thread", T0, 100, 0);

    Cli.Result r = merge();

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out())
        .contains(
            "INCOMPLETE: missing c3 (no file); merged from c1 c2 only, not a whole point: 3 runs");
    Map<String, String> p = provenance("merged/rpcx/t4-r100-x3.csv");
    assertThat(p)
        .containsEntry("status", "incomplete")
        .containsEntry("missing_hosts", "c3")
        .containsEntry("merged_hosts", "c1 c2")
        .containsEntry("threads", "8");
  }

  @Test
  void aHostCutShortOrStartedApartIsNamed() throws IOException {
    write("c1", 3, 3, "thread", T0, 0, 0);
    write("c2", 3, 2, "thread", T0, 0, 0); // died after two runs
    write("c3", 3, 3, "thread", T0 + 60_000, 0, 0); // a rerun, a minute later

    Cli.Result r = merge();

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out())
        .contains("INCOMPLETE: cut short on c2; not started together: ")
        .contains("c1 c2 start_at " + T0 + ", c3 start_at " + (T0 + 60_000));
    Map<String, String> p = provenance("merged/rpcx/t4-r100-x3.csv");
    assertThat(p)
        .containsEntry("status", "incomplete")
        .containsEntry("incomplete_hosts", "c2")
        .containsEntry("runs_completed", "2")
        .containsKey("not_together");
  }

  @Test
  void sharedRequestsAddUpAcrossHosts() throws IOException {
    for (String h : FLEET) {
      write(h, 2, 2, "total", T0, 0, 0);
    }

    Cli.Result r = merge();

    assertThat(r.exit()).as(r.out()).isZero();
    RawContents c = RawResultFile.read(dir.resolve("merged/rpcx/t4-r100-x3.csv"));
    assertThat(c.provenance()).containsEntry("requests", "300").containsEntry("threads", "12");
    assertThat(c.rows().get(1).requestNum()).isEqualTo(300);
    assertThat(c.rows().get(1).tps())
        .isCloseTo(300 / (c.rows().get(1).timeTotal() / 1000), within(0.01));
  }

  @Test
  void filesThatCannotBeAddedAreNotMerged() throws IOException {
    write("c1", 2, 2, "thread", T0, 0, 0);
    write("c2", 2, 2, "thread", T0, 0, 0);
    Path copy = dir.resolve("raw/elsewhere/c1.csv");
    Files.createDirectories(copy.getParent());
    Files.copy(dir.resolve("raw/c1/rpcx/t4-r100.csv"), copy);

    Cli.Result r = merge();

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out()).contains("NOT MERGED: ").contains("two files of c1: ");
    assertThat(dir.resolve("merged/rpcx/t4-r100-x3.csv")).doesNotExist();
  }

  @Test
  void filesWithoutRunInstantsAreNotMerged() throws IOException {
    for (String h : FLEET) {
      RawResultFile.write(
          dir.resolve("raw").resolve(h).resolve("rpcx/t4-r100.csv"),
          provenance(2, "thread", h, T0),
          rows(2, 0, T0, 1, 400, new ArrayList<>(), false));
    }

    Cli.Result r = merge();

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out())
        .contains("NOT MERGED: ")
        .contains("order 0 has no start_epoch_us/end_epoch_us (written by a harness without them)");
  }

  @Test
  void singleHostFilesAreLeftAlone() throws IOException {
    Path plain = dir.resolve("raw/rpcx/t4-r100.csv");
    Map<String, String> p = provenance(3, "thread", "host-a", T0);
    p.remove("fleet_clients");
    RawResultFile.write(plain, p, rows(3, 0, T0, 0, 400, new ArrayList<>(), true));

    Cli.Result r = merge();

    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("merge-hosts: 0 points run on several client hosts, 1 files of single hosts");
    assertThat(dir.resolve("merged")).doesNotExist();
  }

  @Test
  void onlyTheNamedPointsAreMerged() throws IOException {
    for (String h : FLEET) {
      write(h, 2, 2, "thread", T0, 0, 0);
    }
    String raw = dir.resolve("raw").toString();
    String out = dir.resolve("merged").toString();

    Cli.Result none = Cli.run("merge-hosts", raw, "--out", out, "--point", "rpcx/t9-r9.csv");
    assertThat(none.exit()).isZero();
    assertThat(none.out()).contains("merge-hosts: 0 points run on several client hosts");
    assertThat(dir.resolve("merged")).doesNotExist();

    Cli.Result one = Cli.run("merge-hosts", raw, "--out", out, "--point", "rpcx/t4-r100.csv");
    assertThat(one.exit()).isZero();
    assertThat(one.out()).contains("merge-hosts: 1 points run on several client hosts");
  }

  @Test
  void aFolderThatIsNotThereIsBadUsage() {
    Cli.Result r = Cli.run("merge-hosts", dir.resolve("nope").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("is not a folder");
  }

  private Cli.Result merge() {
    return Cli.run(
        "merge-hosts", dir.resolve("raw").toString(), "--out", dir.resolve("merged").toString());
  }

  private Map<String, String> provenance(String file) throws IOException {
    RawContents c = RawResultFile.read(dir.resolve(file));
    assertThat(c.problems()).isEmpty();
    return c.provenance();
  }

  /**
   * Host {@code host}'s file of rpcx t4-r100: {@code rows} of {@code runs}, each run released
   * {@code lateUs} after its order's instant and 100 ms long; returns the runs' histograms.
   */
  private List<Histogram> write(
      String host, int runs, int rows, String requestsPer, long startAt, long lateUs, long seed)
      throws IOException {
    List<Histogram> histograms = new ArrayList<>();
    int calls = requestsPer.equals("total") ? 100 : 400;
    RawResultFile.write(
        dir.resolve("raw").resolve(host).resolve("rpcx/t4-r100.csv"),
        provenance(runs, requestsPer, host, startAt),
        rows(rows, lateUs, startAt, seed + host.hashCode(), calls, histograms, true));
    return histograms;
  }

  private static Map<String, String> provenance(
      int runs, String requestsPer, String host, long startAt) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.put("protocol", "rpcx");
    p.put("type", "1");
    p.put("threads", "4");
    p.put("requests", "100");
    p.put("requests_per", requestsPer);
    p.put("runs", String.valueOf(runs));
    p.put("call", "hello");
    p.put("client_host", host);
    p.put("target", "10.0.0.31:8081");
    p.put("started", "2026-11-22T12:00:00Z");
    p.put("finished", "2026-11-22T12:00:10Z");
    p.put("start_at", String.valueOf(startAt));
    p.put("fleet_clients", String.join(" ", FLEET));
    p.put("clock_offset_ms", "0.020");
    return p;
  }

  /** Runs of random latencies (50 µs .. 5 ms), order k released at startAt + k s + lateUs. */
  private static List<RunRow> rows(
      int rows,
      long lateUs,
      long startAt,
      long seed,
      int calls,
      List<Histogram> histograms,
      boolean instants) {
    Random random = new Random(seed);
    List<RunRow> list = new ArrayList<>();
    for (int order = 0; order < rows; order++) {
      Histogram h = new Histogram(1_000, 3_600_000_000_000L, 3);
      for (int i = 0; i < calls; i++) {
        h.recordValue(50_000 + (long) (random.nextDouble() * random.nextDouble() * 5_000_000));
      }
      histograms.add(h);
      long start = (startAt + order * 1000L) * 1000 + lateUs;
      Map<String, String> extra = new LinkedHashMap<>();
      if (instants) {
        extra.put("start_epoch_us", String.valueOf(start));
        extra.put("end_epoch_us", String.valueOf(start + 100_000));
      }
      extra.put("errors_timeout", "0");
      list.add(RunRow.measured(1, 4, 100, order, 100.0, calls, 0, h).withExtra(extra));
    }
    return list;
  }

  private static double oneDecimal(double v) {
    return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.1f", v));
  }

  /** Order {@code order}'s release, {@code lateUs} after its instant (epoch µs). */
  private static long start(int order, long lateUs) {
    return (T0 + order * 1000L) * 1000 + lateUs;
  }
}
