package io.rpcxbench.harness.metrics;

import io.rpcxbench.harness.load.LoadRunner;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The live figures of a point so far, as every exporter reads them (Prometheus at a scrape, OTLP at
 * each push): counters over the point's runs, gauges of the last second, the latency of the runs so
 * far from their HdrHistogram intervals. The one place that turns the runs' seconds into point
 * totals, so that both exports say the same.
 */
final class LiveTotals implements LiveFigures.Sink {
  /** The latency quantiles every export gives. */
  static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999};

  /**
   * The totals at one moment.
   *
   * @param callsPerSecond NaN before a whole second was seen; {@code clientCores} NaN when unknown
   * @param quantileSeconds the latency at each of {@link #QUANTILES} (NaN with no call yet)
   */
  record Snapshot(
      String protocol,
      long calls,
      long errors,
      long dropped,
      double callsPerSecond,
      long inFlight,
      double clientCores,
      long latencyCount,
      double latencySumSeconds,
      double[] quantileSeconds) {}

  private final Histogram latency = LoadRunner.newHistogram();
  private String protocol = "";
  private int order = -1;
  private long calls;
  private long errors;
  private long dropped;
  private long runErrors;
  private long runDropped;
  private double callsPerSecond = Double.NaN;
  private long inFlight;
  private double clientCores = Double.NaN;

  @Override
  public synchronized void second(LiveFigures.Second s, Histogram interval) {
    if (!s.protocol().equals(protocol) || s.order() != order) {
      runErrors = 0; // a new run: its counts so far start again
      runDropped = 0;
    }
    protocol = s.protocol();
    order = s.order();
    calls += s.calls();
    errors += Math.max(0, s.errors() - runErrors);
    dropped += Math.max(0, s.dropped() - runDropped);
    runErrors = s.errors();
    runDropped = s.dropped();
    if (!s.last()) { // the last, partial interval's rate is not a second's
      callsPerSecond = s.callsPerSecond();
    }
    inFlight = s.inFlight();
    if (!Double.isNaN(s.clientCores())) {
      clientCores = s.clientCores();
    }
    latency.add(interval);
  }

  /** The totals now; empty before the first second. */
  synchronized Optional<Snapshot> snapshot() {
    if (protocol.isEmpty()) {
      return Optional.empty();
    }
    long count = latency.getTotalCount();
    double[] quantiles = new double[QUANTILES.length];
    for (int i = 0; i < QUANTILES.length; i++) {
      quantiles[i] =
          count == 0 ? Double.NaN : latency.getValueAtPercentile(QUANTILES[i] * 100) / 1e9;
    }
    return Optional.of(
        new Snapshot(
            protocol,
            calls,
            errors,
            dropped,
            callsPerSecond,
            inFlight,
            clientCores,
            count,
            count == 0 ? 0 : latency.getMean() * count / 1e9,
            quantiles));
  }
}
