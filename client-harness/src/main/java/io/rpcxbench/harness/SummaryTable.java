package io.rpcxbench.harness;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The stdout table: one line per protocol, read back from the raw files just written. Values are
 * medians over the runs without order 0 (the start-up run the paper's cleaning drops), unless there
 * was only one run. Whitespace-separated, so that scripts can read it.
 */
final class SummaryTable {
  static final String HEADER_FORMAT = "%-10s %7s %8s %4s %9s %7s %12s %12s %12s %10s %10s%n";
  private static final String ROW_FORMAT =
      "%-10s %7d %8d %4d %9d %7d %12.3f %12.1f %12.1f %10.1f %10.1f%n";

  private final RunConfig config;
  private final List<HarnessCommand.PointOutcome> outcomes;

  SummaryTable(RunConfig config, List<HarnessCommand.PointOutcome> outcomes) {
    this.config = config;
    this.outcomes = outcomes;
  }

  void print(PrintWriter out) {
    out.printf(
        Locale.ROOT,
        HEADER_FORMAT,
        "protocol",
        "threads",
        "requests",
        "runs",
        "calls/run",
        "errors",
        "time_ms",
        "tps",
        "calls/s",
        "p50_us",
        "p99_us");
    for (HarnessCommand.PointOutcome o : outcomes) {
      Path file = config.resultFile(o.protocol());
      List<RunRow> rows = List.of();
      if (Files.exists(file)) {
        try {
          rows = RawResultFile.read(file).rows();
        } catch (IOException | RuntimeException e) {
          rows = List.of();
        }
      }
      if (rows.isEmpty() || o.exitCode() == HarnessCommand.USAGE) {
        out.printf(Locale.ROOT, "%-10s no result (exit %d)%n", o.protocol(), o.exitCode());
        continue;
      }
      List<RunRow> kept =
          rows.size() > 1 ? rows.stream().filter(r -> r.order() > 0).toList() : rows;
      out.printf(
          Locale.ROOT,
          ROW_FORMAT,
          o.protocol(),
          config.load().threads(),
          config.load().requests(),
          rows.size(),
          rows.get(0).calls(),
          rows.stream().mapToLong(RunRow::errors).sum(),
          median(kept, RunRow::timeTotal),
          median(kept, RunRow::tps),
          median(kept, RunRow::throughput),
          median(kept, RunRow::p50Us),
          median(kept, RunRow::p99Us));
    }
    String which =
        config.load().runs() > 1
            ? "medians over orders 1.." + (config.load().runs() - 1)
            : "one run (order 0)";
    out.printf(
        Locale.ROOT,
        "(%s; errors summed over all runs; files under %s)%n",
        which,
        config.output().out());
  }

  static double median(List<RunRow> rows, ToDoubleFunction<RunRow> f) {
    double[] v = rows.stream().mapToDouble(f).sorted().toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    int mid = v.length / 2;
    return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  }
}
