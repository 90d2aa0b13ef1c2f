package io.rpcxbench.report.charts;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner.PointRuns;
import io.rpcxbench.report.clean.PointEstimates;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.verdict.page.ChartLibrary;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The interactive charts of one page as JSON, drawn in the page by {@code rpcx-charts.js} with
 * Chart.js ({@link ChartLibrary}): each chart's axes (logarithmic where the values span a decade or
 * more), and per protocol (and percentile) its points with the one engine's 95 % interval and
 * estimator ({@link PointEstimates}) and, for a point that did not finish or keep up, why. A closed
 * or in-flight page gets throughput and latency against threads, one group per request count; an
 * open-loop page latency and achieved rate against the offered rate.
 *
 * <pre>{@code
 * Map<ChartData.Key, Map<String, Estimate>> e = ChartData.estimates(Cleaner.runKept(db, problems));
 * String json = ChartData.json(ChartData.closed(points, e, palette));
 * }</pre>
 */
public final class ChartData {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A point across the report: protocol, series, threads, requests. */
  public record Key(String protocol, String series, int threads, int requests) {
    public static Key of(CleanedPoint p) {
      return new Key(p.protocol().id, p.series().key(), p.threadNum(), p.requestNum());
    }
  }

  /** A percentile drawn: its estimate's key, its name and its dash (p50 solid, p99 dashed). */
  private record Percentile(String key, String name, int[] dash) {}

  private static final List<Percentile> PERCENTILES =
      List.of(
          new Percentile("p50_us", "p50", new int[0]),
          new Percentile("p99_us", "p99", new int[] {6, 4}));

  private ChartData() {}

  /** Every point's estimates with their intervals, from its kept runs. */
  public static Map<Key, Map<String, Estimate>> estimates(List<PointRuns> points) {
    Map<Key, Map<String, Estimate>> out = new HashMap<>();
    for (PointRuns p : points) {
      if (!p.kept().isEmpty()) {
        out.put(Key.of(p.point()), PointEstimates.of(p.kept()));
      }
    }
    return out;
  }

  /** Throughput and p50/p99 latency against threads, a group per request count. */
  public static ObjectNode closed(
      List<CleanedPoint> points,
      Map<Key, Map<String, Estimate>> estimates,
      ChartPalette palette,
      Map<Key, List<String>> warnings) {
    ObjectNode doc = JSON.createObjectNode();
    ArrayNode charts = doc.putArray("charts");
    Map<Integer, List<CleanedPoint>> byRequests = new TreeMap<>();
    points.forEach(
        p -> byRequests.computeIfAbsent(p.requestNum(), r -> new java.util.ArrayList<>()).add(p));
    ObjectNode throughput =
        chart(charts, "throughput", "Throughput against threads", "threads", "calls/s");
    ObjectNode latency =
        chart(
            charts, "latency", "Latency against threads (p50 solid, p99 dashed)", "threads", "µs");
    byRequests.forEach(
        (r, own) -> {
          String group = r + " requests";
          series(
              throughput,
              group,
              own,
              estimates,
              warnings,
              palette,
              "throughput",
              "",
              new int[0],
              CleanedPoint::threadNum,
              1);
          for (Percentile pc : PERCENTILES) {
            series(
                latency,
                group,
                own,
                estimates,
                warnings,
                palette,
                pc.key(),
                " " + pc.name(),
                pc.dash(),
                CleanedPoint::threadNum,
                PointEstimates.MICROS_PER_UNIT);
          }
        });
    logWhereDecades(throughput);
    logWhereDecades(latency);
    return doc;
  }

  /** p50/p99 latency and the achieved rate against the offered rate. */
  public static ObjectNode open(
      List<CleanedPoint> points,
      Map<Key, Map<String, Estimate>> estimates,
      ChartPalette palette,
      Map<Key, List<String>> warnings) {
    ObjectNode doc = JSON.createObjectNode();
    ArrayNode charts = doc.putArray("charts");
    List<CleanedPoint> rated = points.stream().filter(p -> p.load() != null).toList();
    ObjectNode latency =
        chart(
            charts,
            "latency-vs-load",
            "Latency against the offered rate (p50 solid, p99 dashed; × did not keep up)",
            "offered rate (calls/s)",
            "µs from the intended start");
    ObjectNode achieved =
        chart(
            charts,
            "achieved-vs-offered",
            "Achieved against offered rate (× did not keep up)",
            "offered rate (calls/s)",
            "achieved calls/s");
    Function<CleanedPoint, Number> offered = p -> p.load().targetRate();
    for (Percentile pc : PERCENTILES) {
      series(
          latency,
          "all",
          rated,
          estimates,
          warnings,
          palette,
          pc.key(),
          " " + pc.name(),
          pc.dash(),
          offered,
          PointEstimates.MICROS_PER_UNIT);
    }
    series(
        achieved,
        "all",
        rated,
        estimates,
        warnings,
        palette,
        "throughput",
        "",
        new int[0],
        offered,
        1);
    logWhereDecades(latency);
    logWhereDecades(achieved);
    return doc;
  }

