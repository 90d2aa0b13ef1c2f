package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The stdout table: one line per protocol, read back from the raw files just written. Its figures
 * come from the statistics engine the report uses ({@link Estimate}, the same estimators as {@code
 * report show --cleaned}) over the kept runs (orders 1..N-1: order 0, the start-up run, is dropped
 * as the paper's cleaning does; the one run of a one-run point): time_ms, tps and calls/s the mean
 * over the kept runs, p50 and p99 of their merged histogram; the last two columns are the 95 %
 * intervals of calls/s (Student t) and p99 (bootstrap), and the lines under the table name each
 * estimator. Whitespace-separated, so that scripts can read it.
 *
 * <p>An open-loop point has columns named for what they are instead of the paper's threads,
 * requests, time and tps (which there would be the in-flight bound, the planned calls and planned
 * calls / time): {@code offered} (the planned calls/s), {@code achieved} (calls started / the
 * schedule's length, mean of the kept runs), {@code dropped} (summed over all runs), {@code
 * max_in_flight} (the bound), then calls/s (calls / time to the last reply) and the latencies.
 */
final class SummaryTable {
  static final String HEADER_FORMAT =
      "%-10s %7s %8s %4s %9s %7s %12s %12s %12s %10s %10s %19s %19s%n";
  private static final String ROW_FORMAT =
      "%-10s %7d %8d %4d %9d %7d %12s %12s %12s %10s %10s %19s %19s%n";
  static final String OPEN_HEADER_FORMAT =
      "%-10s %9s %9s %8s %13s %4s %9s %7s %12s %10s %10s %19s %19s%n";
  private static final String OPEN_ROW_FORMAT =
      "%-10s %9s %9s %8d %13d %4d %9d %7d %12s %10s %10s %19s %19s%n";
  private static final double[] PERCENTILES = {50, 99};

  private final RunConfig config;
  private final List<PointRun.PointOutcome> outcomes;

  SummaryTable(RunConfig config, List<PointRun.PointOutcome> outcomes) {
    this.config = config;
    this.outcomes = outcomes;
  }

  /** One protocol's figures, made by the engine from its kept runs. */
  record Figures(Estimate timeMs, Estimate tps, Estimate callsPerSecond, List<Estimate> latency) {
    /** The kept runs of {@code rows}: order 0 dropped, unless it is the only run. */
    static List<RunRow> kept(List<RunRow> rows) {
      return io.rpcxbench.raw.KeepRule.kept(rows);
    }

    static Figures of(List<RunRow> kept) {
      String runs = Estimate.runs(kept.stream().map(RunRow::order).toList());
      List<RunRow> measured = kept.stream().filter(r -> r.latencyNanos().isPresent()).toList();
      List<Histogram> histograms =
          measured.stream().map(r -> r.latencyNanos().orElseThrow()).toList();
      return new Figures(
          Estimate.mean("time_ms", values(kept, RunRow::timeTotal), runs),
          Estimate.mean("tps", values(kept, RunRow::tps), runs),
          Estimate.mean("calls/s", values(kept, RunRow::throughput), runs),
          Estimate.percentiles(
              PERCENTILES,
              histograms,
              Estimate.runs(measured.stream().map(RunRow::order).toList()),
              "runs"));
    }

    private static List<Double> values(List<RunRow> kept, ToDoubleFunction<RunRow> f) {
      return Estimate.values(kept, f);
    }
  }

  private boolean open() {
    return config.loadModel().kind() == LoadModel.Kind.OPEN;
  }

  void print(PrintWriter out) {
    if (open()) {
      out.printf(
          Locale.ROOT,
          OPEN_HEADER_FORMAT,
          "protocol",
          "offered",
          "achieved",
          "dropped",
          "max_in_flight",
          "runs",
          "calls/run",
          "errors",
          "calls/s",
          "p50_us",
          "p99_us",
          "calls/s_95%",
          "p99_us_95%");
    } else {
      printHeader(out);
    }
    Map<String, List<String>> means = new LinkedHashMap<>();
    Map<String, List<String>> percentiles = new LinkedHashMap<>();
    for (PointRun.PointOutcome o : outcomes) {
      List<RunRow> rows = rows(PointRecorder.resultFile(config, o.protocol()));
      if (rows.isEmpty() || o.exitCode() == ExitCode.USAGE.code()) {
        out.printf(Locale.ROOT, "%-10s no result (exit %d)%n", o.protocol(), o.exitCode());
        continue;
      }
      Figures f = Figures.of(Figures.kept(rows));
      if (open()) {
        printOpenRow(out, o, rows, f);
      } else {
        printRow(out, o, rows, f);
      }
      means
          .computeIfAbsent(f.callsPerSecond().method(), k -> new ArrayList<>())
          .add(String.valueOf(o.protocol()));
      percentiles
          .computeIfAbsent(f.latency().get(1).method(), k -> new ArrayList<>())
          .add(String.valueOf(o.protocol()));
    }
    if (!means.isEmpty()) {
      out.println((open() ? "achieved, calls/s: " : "time_ms, tps, calls/s: ") + estimators(means));
      out.println("p50_us, p99_us: " + estimators(percentiles));
    }
    out.printf(
        Locale.ROOT,
        open()
            ? "(errors and dropped summed over all runs; %s)%n"
            : "(errors summed over all runs; %s)%n",
        written() ? "files under " + config.output().out() : "no result file was written");
  }

  /** Whether a point left its file: a run that reached no server wrote none. */
  private boolean written() {
    return outcomes.stream()
        .anyMatch(o -> Files.exists(PointRecorder.resultFile(config, o.protocol())));
  }

  private void printOpenRow(
      PrintWriter out, PointRun.PointOutcome o, List<RunRow> rows, Figures f) {
    List<RunRow> kept = Figures.kept(rows);
    Estimate achieved =
        Estimate.mean(
            "achieved",
            Estimate.values(kept, r -> number(r, "achieved_rate")),
            Estimate.runs(kept.stream().map(RunRow::order).toList()));
    Estimate p99 = f.latency().get(1);
    out.printf(
        Locale.ROOT,
        OPEN_ROW_FORMAT,
        o.protocol(),
        Num.fixed(config.loadModel().schedule().meanRate(), 1),
        figure(achieved, 1, 1),
        rows.stream().mapToLong(r -> (long) number(r, "dropped")).sum(),
        config.loadModel().maxInFlight(),
        rows.size(),
        rows.get(0).calls(),
        rows.stream().mapToLong(RunRow::errors).sum(),
        figure(f.callsPerSecond(), 1, 1),
        figure(f.latency().get(0), 1, 1e-3),
        figure(p99, 1, 1e-3),
        interval(f.callsPerSecond(), 1),
        interval(p99, 1e-3));
  }

  /** A number column of the row; 0 when absent or not a number. */
  static double number(RunRow r, String column) {
    try {
      return Double.parseDouble(r.extra(column).orElse("0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private void printRow(PrintWriter out, PointRun.PointOutcome o, List<RunRow> rows, Figures f) {
    Estimate p99 = f.latency().get(1);
    out.printf(
        Locale.ROOT,
        ROW_FORMAT,
        o.protocol(),
        config.load().threads(),
        config.load().requests(),
        rows.size(),
        rows.get(0).calls(),
        rows.stream().mapToLong(RunRow::errors).sum(),
        figure(f.timeMs(), 3, 1),
        figure(f.tps(), 1, 1),
        figure(f.callsPerSecond(), 1, 1),
        figure(f.latency().get(0), 1, 1e-3),
        figure(p99, 1, 1e-3),
        interval(f.callsPerSecond(), 1),
        interval(p99, 1e-3));
  }

  private void printHeader(PrintWriter out) {
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
        "p99_us",
        "calls/s_95%",
        "p99_us_95%");
  }

  /** The rows of a protocol's file; none when it is missing or cannot be read. */
  private static List<RunRow> rows(Path file) {
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      return RawResultFile.read(file).rows();
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** The figure in the column's unit; {@code n/a} without one (no kept run with a histogram). */
  static String figure(Estimate e, int decimals, double scale) {
    return e.value() == null ? "n/a" : Num.fixed(e.value() * scale, decimals);
  }

  /** {@code LOW-HIGH} in the column's unit; {@code -} without an interval (one kept run). */
  static String interval(Estimate e, double scale) {
    return e.hasInterval()
        ? Num.fixed(e.low() * scale, 1) + "-" + Num.fixed(e.high() * scale, 1)
        : "-";
  }

  /**
   * The estimator of a column: {@code mean of runs 1..9, 95 % t interval}; when the protocols' kept
   * runs differ, each with its protocols: {@code rpcx: mean of runs 1..9, ...; grpc: ...}.
   */
  private static String estimators(Map<String, List<String>> byMethod) {
    if (byMethod.size() == 1) {
      return byMethod.keySet().iterator().next();
    }
    List<String> each = new ArrayList<>();
    byMethod.forEach((method, protocols) -> each.add(String.join(", ", protocols) + ": " + method));
    return String.join("; ", each);
  }
}
