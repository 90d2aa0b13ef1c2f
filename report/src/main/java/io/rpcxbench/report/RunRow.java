package io.rpcxbench.report;

/**
 * One run of one point: a row of a raw file, i.e. the paper's original data model (Fig. 7a:
 * type, threadNum, requestNum, order, timeTotal, TPS) plus our calls, errors, throughput and
 * latency percentiles. Nullable fields are optional columns absent from the file.
 */
record RunRow(
        int type,
        int threadNum,
        int requestNum,
        int order,
        double timeTotalMs,
        double tps,
        Long calls,
        Long errors,
        Double throughput,
        Double p50Us,
        Double p90Us,
        Double p99Us,
        Double p999Us,
        Double maxUs) {
}
