package io.rpcxbench.report.choose;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.compare.CompareCell;
import io.rpcxbench.report.compare.CompareRound;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Threshold;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One candidate of {@code rpcx-bench choose}, every figure from {@link Estimate}: its SLO capacity
 * (the mean of its rounds' capacities, Student t interval), what limited it, and at the shared load
 * p50 / p99 / p99.9 of the merged histogram of the kept runs (orders 1 and up) of every round with
 * a bootstrap interval over those runs, CPU per call ({@link CompareCell#perCall}, the report's one
 * rule), the server's peak RSS, its bytes per call, errors, drops and contended runs.
 *
 * <pre>{@code
 * ChooseCandidate c = ChooseCandidate.of("rpcx", capacityRounds, sharedRounds);
 * c.capacity().text(0, 1);   // "31000 (29500-32500)"
 * c.p99().text(1, 1e-3);     // "820.0 (790.0-860.0)" µs
 * }</pre>
 */
record ChooseCandidate(
    String name,
    List<CapacityRound> rounds,
    Estimate capacity,
    String limitedBy,
    List<Histogram> units,
    Estimate p50,
    Estimate p99,
    Estimate p999,
    Double clientUsPerCall,
    Double serverUsPerCall,
    Double serverRssMiB,
    Double bytesInPerCall,
    Double bytesOutPerCall,
    long calls,
    long errors,
    long dropped,
    int keptRuns,
    int contendedRuns) {

  static final double[] PERCENTILES = {50, 99, 99.9};

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
    Double rss = null;
    if (!ok.isEmpty() && ok.stream().allMatch(r -> r.sum("server_rss_kb") != null)) {
      rss = kept.stream().mapToDouble(r -> CompareRound.number(r, "server_rss_kb")).max().orElse(0);
      rss /= 1024;
    }
    return new ChooseCandidate(
        name,
        rounds,
        capacity,
        word(rounds),
        units,
        p.get(0),
        p.get(1),
        p.get(2),
        CompareCell.perCall(ok, "client_cpu_s", calls),
        CompareCell.perCall(ok, "server_cpu_s", calls),
        rss,
        perCall(ok, "server_bytes_in", calls),
        perCall(ok, "server_bytes_out", calls),
        calls,
        kept.stream().mapToLong(RunRow::errors).sum(),
        (long) kept.stream().mapToDouble(r -> CompareRound.number(r, "dropped")).sum(),
        kept.size(),
        (int)
            kept.stream().filter(r -> r.extra("contended").orElse("0").trim().equals("1")).count());
  }

  /** {@code server} when every round agrees, else {@code server 2/3, client 1/3}; "-": none. */
  private static String word(List<CapacityRound> rounds) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    rounds.forEach(
        r -> counts.merge(r.limitedBy().isEmpty() ? "-" : r.limitedBy(), 1, Integer::sum));
    if (counts.isEmpty()) {
      return "-";
    }
    if (counts.size() == 1) {
      return counts.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    counts.entrySet().stream()
        .sorted((a, b) -> b.getValue() - a.getValue())
        .forEach(e -> parts.add(e.getKey() + " " + e.getValue() + "/" + rounds.size()));
    return String.join(", ", parts);
  }

  private static Double perCall(List<CompareRound> ok, String column, long calls) {
    if (ok.isEmpty() || calls == 0 || ok.stream().anyMatch(r -> r.sum(column) == null)) {
      return null;
    }
    return ok.stream().mapToDouble(r -> r.sum(column)).sum() / calls;
  }

  /** The capacities of the rounds, for the tests. */
  List<Double> capacities() {
    return rounds.stream().map(CapacityRound::capacity).toList();
  }

  /** Rounds in which even the lowest rate tried failed the SLO. */
  long zeroRounds() {
    return rounds.stream().filter(r -> r.capacity() == 0).count();
  }

  /** Dropped calls over the calls offered (started + dropped) at the shared load; null: none. */
  Double dropShare() {
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
