package io.rpcxbench.report.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import java.io.IOException;
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
 * {@code merge-hosts} on the open loop: three client hosts each offered a third of one schedule
 * (1000 calls/s for 1 s as 333.333 each); the merged point's achieved rate is the sum, its p99 the
 * p99 of the added histograms, its target the fleet's, and a host that fell behind is named and
 * keeps the fleet from keeping up.
 */
class OpenLoopMergeTest {
  private static final long T0 = 1_795_350_000_000L;
  private static final List<String> FLEET = List.of("c1", "c2", "c3");
  private static final String SHARE = "333.333:PT1S";
  private static final String FILE = "rpcx/open-r333p333-d1s.csv";

  @TempDir Path dir;

  @Test
  void theFleetsRateIsTheSumAndItsPercentilesThoseOfTheAddedHistograms() throws IOException {
    List<List<Histogram>> hosts = new ArrayList<>();
    for (String h : FLEET) {
      hosts.add(write(h, 333.333, 0));
    }

    Cli.Result r = merge();

    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    Path merged = dir.resolve("merged/rpcx/open-r1000-d1s-x3.csv");
    assertThat(r.out())
        .contains("-> " + merged + ": complete")
        .contains("fleet achieved 999.000 of 999.999 calls/s (slowest kept run)")
        .contains("kept up: yes, hosts behind: none");
    RawContents c = RawResultFile.read(merged);
    assertThat(c.problems()).isEmpty();
    assertThat(c.provenance())
        .containsEntry("status", "complete")
        .containsEntry("rate_schedule", "1000:PT1S")
        .containsEntry("rate_schedule_per_host", SHARE)
        .containsEntry("kept_up", "yes")
        .containsEntry("behind_hosts", "none")
        .containsEntry("dropped_by_host", "c1=0 c2=0 c3=0")
        .containsEntry("errors_by_host", "c1=0 c2=0 c3=0");
    for (int order = 0; order < 3; order++) {
      RunRow row = c.rows().get(order);
      Histogram all = new Histogram(1_000, 3_600_000_000_000L, 3);
      long calls = 0;
      for (List<Histogram> host : hosts) {
        all.add(host.get(order));
        calls += host.get(order).getTotalCount();
      }
      assertThat(row.calls()).isEqualTo(calls);
      assertThat(Double.parseDouble(row.extra("achieved_rate").orElseThrow()))
          .isCloseTo(3 * 333.0, within(0.001));
      assertThat(Double.parseDouble(row.extra("target_rate").orElseThrow()))
          .isCloseTo(999.999, within(0.0005));
      assertThat(row.p99Us()).isEqualTo(oneDecimal(all.getValueAtPercentile(99) / 1000.0));
      assertThat(row.extra("dropped")).contains("0");
      assertThat(row.extra("behind_hosts")).contains("");
      // generator health: CPU and GC summed, the worst host's lag
      assertThat(row.extra("client_cpu_s")).contains("0.300");
      assertThat(row.extra("gc_pauses")).contains("3");
      assertThat(row.extra("send_lag_p99_us")).contains("120");
      assertThat(row.extra("limited_by")).contains("none");
    }
  }

  @Test
  void aHostThatFellBehindIsNamedAndTheFleetDidNotKeepUp() throws IOException {
    write("c1", 333.333, 0);
    write("c2", 250, 83); // sent only 250/s, dropped the rest
    write("c3", 333.333, 0);

    Cli.Result r = merge();

    Map<String, String> p =
        RawResultFile.read(dir.resolve("merged/rpcx/open-r1000-d1s-x3.csv")).provenance();
    assertThat(p)
        .containsEntry("status", "complete")
        .containsEntry("kept_up", "no")
        .containsEntry("behind_hosts", "c2")
        .containsEntry("dropped_by_host", "c1=0 c2=166 c3=0");
    assertThat(p.get("behind_why"))
        .startsWith("c2: achieved 75.0 % of the target, 166 calls dropped");
    assertThat(p.get("kept_up_why")).startsWith("achieved 91.6 % of the target");
    assertThat(r.out())
        .contains("kept up: no (achieved 91.6 % of the target")
        .contains("behind: c2");
  }

  @Test
  void aMissingHostLeavesTheFleetShortOfItsTarget() throws IOException {
    write("c1", 333.333, 0);
    write("c2", 333.333, 0);

    Cli.Result r = merge();

    assertThat(r.exit()).isEqualTo(1);
    Map<String, String> p =
        RawResultFile.read(dir.resolve("merged/rpcx/open-r1000-d1s-x3.csv")).provenance();
    assertThat(p)
        .containsEntry("status", "incomplete")
        .containsEntry("missing_hosts", "c3")
        .containsEntry("kept_up", "no")
        .containsEntry("fleet_target_rate", "999.999");
    assertThat(p.get("kept_up_why")).contains("(hosts missing)");
  }

  private Cli.Result merge() {
    return Cli.run(
        "merge-hosts", dir.resolve("raw").toString(), "--out", dir.resolve("merged").toString());
  }

  /**
   * Host {@code host}'s file: 3 runs of 1 s, each achieving {@code achieved} calls/s (whole calls)
   * and dropping {@code dropped}; returns the runs' latency histograms.
   */
  private List<Histogram> write(String host, double achieved, long dropped) throws IOException {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.put("protocol", "rpcx");
    p.put("load_model", "open");
    p.put("rate_schedule", SHARE);
    p.put("arrivals", "uniform");
    p.put("threads", "64");
    p.put("requests", "334");
    p.put("requests_per", "total");
    p.put("runs", "3");
    p.put("client_host", host);
    p.put("target", "10.0.0.31:8081");
    p.put("started", "2026-11-22T12:00:00Z");
    p.put("finished", "2026-11-22T12:00:10Z");
    p.put("start_at", String.valueOf(T0));
    p.put("fleet_clients", String.join(" ", FLEET));
    p.put("fleet_rate_schedule", "1000:PT1S");
    Random random = new Random(host.hashCode());
    List<Histogram> histograms = new ArrayList<>();
    List<RunRow> rows = new ArrayList<>();
    int calls = (int) achieved;
    for (int order = 0; order < 3; order++) {
      Histogram h = new Histogram(1_000, 3_600_000_000_000L, 3);
      for (int i = 0; i < calls; i++) {
        h.recordValue(50_000 + (long) (random.nextDouble() * random.nextDouble() * 5_000_000));
      }
      histograms.add(h);
      long start = (T0 + order * 2000L) * 1000;
      Map<String, String> extra = new LinkedHashMap<>();
      extra.put("start_epoch_us", String.valueOf(start));
      extra.put("end_epoch_us", String.valueOf(start + 1_000_000));
      extra.put("errors_timeout", "0");
      extra.put("target_rate", "333.333");
      extra.put("achieved_rate", String.valueOf(calls));
      extra.put("dropped", String.valueOf(dropped));
      extra.put("max_lag_us", "900.0");
      extra.put("send_lag_p99_us", host.equals("c2") ? "120.0" : "80.0");
      extra.put("service_histogram", Histograms.encode(h));
      extra.put("client_cpu_s", "0.100");
      extra.put("gc_pauses", "1");
      extra.put("gc_pause_ms", "2");
      extra.put("limited_by", "none");
      rows.add(RunRow.measured(1, 64, 334, order, 1000.0, calls, 0, h).withExtra(extra));
    }
    RawResultFile.write(dir.resolve("raw").resolve(host).resolve(FILE), p, rows);
    return histograms;
  }

  private static double oneDecimal(double v) {
    return Double.parseDouble(String.format(java.util.Locale.ROOT, "%.1f", v));
  }
}
