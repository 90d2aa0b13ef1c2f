package io.rpcxbench.harness.review;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RunRow;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The runs of a point that its figures are made of: orders 1..N-1, order 0 dropped (it holds the
 * start-up; the paper's cleaning and the report drop it), or the one run of a one-run point; none
 * when the file could not be read. {@link KeptRunsTrend} and {@link Thresholds} read them.
 *
 * <pre>{@code
 * KeptRuns kept = KeptRuns.of(RawResultFile.read(Path.of("results/raw/rpcx/t10-r100.csv")));
 * double callsPerSecond = kept.meanThroughput();
 * Optional<Histogram> latency = kept.latencyNanos();
 * }</pre>
 *
 * @param rows the kept runs, in file order
 */
record KeptRuns(List<RunRow> rows) {
  public KeptRuns {
    rows = List.copyOf(rows);
  }

  /** The kept runs of a file's contents. */
  public static KeptRuns of(RawContents c) {
    return new KeptRuns(io.rpcxbench.raw.KeepRule.kept(c));
  }

  int size() {
    return rows.size();
  }

  /** The mean of the runs' calls/s; NaN without runs. */
  double meanThroughput() {
    return rows.stream().mapToDouble(RunRow::throughput).average().orElse(Double.NaN);
  }

  /** Failed calls over the runs. */
  long errors() {
    return rows.stream().mapToLong(RunRow::errors).sum();
  }

  /** Calls the open loop dropped over the runs (0 for the other load models). */
  long drops() {
    return rows.stream().mapToLong(r -> (long) number(r.extra("dropped"))).sum();
  }

  /** The runs' latency histograms merged (ns); empty when no run has one. */
  Optional<Histogram> latencyNanos() {
    List<Histogram> each = rows.stream().flatMap(r -> r.latencyNanos().stream()).toList();
    return each.isEmpty() ? Optional.empty() : Optional.of(Histograms.merge(each));
  }

  private static double number(Optional<String> text) {
    try {
      return text.map(Double::parseDouble).orElse(0.0);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
