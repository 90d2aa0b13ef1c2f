package io.rpcxbench.report;

/**
 * One point after cleaning: the paper's cleaned data model (Fig. 7b: type, threadNum, requestNum,
 * timeTotalAvg, tpsAvg) plus what the paper left out: the protocol id, the spread over the kept
 * runs, the number of runs kept, errors summed, mean throughput, the status, and the latency
 * percentiles of the kept runs: from their merged histograms ({@code latencyFrom = "histogram"})
 * or, for v1 files without histograms, the mean of the runs' percentiles ({@code "average"}). A
 * timed-out or failed point has {@code runsAveraged == 0} and null values.
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
    String latencyFrom) {

  static final String FROM_HISTOGRAM = "histogram";
  static final String FROM_AVERAGE = "average";

  int type() {
    return protocol.type;
  }

  boolean complete() {
    return status == PointStatus.COMPLETE;
  }
}