  /** The JSON for a {@code <script type="application/json">}: no {@code </} inside. */
  public static String json(ObjectNode doc) {
    return doc.toString().replace("</", "<\\/");
  }

  private static ObjectNode chart(ArrayNode charts, String id, String title, String x, String y) {
    ObjectNode c = charts.addObject();
    c.put("id", id).put("title", title);
    c.putObject("x").put("title", x).put("log", false);
    c.putObject("y").put("title", y).put("log", false);
    c.putArray("series");
    return c;
  }

  /**
   * One line per protocol of {@code points} in {@code group}: x from {@code x}, y the estimate
   * {@code key} scaled, its interval and estimator, and the reason where a point has no number or
   * did not keep up.
   */
  private static void series(
      ObjectNode chart,
      String group,
      List<CleanedPoint> points,
      Map<Key, Map<String, Estimate>> estimates,
      Map<Key, List<String>> warnings,
      ChartPalette palette,
      String key,
      String suffix,
      int[] dash,
      Function<CleanedPoint, Number> x,
      double scale) {
    Map<io.rpcxbench.report.db.RawProtocol, List<CleanedPoint>> byProtocol = new TreeMap<>();
    points.forEach(
        p -> byProtocol.computeIfAbsent(p.protocol(), k -> new java.util.ArrayList<>()).add(p));
    byProtocol.forEach(
        (protocol, own) -> {
          ObjectNode s = ((ArrayNode) chart.get("series")).addObject();
          s.put("group", group)
              .put("protocol", protocol.id)
              .put("label", protocol.label + suffix)
              .put("color", palette.hex(protocol));
          ArrayNode d = s.putArray("dash");
          for (int v : dash) {
            d.add(v);
          }
          if (palette.dash(protocol) > 0 && dash.length == 0) {
            d.add(2).add(2 * palette.dash(protocol));
          }
          ArrayNode data = s.putArray("points");
          own.stream()
              .sorted(Comparator.comparingDouble(p -> x.apply(p).doubleValue()))
              .forEach(
                  p ->
                      point(
                          data,
                          p,
                          estimates.get(Key.of(p)),
                          warnings.getOrDefault(Key.of(p), List.of()),
                          key,
                          x,
                          scale));
        });
  }

  private static void point(
      ArrayNode data,
      CleanedPoint p,
      Map<String, Estimate> estimates,
      List<String> warnings,
      String key,
      Function<CleanedPoint, Number> x,
      double scale) {
    ObjectNode o = data.addObject();
    o.put("x", x.apply(p).doubleValue());
    if (!warnings.isEmpty()) {
      // what the console warned about this point, in its tooltip and as its marker
      o.put("warning", String.join("; ", warnings));
    }
    Estimate e = estimates == null ? null : estimates.get(key);
    if (!p.complete() || e == null || e.value() == null) {
      o.putNull("y");
      o.put("note", p.complete() ? "no value recorded" : p.marker());
      return;
    }
    o.put("y", e.value() * scale);
    if (e.hasInterval()) {
      o.put("low", e.low() * scale).put("high", e.high() * scale);
    }
    o.put("estimator", e.estimator());
    String over = p.load() == null ? null : p.overload();
    if (over != null) {
      o.put("note", "did not keep up: " + over).put("overload", true);
    }
  }

  /** Logarithmic axes where the drawn values span ten times or more. */
  private static void logWhereDecades(ObjectNode chart) {
    for (String axis : List.of("x", "y")) {
      double min = Double.POSITIVE_INFINITY;
      double max = 0;
      for (var s : chart.get("series")) {
        for (var p : s.get("points")) {
          var v = p.get(axis);
          if (v != null && v.isNumber() && v.asDouble() > 0) {
            min = Math.min(min, v.asDouble());
            max = Math.max(max, v.asDouble());
          }
        }
      }
      ((ObjectNode) chart.get(axis)).put("log", max > 0 && max >= 10 * min);
    }
  }
}
