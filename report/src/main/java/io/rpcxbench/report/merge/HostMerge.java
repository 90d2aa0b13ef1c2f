package io.rpcxbench.report.merge;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RunRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Merges one point that several client hosts ran together into one: per run (order), the calls and
 * errors add up, the latency histograms are added (never the percentiles averaged), and the runtime
 * runs from the earliest release to the latest last reply over the hosts ({@code start_epoch_us},
 * {@code end_epoch_us}). The merged point has the hosts' threads summed ({@code requests} summed
 * too when the threads share them, {@code requests_per: total}), so calls, TPS (Eq. 3) and
 * throughput count every host's calls. An open-loop point (each host a share of one schedule) adds
 * its rates, drops and service times and says whether each host and the fleet kept up ({@link
 * OpenLoopMerge}).
 *
 * <pre>{@code
 * MergedPoint m = HostMerge.merge(List.of(c1File, c2File, c3File), 10.0);
 * m.complete();   // all of fleet_clients, whole, same start_at
 * m.rows();       // one merged row per order every host has
 * }</pre>
 */
final class HostMerge {
  static final String START = "start_epoch_us";
  static final String END = "end_epoch_us";

  /** Error kinds the harness writes in every model: summed when every host has them. */
  private static final List<String> SUMMED =
      List.of("errors_timeout", "errors_transport", "errors_wrong_reply", "errors_over_threshold");

  /** ProvenanceValues keys written here, not copied from the hosts. */
  private static final Set<String> OWN =
      Set.of(
          "status",
          "threads",
          "requests",
          "runs_completed",
          "client_host",
          "client_hostname",
          "started",
          "finished",
          "target",
          "start_at",
          "released_at_ms",
          "start_late_ms",
          "clock_offset_ms");

  /** Below this share of a run's span with every host running, the drift is warned about. */
  static final double MIN_OVERLAP = 0.9;

  private HostMerge() {}

  /**
   * Merges the files of one point ({@link HostFile#key()} equal).
   *
   * @param maxSpreadMs above this, a spread of the first releases or a clock offset is warned about
   */
  static MergedPoint merge(List<HostFile> files, double maxSpreadMs) {
    HostFile first = files.get(0);
    List<String> expected = first.fleetClients();
    List<String> problems = new ArrayList<>();
    Map<String, HostFile> byHost = new LinkedHashMap<>();
    for (HostFile f : files) {
      HostFile other = byHost.putIfAbsent(f.host(), f);
      if (other != null) {
        problems.add("two files of " + f.host() + ": " + other.path() + " and " + f.path());
      } else if (!expected.contains(f.host())) {
        problems.add(f.path() + ": client_host '" + f.host() + "' is not among fleet_clients");
      }
      if (f.runs() != first.runs()) {
        problems.add(f.path() + ": runs " + f.runs() + ", " + first.path() + ": " + first.runs());
      }
    }
    List<String> present = expected.stream().filter(byHost::containsKey).toList();
    List<String> missing = expected.stream().filter(h -> !byHost.containsKey(h)).toList();
    List<String> cut = present.stream().filter(h -> !byHost.get(h).whole()).toList();
    List<HostFile> hosts = present.stream().map(byHost::get).toList();
    String notTogether = notTogether(hosts);
    List<RunRow> rows = problems.isEmpty() ? rows(hosts, expected.size(), problems) : List.of();
    List<String> warnings = warnings(hosts, rows, maxSpreadMs);
    boolean complete =
        missing.isEmpty() && cut.isEmpty() && notTogether == null && problems.isEmpty();
    Map<String, String> provenance =
        provenance(hosts, expected, missing, cut, notTogether, rows, complete);
    return new MergedPoint(
        first.key(),
        expected,
        present,
        missing,
        cut,
        notTogether,
        problems,
        warnings,
        provenance,
        rows);
  }

  /** Null when every host has the same {@code start_at}; else which host started when. */
  private static String notTogether(List<HostFile> hosts) {
    Map<String, List<String>> byStart = new TreeMap<>();
    for (HostFile f : hosts) {
      String at = f.provenance("start_at").trim();
      byStart.computeIfAbsent(at.isEmpty() ? "none" : at, k -> new ArrayList<>()).add(f.host());
    }
    if (byStart.size() <= 1 && !byStart.containsKey("none")) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    byStart.forEach((at, h) -> parts.add(String.join(" ", h) + " start_at " + at));
    return String.join(", ", parts);
  }

