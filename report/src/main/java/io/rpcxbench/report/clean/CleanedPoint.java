package io.rpcxbench.report.clean;

import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.stats.Spread;
import java.util.Objects;

/**
 * One point after cleaning: the paper's cleaned data model (Fig. 7b: type, threadNum, requestNum,
 * timeTotalAvg = {@code runtimeMs.avg()}, tpsAvg = {@code tps.avg()}) plus what the paper left out:
 * the protocol id, the spread of runtime and TPS over the kept runs, the number of runs kept,
 * errors summed, mean throughput, the status, and the {@link Latency} percentiles of the kept runs:
 * from their merged histograms ({@link Latency#FROM_HISTOGRAM}) or, for v1 files without
 * histograms, the mean of the runs' percentiles ({@link Latency#FROM_AVERAGE}). The runtime is the
 * paper's timeTotal (ms). A point with no run besides order 0 (it timed out, failed or was cut
 * short first) has {@code runsAveraged == 0}, null {@code errorsSum} and {@code throughputAvg}, and
 * {@link Spread#NONE} and {@link Latency#NONE} (every value null), never a null Spread or Latency.
 * {@code series} says which reading, call, client and link it was measured in; {@code runsDone} is
 * how many run rows its files hold (order 0 included) and {@code runsDeclared} how many they
 * announced (null if a file does not say): an incomplete point shows as e.g. "incomplete 6/10".
 * {@code load} is an open-loop point's offered and achieved rate (null for the other load models).
 * {@code limitedBy} says what limited its kept runs ({@link KeptLimits#summary}; null when no run
 * says).
 *
 * <pre>{@code
 * CleanedPoint p = Cleaner.summarize(key, keptRuns, null);
 * Double timeTotalAvg = p.runtimeMs().avg();
 * Double p99 = p.latency().p99Us();
 * }</pre>
 */
public record CleanedPoint(
    RawProtocol protocol,
    int threadNum,
    int requestNum,
    PointStatus status,
    Integer limitS,
    int runsAveraged,
    Long errorsSum,
    Spread runtimeMs,
    Spread tps,
    Double throughputAvg,
    Latency latency,
    Series series,
    int runsDone,
    Integer runsDeclared,
    OpenLoad load,
    String limitedBy) {

  public CleanedPoint {
    // a point without values carries Spread.NONE and Latency.NONE, so callers never test for null
    Objects.requireNonNull(runtimeMs, "runtimeMs");
    Objects.requireNonNull(tps, "tps");
    Objects.requireNonNull(latency, "latency");
  }

  public int type() {
    return protocol.type;
  }

  public boolean complete() {
    return status == PointStatus.COMPLETE;
  }

  /** This point with another status and run counts. */
  public CleanedPoint with(PointStatus newStatus, int done, Integer declared) {
    return new CleanedPoint(
        protocol,
        threadNum,
        requestNum,
        newStatus,
        limitS,
        runsAveraged,
        errorsSum,
        runtimeMs,
        tps,
        throughputAvg,
        latency,
        series,
        done,
        declared,
        load,
        limitedBy);
  }

  /**
   * Why an open-loop point did not keep up with its offered load ("timeout", "achieved 91.2 % of
   * the target", "12 calls dropped", "3 calls failed"); null when it did or has no load.
   */
  public String overload() {
    if (load == null) {
      return null;
    }
    return complete() ? load.overload(errorsSum) : marker();
  }

  /**
   * How the point shows where a number would if it did not finish: "timeout", "failed", "incomplete
   * 6/10" (runs its files hold / runs they announced); null for a complete point.
   */
  public String marker() {
    if (complete()) {
      return null;
    }
    String runs = runsDeclared == null ? runsDone + " runs" : runsDone + "/" + runsDeclared;
    return status == PointStatus.INCOMPLETE || (status == PointStatus.TIMEOUT && runsDone > 0)
        ? status.id + " " + runs
        : status.id;
  }
}
