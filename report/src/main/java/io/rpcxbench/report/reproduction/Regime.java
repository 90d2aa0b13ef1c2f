package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.report.tables.Measurements;
import io.rpcxbench.report.tables.PaperGrid;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One regime of the reproduction: a closed-loop series (link rate and reading of the request count)
 * with its cleaned points and every run behind them. Regimes come in {@link
 * ReproductionTables#REGIME_FIRST} order.
 *
 * <pre>{@code
 * for (Regime r : Regime.all(cleaned, runTimes)) { r.name(); } // "1 Gbit/s, T × R", ...
 * }</pre>
 */
record Regime(Series series, Measurements measurements, RunTimes runs) {
  /** A grid point (threads x requests), sorted by threads then requests. */
  record GridPair(int threads, int requests) implements Comparable<GridPair> {
    @Override
    public int compareTo(GridPair o) {
      int c = Integer.compare(threads, o.threads);
      return c != 0 ? c : Integer.compare(requests, o.requests);
    }
  }

  private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)([kmg]?)bit");

  /** The closed-loop regimes of {@code points}, fastest link first. */
  static List<Regime> all(List<CleanedPoint> points, RunTimes runs) {
    Map<Series, List<CleanedPoint>> bySeries = new TreeMap<>(ReproductionTables.REGIME_FIRST);
    for (CleanedPoint p : points) {
      if (p.series().loadModel().equals(Series.CLOSED)) {
        bySeries.computeIfAbsent(p.series(), s -> new ArrayList<>()).add(p);
      }
    }
    List<Regime> out = new ArrayList<>();
    bySeries.forEach((s, ps) -> out.add(new Regime(s, new Measurements(ps), runs)));
    return out;
  }

  /** "1 Gbit/s, T × R", "1 Mbit/s, R shared", "no link limit, T × R". */
  String name() {
    return link(series.linkRate()) + ", " + reading();
  }

  /** "T × R" (each thread R calls) or "R shared" (the threads share R calls). */
  String reading() {
    return series.requestsPer().equals("total") ? "R shared" : "T × R";
  }

  static String link(String rate) {
    Matcher m = RATE.matcher(rate.toLowerCase(Locale.ROOT));
    if (rate.isEmpty()) {
      return "no link limit";
    }
    if (!m.matches()) {
      return rate;
    }
    String unit =
        switch (m.group(2)) {
          case "g" -> "Gbit/s";
          case "m" -> "Mbit/s";
          case "k" -> "kbit/s";
          default -> "bit/s";
        };
    return m.group(1) + " " + unit;
  }

  /** A complete point of the paper's grid, if there is one. */
  CleanedPoint complete(RawProtocol p, int threads, int requests) {
    return measurements.get(p, threads, requests).filter(CleanedPoint::complete).orElse(null);
  }

  /**
   * Each paper protocol's complete points of the paper's grid with their kept runtimes (ms) per
   * sweep (each sweep one trial: a fresh server and client JVM): what {@link RivalAdvantage} tests.
   * Protocols in type order.
   */
  Map<RawProtocol, SortedMap<GridPair, List<double[]>>> keptRuns() {
    Map<RawProtocol, SortedMap<GridPair, List<double[]>>> out = new LinkedHashMap<>();
    for (RawProtocol p : RawProtocol.PAPER) {
      SortedMap<GridPair, List<double[]>> points = new TreeMap<>();
      for (int t : PaperGrid.THREADS) {
        for (int r : PaperGrid.TABLE_REQUESTS) {
          CleanedPoint c = complete(p, t, r);
          if (c == null) {
            continue;
          }
          List<double[]> sweeps = new ArrayList<>();
          runs.of(c).forEach(s -> sweeps.add(s.kept()));
          sweeps.removeIf(k -> k.length == 0);
          if (!sweeps.isEmpty()) {
            points.put(new GridPair(t, r), sweeps);
          }
        }
      }
      if (!points.isEmpty()) {
        out.put(p, points);
      }
    }
    return out;
  }

  /** The mean of every kept run of a point's sweeps: the cleaned mean. */
  static double pooledMean(List<double[]> sweeps) {
    double sum = 0;
    int count = 0;
    for (double[] kept : sweeps) {
      for (double x : kept) {
        sum += x;
      }
      count += kept.length;
    }
    return sum / count;
  }

  /** The fewest sweeps (files) any point of the regime has. */
  int minSweeps() {
    return measurements.points.stream().mapToInt(p -> runs.of(p).size()).min().orElse(0);
  }

  /** The most sweeps (files) any point of the regime has. */
  int maxSweeps() {
    return measurements.points.stream().mapToInt(p -> runs.of(p).size()).max().orElse(0);
  }
}
