package io.rpcxbench.report.charts;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.OpenLoad;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Knee;
import io.rpcxbench.stats.Num;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Latency against load for one open-loop series: x the achieved rate, y the p50, p99 and p99.9
 * latency from each call's intended start (log scale), one colour per protocol, one line style and
 * marker per percentile (p50 dotted, p99 solid, p99.9 dashed). The points where a protocol did not
 * keep up with its load ({@link OpenLoad#overload}) are crosses, never joined to its line: where
 * the line stops is where the protocol stopped keeping up.
 *
 * <pre>{@code
 * Figures.Figure f = LoadFigure.render(openPoints, "latency-vs-load", outDir);
 * }</pre>
 */
public final class LoadFigure {
  public static final String FILE = "latency-vs-load";
  public static final String TITLE = "Latency against load (open loop)";

  private record Percentile(
      String name, Function<CleanedPoint, Double> value, BasicStroke line, Marker marker) {}

  private static final List<Percentile> PERCENTILES =
      List.of(
          new Percentile("p50", c -> c.latency().p50Us(), dashes(2f, 4f), SeriesMarkers.DIAMOND),
          new Percentile("p99", c -> c.latency().p99Us(), SeriesLines.SOLID, SeriesMarkers.CIRCLE),
          new Percentile(
              "p99.9", c -> c.latency().p999Us(), dashes(10f, 6f), SeriesMarkers.SQUARE));

  /** A line of {@code on}-pixel dashes with {@code off}-pixel gaps (xchart's are hard to tell). */
  private static BasicStroke dashes(float on, float off) {
    return new BasicStroke(
        2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {on, off}, 0f);
  }

  private LoadFigure() {}

  /** The figure of {@code points} (those with an open-loop load), or why it could not be drawn. */
  public static Figures.Figure render(List<CleanedPoint> points, String name, Path outDir) {
    return render(
        points,
        ChartPalette.of(points.stream().map(CleanedPoint::protocol).toList()),
        name,
        outDir);
  }

  /** As {@link #render(List, String, Path)}, with the report's {@code palette}. */
  public static Figures.Figure render(
      List<CleanedPoint> points, ChartPalette palette, String name, Path outDir) {
    return Figures.safely(TITLE, () -> draw(points, palette, name, outDir));
  }

  private static Figures.Figure draw(
      List<CleanedPoint> points, ChartPalette palette, String name, Path outDir)
      throws IOException {
    Map<RawProtocol, List<CleanedPoint>> byProtocol = new TreeMap<>();
    for (CleanedPoint p : points) {
      if (p.load() != null) {
        byProtocol.computeIfAbsent(p.protocol(), x -> new ArrayList<>()).add(p);
      }
    }
    if (byProtocol.isEmpty()) {
      return new Figures.Figure(null, TITLE, "No open-loop point with runs to draw.", List.of());
    }
    XYChart chart =
        new XYChartBuilder()
            .width(Figures.WIDTH)
            .height(Figures.HEIGHT)
            .title(TITLE)
            .xAxisTitle("achieved rate (calls/s)")
            .yAxisTitle("latency from the intended start (µs, log scale)")
            .build();
    Figures.style(chart.getStyler());
    chart.getStyler().setYAxisLogarithmic(true);
    List<String> notes = new ArrayList<>();
    for (Map.Entry<RawProtocol, List<CleanedPoint>> e : byProtocol.entrySet()) {
      Color colour = palette.color(e.getKey());
      List<CleanedPoint> own =
          e.getValue().stream().sorted(Comparator.comparingDouble(Knee::offered)).toList();
      List<CleanedPoint> kept = own.stream().filter(p -> p.overload() == null).toList();
      List<CleanedPoint> over = own.stream().filter(p -> p.overload() != null).toList();
      String label = e.getKey().label;
      for (Percentile pc : PERCENTILES) {
        List<double[]> xy = values(kept, pc.value());
        if (xy.isEmpty()) {
          continue;
        }
        XYSeries s = chart.addSeries(label + " " + pc.name(), xs(xy), ys(xy));
        s.setLineColor(colour);
        s.setMarkerColor(colour);
        s.setLineStyle(pc.line());
        s.setMarker(pc.marker());
      }
      List<double[]> crosses = new ArrayList<>();
      for (Percentile pc : PERCENTILES) {
        crosses.addAll(values(over, pc.value()));
      }
      if (!crosses.isEmpty()) {
        XYSeries s = chart.addSeries(label + ": did not keep up", xs(crosses), ys(crosses));
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CROSS);
        s.setMarkerColor(colour);
      }
      for (CleanedPoint p : over) {
        notes.add(
            label
                + " did not keep up at "
                + Num.fixed(p.load().targetRate(), 0)
                + " calls/s: "
                + p.overload());
      }
    }
    if (chart.getSeriesCollection().isEmpty()) {
      return new Figures.Figure(null, TITLE, "No open-loop point with a latency to draw.", notes);
    }
    String caption =
        "One colour per protocol; p50 dotted with diamonds, p99 solid with circles, p99.9 dashed "
            + "with squares, at the rate each point "
            + "achieved (mean over the kept runs). Crosses, not joined: points where the protocol "
            + "did not keep up (achieved < 99 % of the target in a run, e.g. by dropped calls, or failed "
            + "calls).";
    return Figures.save(chart, name, TITLE, caption, notes, outDir);
  }

  /** (achieved rate, value) of the points that have a positive value (a log axis needs it). */
  private static List<double[]> values(
      List<CleanedPoint> points, Function<CleanedPoint, Double> f) {
    List<double[]> out = new ArrayList<>();
    for (CleanedPoint p : points) {
      Double v = f.apply(p);
      if (v != null && v > 0) {
        out.add(new double[] {p.load().achievedRate(), v});
      }
    }
    return out;
  }

  private static double[] xs(List<double[]> xy) {
    return xy.stream().mapToDouble(a -> a[0]).toArray();
  }

  private static double[] ys(List<double[]> xy) {
    return xy.stream().mapToDouble(a -> a[1]).toArray();
  }
}
