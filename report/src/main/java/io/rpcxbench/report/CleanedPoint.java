package io.rpcxbench.report;

/**
 * One point after cleaning: the paper's cleaned data model (Fig. 7b: type, threadNum, requestNum,
 * timeTotalAvg, tpsAvg) plus what the paper left out: the spread over the averaged runs, the
 * number of runs averaged, errors summed, throughput and latency averages, and the status. A
 * timed-out or failed point has {@code runsAveraged == 0} and null averages.
 */
record CleanedPoint(
        int type,
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
        Double p50AvgUs,
        Double p90AvgUs,
        Double p99AvgUs,
        Double p999AvgUs,
        Double maxAvgUs) {

    boolean complete() {
        return status == PointStatus.COMPLETE;
    }
}
