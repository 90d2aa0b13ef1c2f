package io.rpcxbench.verdict.compare;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.raw.ServerReads;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * One variant at one point of a comparison, over its rounds, every figure from {@link Estimate}:
 * calls/s the mean of the rounds' calls/s (t interval over rounds), p50 and p99 of the merged
 * histogram of the kept runs of every round (bootstrap over rounds; over runs with one round), CPU
 * per call the kept runs' CPU seconds over their calls; calls per server read and per TCP segment
 * to the server (how the client's writes reached it) the kept runs' calls over their counts.
 *
 * <pre>{@code
 * CompareCell c = CompareCell.of(roundsOfRpcxAt64);
 * c.callsPerSecond().text(0, 1);   // "100000 (98000-102000)"
 * }</pre>
 */
public record CompareCell(
    String variant,
    String label,
    List<CompareRound> rounds,
    Estimate callsPerSecond,
    Estimate p50,
    Estimate p99,
    Double clientUsPerCall,
    Double serverUsPerCall,
    Double serverCores,
    Double callsPerServerRead,
    Double callsPerSegment) {

  public static CompareCell of(String variant, List<CompareRound> rounds) {
    List<CompareRound> ok = rounds.stream().filter(r -> !r.failed()).toList();
    String label =
        ok.stream()
            .map(r -> r.provenance("label"))
            .filter(l -> !l.isEmpty())
            .findFirst()
            .orElse(variant);
    String roundsText = Estimate.rounds(ok.stream().map(CompareRound::round).toList());
    Estimate tput =
        Estimate.mean("calls/s", Estimate.values(ok, CompareRound::callsPerSecond), roundsText);
    List<Histogram> units = new ArrayList<>();
    String unitsText;
    String over;
    if (ok.size() >= 2) {
      for (CompareRound r : ok) {
        List<Histogram> h = r.histograms();
        if (!h.isEmpty()) {
          units.add(io.rpcxbench.raw.Histograms.merge(h));
        }
      }
      unitsText = keptRuns(ok) + " of " + roundsText;
      over = "rounds";
    } else {
      ok.forEach(r -> units.addAll(r.histograms()));
      unitsText = keptRuns(ok) + (ok.isEmpty() ? "" : " of " + roundsText);
      over = "runs";
    }
    long calls = ok.stream().mapToLong(CompareRound::calls).sum();
    Double serverCores =
        ok.isEmpty() || ok.stream().anyMatch(r -> r.sum("server_cores") == null)
            ? null
            : ok.stream()
                .mapToDouble(r -> r.sum("server_cores") / r.kept().size())
                .average()
                .orElse(0);
    return new CompareCell(
        variant,
        label,
        rounds,
        tput,
        Estimate.percentile(50, units, unitsText, over),
        Estimate.percentile(99, units, unitsText, over),
        perCall(ok, "client_cpu_s", calls),
        perCall(ok, "server_cpu_s", calls),
        serverCores,
        callsPerServerRead(ok, calls),
        callsPer(ok, "segments_to_server", calls));
  }

  /**
   * Calls per {@code read} system call of the server, except where {@link ServerReads} finds that
   * those reads did not carry the calls (a server reading with {@code recv}): null then, and when
   * not measured.
   */
  static Double callsPerServerRead(List<CompareRound> ok, long calls) {
    List<RunRow> kept = ok.stream().flatMap(r -> r.kept().stream()).toList();
    if (ServerReads.of(kept) == ServerReads.NOT_COUNTED) {
      return null;
    }
    return callsPer(ok, "server_reads", calls);
  }

  /** Calls per unit of a counted column over the kept runs; null when not measured (or zero). */
  private static Double callsPer(List<CompareRound> ok, String column, long calls) {
    Double n = sum(ok, column);
    return n == null || n == 0 ? null : calls / n;
  }

  private static Double sum(List<CompareRound> ok, String column) {
    if (ok.isEmpty() || ok.stream().anyMatch(r -> r.sum(column) == null)) {
      return null;
    }
    return ok.stream().mapToDouble(r -> r.sum(column)).sum();
  }

  private static String keptRuns(List<CompareRound> ok) {
    return Estimate.runs(
        ok.stream().flatMap(r -> r.kept().stream()).map(r -> r.order()).distinct().toList());
  }

  /**
   * CPU µs per call over the kept runs of every round ({@code column}: {@code client_cpu_s} or
   * {@code server_cpu_s}, the run's CPU seconds); null when a round did not measure it. The one
   * rule for CPU per call ({@code report compare}, {@code report choose}).
   */
  public static Double perCall(List<CompareRound> ok, String column, long calls) {
    if (ok.isEmpty() || calls == 0 || ok.stream().anyMatch(r -> r.sum(column) == null)) {
      return null;
    }
    return ok.stream().mapToDouble(r -> r.sum(column)).sum() * 1e6 / calls;
  }

  /** Calls/s of the lowest and the highest round. */
  String range() {
    List<Double> v =
        rounds.stream()
            .filter(r -> !r.failed())
            .map(CompareRound::callsPerSecond)
            .sorted()
            .toList();
    return v.isEmpty() ? "n/a" : Num.fixed(v.get(0), 0) + "-" + Num.fixed(v.get(v.size() - 1), 0);
  }

  /** A text over the rounds: {@code client} when all agree, else {@code client 2/3, none 1/3}. */
  String word(Function<CompareRound, String> of) {
    if (rounds.isEmpty()) {
      return "n/a";
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    rounds.forEach(r -> counts.merge(r.failed() ? "-" : of.apply(r), 1, Integer::sum));
    if (counts.size() == 1) {
      return counts.keySet().iterator().next();
    }
    List<String> parts = new ArrayList<>();
    counts.forEach((w, n) -> parts.add(w + " " + n + "/" + rounds.size()));
    return String.join(", ", parts);
  }

  String limitedBy() {
    return word(CompareRound::limitedBy);
  }

  /** {@code 3/3} rounds whose steady warm-up converged; "-" without one. */
  String converged() {
    List<String> c = rounds.stream().map(CompareRound::converged).toList();
    if (c.isEmpty() || c.stream().allMatch("-"::equals)) {
      return "-";
    }
    return c.stream().filter("true"::equals).count() + "/" + c.size();
  }

  /** The most steal of a round (%), n/a when none was measured. */
  String stealMax() {
    return rounds.stream()
        .map(CompareRound::steal)
        .filter(Objects::nonNull)
        .max(Double::compare)
        .map(s -> Num.fixed(s, 1))
        .orElse("n/a");
  }

  String errors() {
    long e = rounds.stream().mapToLong(CompareRound::errors).sum();
    boolean failed = rounds.stream().anyMatch(r -> r.file() == null);
    return failed ? e + " (+ failed runs)" : String.valueOf(e);
  }
}
