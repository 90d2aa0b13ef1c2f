package io.rpcxbench.verdict.choose;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.raw.ServerReads;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.compare.CompareRound;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * One candidate of {@code rpcx-bench choose}, every figure from {@link Estimate}: its SLO capacity
 * (the mean of its rounds' capacities, Student t interval), what limited it, and at the shared load
 * p50 / p99 / p99.9 of the merged histogram of the kept runs (orders 1 and up) of every round with
 * a bootstrap interval over those runs; CPU per call each side, the server's peak RSS and its bytes
 * per call each way, each the mean of the rounds' figures with its Student t interval over rounds
 * (a round's CPU per call: its kept runs' CPU seconds over their calls); errors, drops and
 * contended runs.
 *
 * <pre>{@code
 * ChooseCandidate c = ChooseCandidate.of("rpcx", capacityRounds, sharedRounds);
 * c.capacity().text(0, 1);   // "31000 (29500-32500)"
 * c.p99().text(1, 1e-3);     // "820.0 (790.0-860.0)" µs
 * }</pre>
 */
public record ChooseCandidate(
    String name,
    List<CapacityRound> rounds,
    Estimate capacity,
    String limitedBy,
    List<Histogram> units,
    Estimate p50,
    Estimate p99,
    Estimate p999,
    Estimate clientUsPerCall,
    Estimate serverUsPerCall,
    Estimate serverRssMiB,
    Estimate bytesInPerCall,
    Estimate bytesOutPerCall,
    Estimate connections,
    long calls,
    long errors,
    long dropped,
    int keptRuns,
    int contendedRuns,
    List<CompareRound> sharedRounds) {

  static final double[] PERCENTILES = {50, 99, 99.9};

  /** Why a server's bytes in are not shown: its reads do not count its sockets'. */
  static final String READS_NOT_COUNTED =
      "not counted (the server reads its sockets with recv, which /proc/PID/io leaves out)";

  static ChooseCandidate of(String name, List<CapacityRound> rounds, List<CompareRound> shared) {
    Estimate capacity =
        Estimate.mean(
            "SLO capacity calls/s",
            rounds.stream().map(CapacityRound::capacity).toList(),
            Estimate.rounds(rounds.stream().map(CapacityRound::round).toList()));
    List<CompareRound> ok = shared.stream().filter(r -> !r.failed()).toList();
    List<RunRow> kept = ok.stream().flatMap(r -> r.kept().stream()).toList();
    List<Histogram> units = new ArrayList<>();
    ok.forEach(r -> units.addAll(r.histograms()));
    String unitsText =
        Estimate.runs(kept.stream().map(RunRow::order).distinct().toList())
            + " of "
            + Estimate.rounds(ok.stream().map(CompareRound::round).toList())
            + " at the shared load";
    List<Estimate> p = Estimate.percentiles(PERCENTILES, units, unitsText, "runs");
    long calls = kept.stream().mapToLong(RunRow::calls).sum();
    String over = Estimate.rounds(ok.stream().map(CompareRound::round).toList());
    return new ChooseCandidate(
        name,
        rounds,
        capacity,
        word(rounds),
        units,
        p.get(0),
        p.get(1),
        p.get(2),
        perRound("client CPU µs/call", ok, over, r -> perCall(r, "client_cpu_s", 1e6)),
        perRound("server CPU µs/call", ok, over, r -> perCall(r, "server_cpu_s", 1e6)),
        perRound("server peak RSS MiB", ok, over, ChooseCandidate::rssMiB),
        ServerReads.of(kept) == ServerReads.NOT_COUNTED
            ? Estimate.plain(null, "server bytes in/call: " + READS_NOT_COUNTED)
            : perRound("server bytes in/call", ok, over, r -> perCall(r, "server_bytes_in", 1)),
        perRound("server bytes out/call", ok, over, r -> perCall(r, "server_bytes_out", 1)),
        perRound("connections", ok, over, ChooseCandidate::connections),
        calls,
        kept.stream().mapToLong(RunRow::errors).sum(),
        (long) kept.stream().mapToDouble(r -> CompareRound.number(r, "dropped")).sum(),
        kept.size(),
        (int)
            kept.stream().filter(r -> r.extra("contended").orElse("0").trim().equals("1")).count(),
        ok);
  }

  /** Whether the server's reads over the shared load left out what its clients sent (recv). */
  public boolean serverReadsNotCounted() {
    List<RunRow> kept =
        sharedRounds.stream().filter(r -> !r.failed()).flatMap(r -> r.kept().stream()).toList();
    return ServerReads.of(kept) == ServerReads.NOT_COUNTED;
  }

  /**
   * {@code server} when every round agrees; else each kind with its rounds and its reasons in
   * short, {@code client 3/4 (sends lagged 1.7-3.0 ms at p99, in-flight cap 1024), server 1/4}: a
   * cell that fits its column, the rounds' own words in the rounds table; "-": none.
   */
  static String word(List<CapacityRound> rounds) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, Long> kinds = new LinkedHashMap<>();
    Map<String, List<String>> reasons = new LinkedHashMap<>();
    rounds.forEach(
        r -> {
          String whole = r.limitedBy().isEmpty() ? "-" : r.limitedBy();
          counts.merge(whole, 1, Integer::sum);
          int open = whole.indexOf(" (");
          String kind = open < 0 ? whole : whole.substring(0, open);
          kinds.merge(kind, 1L, Long::sum);
          List<String> of = reasons.computeIfAbsent(kind, k -> new ArrayList<>());
          if (open >= 0 && whole.endsWith(")")) {
            of.add(whole.substring(open + 2, whole.length() - 1).split(";")[0].strip());
          }
        });
    if (counts.isEmpty()) {
      return "-";
    }
    if (counts.size() == 1) {
      return counts.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    kinds.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .forEach(
            e -> {
              String why = shortReasons(reasons.get(e.getKey()));
              parts.add(
                  e.getKey()
                      + " "
                      + e.getValue()
                      + "/"
                      + rounds.size()
                      + (why.isEmpty() ? "" : " (" + why + ")"));
            });
    return String.join(", ", parts);
  }

  private static final java.util.regex.Pattern LAG =
      java.util.regex.Pattern.compile("sends lagged ([0-9.]+) ms at p99");

  /** The distinct first clauses, the send lags as one range: "sends lagged 1.7-3.0 ms at p99". */
  static String shortReasons(List<String> clauses) {
    java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (String c : clauses) {
      java.util.regex.Matcher m = LAG.matcher(c);
      if (m.matches()) {
        double lag = Double.parseDouble(m.group(1));
        low = Math.min(low, lag);
        high = Math.max(high, lag);
        out.add("\u0000lag"); // its place in the list
      } else {
        out.add(c);
      }
    }
    String lag =
        low > high
            ? ""
            : "sends lagged "
                + (low == high
                    ? io.rpcxbench.stats.Num.fixed(low, 1)
                    : io.rpcxbench.stats.Num.fixed(low, 1)
                        + "-"
                        + io.rpcxbench.stats.Num.fixed(high, 1))
                + " ms at p99";
    List<String> shown = new ArrayList<>();
    out.forEach(c -> shown.add(c.equals("\u0000lag") ? lag : c));
    return String.join(", ", shown);
  }

  /**
   * The mean over rounds of one figure per round, with its t interval; n/a when a round lacks it
   * (its file has no such column, or no call).
   */
  private static Estimate perRound(
      String statistic, List<CompareRound> ok, String over, Function<CompareRound, Double> f) {
    List<Double> values = ok.stream().map(f).toList();
    if (values.isEmpty() || values.stream().anyMatch(Objects::isNull)) {
      return Estimate.plain(null, statistic + ": not measured in every round");
    }
    return Estimate.mean(statistic, values, over);
  }

  /** A round's column summed over its kept runs, times {@code scale}, over their calls. */
  private static Double perCall(CompareRound r, String column, double scale) {
    Double sum = r.sum(column);
    long calls = r.kept().stream().mapToLong(RunRow::calls).sum();
    return sum == null || calls == 0 ? null : sum * scale / calls;
  }

  /** The most connections the client held after a kept run of the round. */
  private static Double connections(CompareRound r) {
    return largest(r, "connections", 1);
  }

  /** A round's largest peak RSS of a kept run, MiB. */
  private static Double rssMiB(CompareRound r) {
    return largest(r, "server_rss_kb", 1.0 / 1024);
  }

  /** A column's largest value over the round's kept runs, times {@code scale}; null: no column. */
  private static Double largest(CompareRound r, String column, double scale) {
    if (r.sum(column) == null) {
      return null;
    }
    return r.kept().stream().mapToDouble(k -> CompareRound.number(k, column)).max().orElse(0)
        * scale;
  }

  /** The capacities of the rounds, for the tests. */
  public List<Double> capacities() {
    return rounds.stream().map(CapacityRound::capacity).toList();
  }

  /**
   * The capacities of the rounds as the test takes them: a round that met the SLO at no rate tried
   * (capacity 0) is below every rate, held as {@value io.rpcxbench.stats.RoundsDecision#NEVER_MET}
   * calls/s (a rank test only needs it lowest).
   */
  List<Double> testedCapacities() {
    return io.rpcxbench.stats.RoundsDecision.tested(
        rounds.stream().map(CapacityRound::capacity).toList());
  }

  /** Whether no round met the SLO at any rate tried. */
  public boolean neverMet() {
    return !rounds.isEmpty() && rounds.stream().allMatch(r -> r.capacity() == 0);
  }

  /**
   * Per shared-load round (a fresh JVM: a trial), the {@code q}-th percentile of the merged
   * histogram of its kept runs, in ns; rounds without histograms left out.
   */
  List<Double> roundPercentiles(double q) {
    List<Double> out = new ArrayList<>();
    for (CompareRound r : sharedRounds) {
      if (!r.histograms().isEmpty()) {
        double v = io.rpcxbench.raw.Histograms.merge(r.histograms()).getValueAtPercentile(q);
        if (v > 0) {
          out.add(v);
        }
      }
    }
    return out;
  }

  /** Rounds in which even the lowest rate tried failed the SLO. */
  long zeroRounds() {
    return rounds.stream().filter(r -> r.capacity() == 0).count();
  }

  /** Dropped calls over the calls offered (started + dropped) at the shared load; null: none. */
  public Double dropShare() {
    long offered = calls + dropped;
    return offered == 0 ? null : (double) dropped / offered;
  }

  /** The metric of a threshold ({@link Threshold#CHOOSE}), in its base unit (ns for latencies). */
  Double metric(String metric) {
    return switch (metric) {
      case "capacity" -> capacity.value();
      case "p50" -> p50.value();
      case "p99" -> p99.value();
      case "p99.9" -> p999.value();
      case "errors" -> (double) errors;
      case "drops" -> dropShare();
      default -> null;
    };
  }
}
