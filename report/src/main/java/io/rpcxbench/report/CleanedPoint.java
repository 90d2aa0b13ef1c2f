package io.rpcxbench.report;

/**
 * One point after cleaning: the paper's cleaned data model (Fig. 7b: type, threadNum, requestNum,
 * timeTotalAvg, tpsAvg) plus what the paper left out: the protocol id, the spread over the kept
 * runs, the number of runs kept, errors summed, mean throughput, the status, and the latency
 * percentiles of the kept runs: from their merged histograms ({@code latencyFrom = "histogram"})
 * or, for v1 files without histograms, the mean of the runs' percentiles ({@code "average"}). A
 * timed-out or failed point has {@code runsAveraged == 0} and null values. {@code series} says
 * which reading, call, client and link it was measured in; {@code runsDone} is how many run rows
 * its files hold (order 0 included) and {@code runsDeclared} how many they announced (null if a
 * file does not say): an incomplete point shows as e.g. "incomplete 6/10". {@code load} is an
 * open-loop point's offered and achieved rate (null for the other load models).
 */
record CleanedPoint(
    Protocol protocol,
    int threadNum,
    int requestNum,
    PointStatus status,
    Integer limitS,
    int runsAveraged,
    Long errorsSum,
    Double timeTotalAvgMs,
    Double tpsAvg,
    Double timeTotalMinMs,
    Double timeTotalMaxMs,
    Double timeTotalStdevMs,
    Double tpsMin,
    Double tpsMax,
    Double tpsStdev,
    Double throughputAvg,
    Double p50Us,
    Double p90Us,
    Double p99Us,
    Double p999Us,
    Double maxUs,
    String latencyFrom,
    Series series,
    int runsDone,
    Integer runsDeclared,
    OpenLoad load) {

  /** A point without an open-loop load. */
  CleanedPoint(
      Protocol protocol,
      int threadNum,
      int requestNum,
      PointStatus status,
      Integer limitS,
      int runsAveraged,
      Long errorsSum,
      Double timeTotalAvgMs,
      Double tpsAvg,
      Double timeTotalMinMs,
      Double timeTotalMaxMs,
      Double timeTotalStdevMs,
      Double tpsMin,
      Double tpsMax,
      Double tpsStdev,
      Double throughputAvg,
      Double p50Us,
      Double p90Us,
      Double p99Us,
      Double p999Us,
      Double maxUs,
      String latencyFrom,
      Series series,
      int runsDone,
      Integer runsDeclared) {
    this(
        protocol,
        threadNum,
        requestNum,
        status,
        limitS,
        runsAveraged,
        errorsSum,
        timeTotalAvgMs,
        tpsAvg,
        timeTotalMinMs,
        timeTotalMaxMs,
        timeTotalStdevMs,
        tpsMin,
        tpsMax,
        tpsStdev,
        throughputAvg,
        p50Us,
        p90Us,
        p99Us,
        p999Us,
        maxUs,
        latencyFrom,
        series,
        runsDone,
        runsDeclared,
        null);
  }

  /** A point of the default series whose files held {@code runsAveraged + 1} runs. */
  CleanedPoint(
      Protocol protocol,
      int threadNum,
      int requestNum,
      PointStatus status,
      Integer limitS,
      int runsAveraged,
      Long errorsSum,
      Double timeTotalAvgMs,
      Double tpsAvg,
      Double timeTotalMinMs,
      Double timeTotalMaxMs,
      Double timeTotalStdevMs,
      Double tpsMin,
      Double tpsMax,
      Double tpsStdev,
      Double throughputAvg,
      Double p50Us,
      Double p90Us,
      Double p99Us,
      Double p999Us,
      Double maxUs,
      String latencyFrom) {
    this(
        protocol,
        threadNum,
        requestNum,
        status,
        limitS,
        runsAveraged,
        errorsSum,
        timeTotalAvgMs,
        tpsAvg,
        timeTotalMinMs,
        timeTotalMaxMs,
        timeTotalStdevMs,
        tpsMin,
        tpsMax,
        tpsStdev,
        throughputAvg,
        p50Us,
        p90Us,
        p99Us,
        p999Us,
        maxUs,
        latencyFrom,
        Series.of(java.util.Map.of()),
        runsAveraged + 1,
        null);
  }

  static final String FROM_HISTOGRAM = "histogram";
  static final String FROM_AVERAGE = "average";

  int type() {
    return protocol.type;
  }

  boolean complete() {
    return status == PointStatus.COMPLETE;
  }

  /** This point with another status and run counts. */
  CleanedPoint with(PointStatus newStatus, int done, Integer declared) {
    return new CleanedPoint(
        protocol,
        threadNum,
        requestNum,
        newStatus,
        limitS,
        runsAveraged,
        errorsSum,
        timeTotalAvgMs,
        tpsAvg,
        timeTotalMinMs,
        timeTotalMaxMs,
        timeTotalStdevMs,
        tpsMin,
        tpsMax,
        tpsStdev,
        throughputAvg,
        p50Us,
        p90Us,
        p99Us,
        p999Us,
        maxUs,
        latencyFrom,
        series,
        done,
        declared,
        load);
  }

  /** This point with an open-loop load. */
  CleanedPoint withLoad(OpenLoad newLoad) {
    return new CleanedPoint(
        protocol,
        threadNum,
        requestNum,
        status,
        limitS,
        runsAveraged,
        errorsSum,
        timeTotalAvgMs,
        tpsAvg,
        timeTotalMinMs,
        timeTotalMaxMs,
        timeTotalStdevMs,
        tpsMin,
        tpsMax,
        tpsStdev,
        throughputAvg,
        p50Us,
        p90Us,
        p99Us,
        p999Us,
        maxUs,
        latencyFrom,
        series,
        runsDone,
        runsDeclared,
        newLoad);
  }

  /**
   * Why an open-loop point did not keep up with its offered load ("timeout", "achieved 91.2 % of
   * the target", "12 calls dropped", "3 calls failed"); null when it did or has no load.
   */
  String overload() {
    if (load == null) {
      return null;
    }
    return complete() ? load.overload(errorsSum) : marker();
  }

  /**
   * How the point shows where a number would if it did not finish: "timeout", "failed", "incomplete
   * 6/10" (runs its files hold / runs they announced); null for a complete point.
   */
  String marker() {
    if (complete()) {
      return null;
    }
    String runs = runsDeclared == null ? runsDone + " runs" : runsDone + "/" + runsDeclared;
    return status == PointStatus.INCOMPLETE || (status == PointStatus.TIMEOUT && runsDone > 0)
        ? status.id + " " + runs
        : status.id;
  }
}