  /** One merged row per order that every host has; a host row that cannot be added: problem. */
  private static List<RunRow> rows(List<HostFile> hosts, int expected, List<String> problems) {
    List<RunRow> merged = new ArrayList<>();
    if (hosts.isEmpty()) {
      return merged;
    }
    HostFile first = hosts.get(0);
    int threads =
        hosts.stream().mapToInt(f -> f.rows().isEmpty() ? 0 : f.rows().get(0).threadNum()).sum();
    boolean total = first.key().requestsPer().equals("total");
    for (int order = 0; ; order++) {
      List<RunRow> runs = new ArrayList<>();
      for (HostFile f : hosts) {
        Optional<RunRow> row = row(f, order);
        if (row.isEmpty()) {
          return merged;
        }
        String bad = unmergeable(row.get());
        if (bad != null) {
          problems.add(f.path() + ": order " + order + " " + bad);
          return List.of();
        }
        runs.add(row.get());
      }
      int requests =
          total ? runs.stream().mapToInt(RunRow::requestNum).sum() : runs.get(0).requestNum();
      RunRow row = mergeRun(runs, threads, requests);
      if (OpenLoopMerge.open(runs)) {
        row = row.withExtra(OpenLoopMerge.run(runs, names(hosts), expected));
      }
      merged.add(row);
    }
  }

  private static List<String> names(List<HostFile> hosts) {
    return hosts.stream().map(HostFile::host).toList();
  }

  private static Optional<RunRow> row(HostFile f, int order) {
    return f.rows().stream().filter(r -> r.order() == order).findFirst();
  }

  private static String unmergeable(RunRow r) {
    if (r.extra(START).isEmpty() || r.extra(END).isEmpty()) {
      return "has no " + START + "/" + END + " (written by a harness without them)";
    }
    if (r.calls() > 0 && r.histogram().isEmpty()) {
      return "has no histogram (a v1 file): percentiles cannot be added";
    }
    return null;
  }

