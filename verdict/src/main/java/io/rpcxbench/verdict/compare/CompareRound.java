package io.rpcxbench.verdict.compare;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One round of one variant at one point of {@code bench/compare.sh}: the raw file its harness JVM
 * wrote (none when the JVM failed), the runs kept (orders from {@code warmupRuns} on; all when none
 * is left) and the share of CPU time the hypervisor stole meanwhile.
 *
 * <pre>{@code
 * CompareRound r = CompareRound.read(dir.resolve("raw/closed-64/round1/rpcx"), "closed-64", "rpcx", 1, 1, 0.4);
 * r.callsPerSecond();   // the kept runs' calls over their time
 * }</pre>
 */
public record CompareRound(
    String point,
    String variant,
    int round,
    Double steal,
    RawContents file,
    List<RunRow> kept,
    long errors) {

  /** Reads the round's raw file under {@code dir} (the harness's --out); none: a failed round. */
  public static CompareRound read(
      Path dir, String point, String variant, int round, int warmupRuns, Double steal)
      throws IOException {
    Optional<Path> csv = io.rpcxbench.raw.RawFolder.first(dir);
    if (csv.isEmpty()) {
      return new CompareRound(point, variant, round, steal, null, List.of(), 0);
    }
    RawContents c = RawResultFile.read(csv.get());
    List<RunRow> rows = c.rows();
    List<RunRow> kept = rows.stream().filter(r -> r.order() >= warmupRuns).toList();
    long errors = rows.stream().mapToLong(RunRow::errors).sum();
    return new CompareRound(point, variant, round, steal, c, kept.isEmpty() ? rows : kept, errors);
  }

  public boolean failed() {
    return file == null || kept.isEmpty();
  }

  /** The kept runs' calls over their time (calls/s). */
  double callsPerSecond() {
    double seconds = kept.stream().mapToDouble(RunRow::timeTotal).sum() / 1000;
    return seconds > 0 ? kept.stream().mapToLong(RunRow::calls).sum() / seconds : 0;
  }

  long calls() {
    return kept.stream().mapToLong(RunRow::calls).sum();
  }

  /** The kept runs' latency histograms (ns); empty when a run that made calls has none. */
  public List<Histogram> histograms() {
    List<Histogram> all =
        kept.stream().map(RunRow::latencyNanos).flatMap(Optional::stream).toList();
    boolean whole = kept.stream().allMatch(r -> r.calls() == 0 || r.latencyNanos().isPresent());
    return whole ? all : List.of();
  }

  /** The sum of an extra column over the kept runs; null when the file has no such column. */
  public Double sum(String column) {
    if (file == null
        || !file.hasColumn(column)
        || kept.stream().anyMatch(r -> r.extra(column).orElse("").isBlank())) {
      return null; // not measured, or not in every kept run (a connection closed in it)
    }
    return kept.stream().mapToDouble(r -> number(r, column)).sum();
  }

  public static double number(RunRow r, String column) {
    try {
      return Double.parseDouble(r.extra(column).orElse("0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  String provenance(String key) {
    return file == null ? "" : file.provenance().getOrDefault(key, "").trim();
  }

  /**
   * The kept runs' most frequent {@code limited_by} (a tie: client, server, link, contended, none);
   * "-" when none says.
   */
  String limitedBy() {
    String best = "-";
    long most = 0;
    for (String word : List.of("client", "server", "link", "contended", "none")) {
      long n = kept.stream().filter(r -> r.extra("limited_by").orElse("").equals(word)).count();
      if (n > most) {
        best = word;
        most = n;
      }
    }
    return best;
  }

  /** {@code async} (the client's async API) or {@code threads}. */
  String issued() {
    return provenance("calls_issued_by").startsWith("async") ? "async" : "threads";
  }

  /** The steady warm-up's {@code true}/{@code false}; "-" without one. */
  String converged() {
    String c = provenance("warmup_converged");
    return c.isEmpty() ? "-" : c;
  }
}
