package io.rpcxbench.report.choose;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.choose.ChooseRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Writes a folder as {@code rpcx-bench choose} does (choose.properties, capacity.tsv, one raw file
 * per candidate per round at the shared load, through the raw-format writer), from a few figures
 * per candidate.
 */
public final class ChooseFolder {
  /**
   * Each round's lowest rate failed over its capacity: a search resolved to 0.1 %, so that the
   * scorecards' figures are the rounds' own (a coarse search widens a pair's interval by its steps,
   * {@code CapacityPair}, tested on its own).
   */
  static final double SEARCH_STEP = 1.001;

  /** A candidate: its capacity per round, its latency (µs) at the shared load, contended runs. */
  record Candidate(String name, double[] capacities, double latencyUs, int contendedRuns) {}

  static final int RUNS = 4;
  static final int CALLS = 3000;

  private final Map<String, String> properties = new LinkedHashMap<>();
  private final List<Candidate> candidates = new ArrayList<>();
  private final Map<String, String> fileProvenance = new LinkedHashMap<>();
  private final StringBuilder probes = new StringBuilder();
  private boolean sharedLoad = true;

  public ChooseFolder(String workload) {
    properties.put("workload", workload);
    properties.put("slo", "p99<=5ms");
    properties.put("slo.percentile", "99");
    properties.put("slo.limit_us", "5000");
    properties.put("max_errors", "0");
    properties.put("max_drop", "0.01");
    properties.put("resolution", "0.05");
    properties.put("shared_rate", "1500.0");
    properties.put("target", "local");
    properties.put("network", "loopback");
    properties.put("started", "2026-11-23T16:00:00Z");
    properties.put("ended", "2026-11-23T16:40:00Z");
    properties.put("stopped", "rounds");
  }

  public ChooseFolder candidate(String name, double latencyUs, double... capacities) {
    candidates.add(new Candidate(name, capacities, latencyUs, 0));
    return this;
  }

  public ChooseFolder contended(
      String name, double latencyUs, int contendedRuns, double... capacities) {
    candidates.add(new Candidate(name, capacities, latencyUs, contendedRuns));
    return this;
  }

  public ChooseFolder set(String key, String value) {
    properties.put(key, value);
    return this;
  }

  /** A provenance key of every raw file ({@code tls}, {@code link_rtt_measured_ms}). */
  public ChooseFolder provenance(String key, String value) {
    fileProvenance.put(key, value);
    return this;
  }

  /** No shared load (the harness measures none when no candidate met the SLO). */
  public ChooseFolder noSharedLoad() {
    sharedLoad = false;
    return this;
  }

  /**
   * Probes of {@code name} in {@code rounds} rounds at {@code rates}, as probes.tsv holds them: its
   * percentile {@code baseUs} at no load, rising steeply towards {@code edge} calls/s; met where it
   * is within the SLO's 5 ms, limited by the server from the edge on.
   */
  public ChooseFolder probes(String name, int rounds, double baseUs, double edge, int... rates) {
    for (int round = 1; round <= rounds; round++) {
      for (int rate : rates) {
        double us = baseUs * (1 + Math.pow(rate / edge, 4)) * (1 + 0.03 * round);
        probes
            .append(name)
            .append('\t')
            .append(round)
            .append('\t')
            .append(rate)
            .append('\t')
            .append(us <= 5000 ? "met" : "missed")
            .append('\t')
            .append(Num.fixed(us, 1))
            .append("\t0\t0.000000\t0\t")
            .append(rate >= edge ? "server" : "none")
            .append("\t2026-11-23T16:00:00Z\t2026-11-23T16:00:07Z\t\n");
      }
    }
    return this;
  }

  public Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    if (probes.length() > 0) {
      Files.writeString(
          dir.resolve("probes.tsv"),
          "candidate\tround\trate\toutcome\tpercentile_us\terrors\tdrop_share\tcontended"
              + "\tlimited_by\tstarted\tfinished\tfile\n"
              + probes,
          StandardCharsets.UTF_8);
    }
    int rounds = candidates.stream().mapToInt(c -> c.capacities().length).max().orElse(0);
    properties.put("rounds", String.valueOf(rounds));
    properties.putIfAbsent(
        "candidates",
        String.join(",", candidates.stream().map(c -> ChooseRecord.protocol(c.name())).toList()));
    StringBuilder props = new StringBuilder("# rpcx-bench choose\n");
    properties.forEach((k, v) -> props.append(k).append('=').append(v).append('\n'));
    Files.writeString(dir.resolve("choose.properties"), props.toString(), StandardCharsets.UTF_8);
    StringBuilder tsv =
        new StringBuilder("round\tprotocol\tcapacity\tfailed_at\tprobes\tlimited_by\tnote\n");
    for (int k = 1; k <= rounds; k++) {
      for (Candidate c : candidates) {
        if (k > c.capacities().length) {
          continue;
        }
        double cap = c.capacities()[k - 1];
        tsv.append(k)
            .append('\t')
            .append(c.name())
            .append('\t')
            .append(Num.fixed(cap, 1))
            .append('\t')
            .append(cap == 0 ? "500.0" : Num.fixed(cap * SEARCH_STEP, 1))
            .append("\t7\t")
            .append(cap == 0 ? "" : "server")
            .append('\t')
            .append('\n');
        if (sharedLoad) {
          shared(dir.resolve("shared/round" + k + "/" + c.name()), c, k, fileProvenance);
        }
      }
    }
    Files.writeString(dir.resolve("capacity.tsv"), tsv.toString(), StandardCharsets.UTF_8);
    return dir;
  }

  /** Orders 0..RUNS-1 at 1500 calls/s for 2 s; the last {@code contendedRuns} runs contended. */
  private static void shared(Path dir, Candidate c, int round, Map<String, String> more)
      throws IOException {
    String protocol = ChooseRecord.protocol(c.name());
    PointIdentity id =
        PointIdentity.open(protocol, 256, CALLS, "1500:PT2S", "poisson").withCall("items", 0, 10);
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.putAll(id.provenance());
    p.put("type", "1");
    p.put("runs", String.valueOf(RUNS));
    p.putAll(more);
    SplittableRandom random = new SplittableRandom(c.name().hashCode() * 31L + round);
    List<RunRow> rows = new ArrayList<>();
    for (int order = 0; order < RUNS; order++) {
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      for (int i = 0; i < CALLS; i++) {
        double us = c.latencyUs() * (1 + 0.1 * random.nextGaussian());
        if (i % 100 == 0) {
          us *= 3; // the tail
        }
        h.recordValue((long) (Math.max(1, us) * 1000));
      }
      Map<String, String> extra = new LinkedHashMap<>();
      extra.put("target_rate", "1500.0");
      extra.put("achieved_rate", "1500.0");
      extra.put("dropped", order == 1 ? "3" : "0");
      extra.put("client_cpu_s", "0.300");
      extra.put("client_cores", "0.150");
      extra.put("server_cpu_s", "0.150");
      extra.put("server_cores", "0.075");
      extra.put("server_rss_kb", String.valueOf(102400 + order * 1024));
      extra.put("server_bytes_in", String.valueOf(CALLS * 60L));
      extra.put("server_bytes_out", String.valueOf(CALLS * 400L));
      extra.put("limited_by", "none");
      extra.put("contended", order >= RUNS - c.contendedRuns() ? "1" : "0");
      rows.add(RunRow.measured(1, 256, CALLS, order, 2000, CALLS, 0, h).withExtra(extra));
    }
    RawResultFile.write(dir.resolve(id.fileName()), p, rows);
  }
}
