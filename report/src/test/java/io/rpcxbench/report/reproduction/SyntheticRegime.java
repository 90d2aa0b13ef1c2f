package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.report.tables.Measurements;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Regime} from runtimes given per point, the way the reproduction command builds
 * one from raw files: run 0 is dropped by {@link Cleaner#summarize}, every point has one sweep
 * unless {@link #sweeps} adds more.
 */
final class SyntheticRegime {
  private final Series series;
  private final Map<Cleaner.Key, List<RunTimes.Sweep>> runs = new HashMap<>();
  private final List<CleanedPoint> points = new ArrayList<>();

  SyntheticRegime(String requestsPer, String linkRate) {
    this.series = new Series(requestsPer, "hello", "vm", linkRate);
  }

  /** A complete point whose runs 0..n-1 took {@code ms}. */
  SyntheticRegime point(RawProtocol p, int threads, int requests, double... ms) {
    return sweeps(p, threads, requests, ms);
  }

  /** A complete point of several sweeps (files), each runs 0..n-1. */
  SyntheticRegime sweeps(RawProtocol p, int threads, int requests, double[]... sweeps) {
    return failing(p, threads, requests, null, sweeps);
  }

  /** A point as {@link #sweeps}, each kept run with {@code errorsPerRun} failed calls. */
  SyntheticRegime failing(
      RawProtocol p, int threads, int requests, Long errorsPerRun, double[]... sweeps) {
    Cleaner.Key key = new Cleaner.Key(p, threads, requests, series);
    List<StoredRun> kept = new ArrayList<>();
    List<RunTimes.Sweep> files = new ArrayList<>();
    for (int f = 0; f < sweeps.length; f++) {
      double[] ms = sweeps[f];
      int[] orders = new int[ms.length];
      for (int i = 0; i < ms.length; i++) {
        orders[i] = i;
        if (i > 0) {
          kept.add(run(p, threads, requests, i, ms[i], errorsPerRun));
        }
      }
      files.add(new RunTimes.Sweep(p.id + "-" + threads + "-" + requests + "-" + f, orders, ms));
    }
    runs.put(key, files);
    points.add(Cleaner.summarize(key, kept, 600));
    return this;
  }

  /** A point that timed out after the runs {@code ms}. */
  SyntheticRegime timedOut(RawProtocol p, int threads, int requests, double... ms) {
    sweeps(p, threads, requests, ms);
    CleanedPoint c = points.remove(points.size() - 1);
    points.add(c.with(PointStatus.TIMEOUT, ms.length, 10));
    return this;
  }

  Regime regime() {
    return new Regime(series, new Measurements(points), new RunTimes(runs));
  }

  List<CleanedPoint> points() {
    return points;
  }

  RunTimes runTimes() {
    return new RunTimes(runs);
  }

  private static StoredRun run(
      RawProtocol p, int threads, int requests, int order, double ms, Long errors) {
    return new StoredRun(
        p.type,
        threads,
        requests,
        order,
        ms,
        requests / (ms / 1000),
        null,
        errors,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
