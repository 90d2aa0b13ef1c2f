package io.rpcxbench.runner.point;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.KeptUp;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the sweep needs from a point's raw file, read with raw-format (no report JVM): its state,
 * the calls and run time of its runs (the ETA's measured rate), the throughput of the kept runs
 * (orders 1..N-1, as the report's cleaned view) and, for an open-loop point, whether it kept up.
 *
 * <pre>{@code
 * PointResult r = PointResult.read(Path.of("results/raw/rpcx/t10-r100.csv"));
 * if (r.state() == PointState.COMPLETE) { ... r.throughput() ... }
 * }</pre>
 *
 * @param keptUp null when it kept up with its rate (or is not an open-loop point), else why not
 */
public record PointResult(
    PointState state, int runs, long runCalls, long runMs, double throughput, String keptUp) {
  /**
   * The share of the target rate below which a run did not keep up: the engine's {@link KeptUp}.
   */
  public static final double KEPT_UP = KeptUp.SHARE;

  public static PointResult read(Path file) throws IOException {
    return of(RawResultFile.read(file));
  }

  public static PointResult of(RawContents c) {
    PointState state = PointState.ofStatus(c.provenance("status").orElse("failed"));
    List<RunRow> rows = c.usable() ? c.rows() : List.of();
    List<RunRow> kept = io.rpcxbench.raw.KeepRule.kept(c);
    long errors = kept.stream().mapToLong(RunRow::errors).sum();
    if (state == PointState.COMPLETE && errors > 0) {
      state = PointState.ERRORS;
    }
    long calls = rows.stream().mapToLong(RunRow::calls).sum();
    long ms = (long) rows.stream().mapToDouble(RunRow::timeTotal).sum();
    double throughput = kept.stream().mapToDouble(RunRow::throughput).average().orElse(Double.NaN);
    return new PointResult(state, rows.size(), calls, ms, throughput, keptUp(state, kept, errors));
  }

  private static String keptUp(PointState state, List<RunRow> kept, long errors) {
    List<RunRow> rated =
        kept.stream()
            .filter(r -> r.extra("target_rate").isPresent() && r.extra("achieved_rate").isPresent())
            .toList();
    if (rated.isEmpty()) {
      return state.finished() ? null : state.id;
    }
    if (!state.finished()) {
      return state.id;
    }
    double target = rated.stream().mapToDouble(r -> number(r, "target_rate")).average().orElse(0);
    double min = rated.stream().mapToDouble(r -> number(r, "achieved_rate")).min().orElse(0);
    long dropped = kept.stream().mapToLong(r -> (long) number(r, "dropped")).sum();
    return KeptUp.why(target, min, dropped, errors);
  }

  private static double number(RunRow r, String column) {
    try {
      return Double.parseDouble(r.extra(column).orElse("0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** "1234.5", or "-" when no run was kept. */
  public String throughputText() {
    return Double.isNaN(throughput) ? "-" : String.format(Locale.ROOT, "%.1f", throughput);
  }
}