  private static RunRow mergeRun(List<RunRow> runs, int threads, int requests) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long lastStart = Long.MIN_VALUE;
    long firstEnd = Long.MAX_VALUE;
    long calls = 0;
    long errors = 0;
    double throughputSum = 0;
    List<Histogram> histograms = new ArrayList<>();
    for (RunRow r : runs) {
      long s = Long.parseLong(r.extra(START).orElseThrow());
      long e = Long.parseLong(r.extra(END).orElseThrow());
      start = Math.min(start, s);
      lastStart = Math.max(lastStart, s);
      end = Math.max(end, e);
      firstEnd = Math.min(firstEnd, e);
      calls += r.calls();
      errors += r.errors();
      throughputSum += r.throughput();
      r.latencyNanos().ifPresent(histograms::add);
    }
    long span = Math.max(1, end - start);
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put(START, String.valueOf(start));
    extra.put(END, String.valueOf(end));
    extra.put("hosts", String.valueOf(runs.size()));
    extra.put("start_spread_ms", millis((lastStart - start) / 1000.0));
    // Only the first run is released together: later ones drift apart by the hosts' differences
    // in run time. overlap is the share of the span during which every host was running.
    extra.put(
        "overlap",
        String.format(Locale.ROOT, "%.3f", Math.max(0, firstEnd - lastStart) / (double) span));
    extra.put("host_throughput_sum", String.format(Locale.ROOT, "%.3f", throughputSum));
    for (String column : SUMMED) {
      if (runs.stream().allMatch(r -> r.extra(column).isPresent())) {
        extra.put(
            column,
            String.valueOf(
                runs.stream().mapToLong(r -> Long.parseLong(r.extra(column).get())).sum()));
      }
    }
    return RunRow.measured(
            runs.get(0).type(),
            threads,
            requests,
            runs.get(0).order(),
            span / 1000.0,
            calls,
            errors,
            Histograms.merge(histograms))
        .withExtra(extra);
  }

  private static List<String> warnings(List<HostFile> hosts, List<RunRow> rows, double maxMs) {
    List<String> w = new ArrayList<>();
    for (HostFile f : hosts) {
      number(f.provenance("clock_offset_ms"))
          .filter(o -> Math.abs(o) > maxMs)
          .ifPresent(
              o ->
                  w.add(
                      "clock of "
                          + f.host()
                          + " is "
                          + millis(o)
                          + " ms off (> "
                          + millis(maxMs)
                          + " ms): its release may be off by as much"));
      number(f.provenance("start_late_ms"))
          .filter(l -> l > maxMs)
          .ifPresent(
              l ->
                  w.add(
                      f.host()
                          + " released its first run "
                          + millis(l)
                          + " ms after start_at: it was not ready in time"));
    }
    if (!rows.isEmpty()) {
      double spread = Double.parseDouble(rows.get(0).extra("start_spread_ms").orElse("0"));
      if (spread > maxMs) {
        w.add(
            "the first releases lie " + millis(spread) + " ms apart (> " + millis(maxMs) + " ms)");
      }
      double least =
          rows.stream()
              .mapToDouble(r -> Double.parseDouble(r.extra("overlap").orElse("1")))
              .min()
              .orElse(1);
      if (least < MIN_OVERLAP) {
        w.add(
            String.format(
                Locale.ROOT,
                "in a run, every host was running for only %.0f %% of its span (some hosts ended"
                    + " far sooner, or were released apart: see run_slot_s, overlap and"
                    + " host_throughput_sum)",
                100 * least));
      }
    }
    return w;
  }

  private static Map<String, String> provenance(
      List<HostFile> hosts,
      List<String> expected,
      List<String> missing,
      List<String> cut,
      String notTogether,
      List<RunRow> rows,
      boolean complete) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("status", complete ? "complete" : "incomplete");
    if (hosts.isEmpty()) {
      return m;
    }
    HostFile first = hosts.get(0);
    int threads = Integer.parseInt(first.provenance("threads").trim());
    int requests = Integer.parseInt(first.provenance("requests").trim());
    boolean total = first.key().requestsPer().equals("total");
    m.put("threads", String.valueOf(threads * hosts.size()));
    m.put("requests", String.valueOf(total ? requests * hosts.size() : requests));
    if (rows.size() < first.runs()) {
      m.put("runs_completed", String.valueOf(rows.size()));
    }
    m.put("client_host", String.join("+", hosts.stream().map(HostFile::host).toList()));
    m.put("merged_by", "report merge-hosts");
    m.put("merged_hosts", String.join(" ", hosts.stream().map(HostFile::host).toList()));
    m.put("fleet_clients", String.join(" ", expected));
    put(m, "missing_hosts", String.join(" ", missing));
    put(m, "incomplete_hosts", String.join(" ", cut));
    put(m, "not_together", notTogether == null ? "" : notTogether);
    m.put("threads_per_host", String.valueOf(threads));
    m.put("requests_per_host", String.valueOf(requests));
    Set<String> starts = new LinkedHashSet<>();
    hosts.forEach(f -> starts.add(f.provenance("start_at").trim()));
    put(m, "start_at", starts.size() == 1 ? starts.iterator().next() : "");
    m.put("released_at_ms", perHost(hosts, "released_at_ms"));
    if (!rows.isEmpty()) {
      m.put("start_spread_ms", rows.get(0).extra("start_spread_ms").orElse(""));
    }
    m.put("clock_offset_ms", perHost(hosts, "clock_offset_ms"));
    m.put("started", hosts.stream().map(f -> f.provenance("started")).min(String::compareTo).get());
    m.put(
        "finished", hosts.stream().map(f -> f.provenance("finished")).max(String::compareTo).get());
    m.put("target", String.join(" ", distinct(hosts, "target")));
    m.put("merged_from", String.join(" ", hosts.stream().map(f -> f.path().toString()).toList()));
    if (!rows.isEmpty() && OpenLoopMerge.open(rows)) {
      m.putAll(OpenLoopMerge.provenance(hosts, rows, expected.size()));
    }
    Set<String> keys = new LinkedHashSet<>();
    hosts.forEach(f -> keys.addAll(f.contents().provenance().keySet()));
    for (String key : keys) {
      if (OWN.contains(key) || m.containsKey(key)) {
        continue;
      }
      List<String> values = distinct(hosts, key);
      m.put(key, values.size() == 1 ? values.get(0) : perHost(hosts, key));
    }
    return m;
  }

  private static List<String> distinct(List<HostFile> hosts, String key) {
    return hosts.stream().map(f -> f.provenance(key).trim()).distinct().toList();
  }

  /** {@code host=value host=value}; values with spaces as {@code host: value;}. */
  private static String perHost(List<HostFile> hosts, String key) {
    boolean plain = hosts.stream().noneMatch(f -> f.provenance(key).trim().contains(" "));
    List<String> parts = new ArrayList<>();
    for (HostFile f : hosts) {
      String v = f.provenance(key).trim();
      parts.add(plain ? f.host() + "=" + (v.isEmpty() ? "-" : v) : f.host() + ": " + v + ";");
    }
    return String.join(" ", parts);
  }

  private static void put(Map<String, String> m, String key, String value) {
    if (!value.isEmpty()) {
      m.put(key, value);
    }
  }

  private static Optional<Double> number(String text) {
    try {
      return text.isBlank() ? Optional.empty() : Optional.of(Double.parseDouble(text.trim()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static String millis(double ms) {
    return String.format(Locale.ROOT, "%.3f", ms);
  }
}
