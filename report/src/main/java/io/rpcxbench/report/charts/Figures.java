package io.rpcxbench.report.charts;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Measurements;
import io.rpcxbench.report.tables.PaperGrid;
import io.rpcxbench.report.tables.ReferenceTable;
import io.rpcxbench.report.tables.TableFormats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * Figs. 8-10 (per protocol: bar charts of average runtime and TPS by threads, grouped by requests)
 * and the two charts the paper lacks (throughput and p99 latency against threads, one line per
 * protocol). Not-measured points are gaps; timed-out/failed ones are listed in the caption.
 */
public final class Figures {
  /** A rendered chart: PNG file name (in the output folder), title and caption notes. */
  public record Figure(String file, String title, String caption, List<String> notes) {}

  public static final int WIDTH = 900;
  static final int HEIGHT = 520;

  private Figures() {}

  /** The paper's figures and the two it lacks: {@link #paper} then {@link #comparison}. */
  public static List<Figure> render(Measurements m, Path outDir) {
    List<Figure> out = new ArrayList<>(paper(m, outDir));
    out.addAll(comparison(m, ChartPalette.of(m.protocols()), outDir));
    return out;
  }

  /**
   * Figs. 8-10, one pair for each of the paper's protocols that was measured (numbered as in the
   * paper: Fig. 9 is gRPC's whether or not RPCX was measured).
   */
  public static List<Figure> paper(Measurements m, Path outDir) {
    List<Figure> out = new ArrayList<>();
    int number = 7;
    for (RawProtocol p : RawProtocol.PAPER) {
      number++;
      if (!m.protocols().contains(p)) {
        continue;
      }
      String runtime = "Fig. " + number + "a: " + p.label + " average runtime (ms)";
      String tps = "Fig. " + number + "b: " + p.label + " average TPS";
      String a = "fig" + number + "a-" + p.id + "-runtime";
      String b = "fig" + number + "b-" + p.id + "-tps";
      out.add(
          safely(runtime, () -> bars(m, p, a, runtime, "ms", c -> c.runtimeMs().avg(), outDir)));
      out.add(safely(tps, () -> bars(m, p, b, tps, "TPS (1/s)", c -> c.tps().avg(), outDir)));
    }
    return out;
  }

  /** Throughput and p99 latency against threads, one line per protocol measured. */
  public static List<Figure> comparison(Measurements m, ChartPalette palette, Path outDir) {
    List<Figure> out = new ArrayList<>();
    Optional<Integer> requests = largestCommonRequests(m);
    if (requests.isPresent()) {
      int r = requests.get();
      String throughput = "Throughput against threads, " + r + " requests";
      String p99 = "p99 latency against threads, " + r + " requests";
      out.add(
          safely(
              throughput,
              () ->
                  lines(
                      m,
                      r,
                      "extra-throughput",
                      throughput,
                      "calls/s",
                      CleanedPoint::throughputAvg,
                      palette,
                      outDir)));
      out.add(
          safely(
              p99,
              () ->
                  lines(
                      m,
                      r,
                      "extra-p99",
                      p99,
                      "p99 latency (µs)",
                      c -> c.latency().p99Us(),
                      palette,
                      outDir)));
    }
    return out;
  }

  /**
   * Throughput divided by the reference's against threads, one line per protocol, at the common
   * request count.
   */
  public static Optional<Figure> vsReference(
      Measurements m, String reference, ChartPalette palette, Path outDir) {
    Optional<Integer> requests = largestCommonRequests(m);
    if (requests.isEmpty()) {
      return Optional.empty();
    }
    int r = requests.get();
    String title = "Throughput relative to " + reference + ", " + r + " requests";
    return Optional.of(
        safely(
            title,
            () ->
                lines(
                    m,
                    r,
                    ReferenceTable.FILE,
                    title,
                    "throughput / " + reference,
                    p -> ReferenceTable.ratio(m, reference, p),
                    palette,
                    outDir)));
  }

  /** Draws one chart. */
  @FunctionalInterface
  public interface Drawing {
    Figure draw() throws IOException;
  }

  /**
   * The chart {@code drawing} makes, or in its place a figure without an image whose caption says
   * why it could not be drawn: one bad chart never costs the rest of the report.
   */
  public static Figure safely(String title, Drawing drawing) {
    try {
      return drawing.draw();
    } catch (IOException | RuntimeException e) {
      return new Figure(
          null,
          title,
          "This chart could not be drawn: " + e.getClass().getSimpleName() + ": " + e.getMessage(),
          List.of());
    }
  }

  /**
   * The largest request count with a complete point for every protocol measured, else the largest
   * measured.
   */
  static Optional<Integer> largestCommonRequests(Measurements m) {
    SortedSet<Integer> common = null;
    for (RawProtocol p : m.protocols()) {
      SortedSet<Integer> done = new TreeSet<>();
      m.points.stream()
          .filter(x -> x.protocol().equals(p) && x.complete())
          .forEach(x -> done.add(x.requestNum()));
      if (common == null) {
        common = done;
      } else {
        common.retainAll(done);
      }
    }
    if (common != null && !common.isEmpty()) {
      return Optional.of(common.last());
    }
    SortedSet<Integer> all = new TreeSet<>();
    m.points.forEach(x -> all.add(x.requestNum()));
    return all.isEmpty() ? Optional.empty() : Optional.of(all.last());
  }

  private static Figure bars(
      Measurements m,
      RawProtocol p,
      String name,
      String title,
      String yTitle,
      Function<CleanedPoint, Double> value,
      Path outDir)
      throws IOException {
    List<Integer> threads = List.copyOf(PaperGrid.choose(m.threads(p), PaperGrid.THREADS));
    List<Integer> requests =
        List.copyOf(PaperGrid.choose(m.requests(p), PaperGrid.FIGURE_REQUESTS));
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("threads")
            .yAxisTitle(yTitle)
            .build();
    style(chart.getStyler());
    chart.getStyler().setOverlapped(false);
    if (threads.isEmpty()) {
      return new Figure(null, title, p.label + ": not measured.", List.of());
    }
    List<String> x = threads.stream().map(String::valueOf).toList();
    List<String> notes = new ArrayList<>();
    for (int r : requests) {
      List<Double> y = new ArrayList<>();
      for (int t : threads) {
        Optional<CleanedPoint> point = m.get(p, t, r);
        String marker = Measurements.marker(point);
        y.add(marker == null ? value.apply(point.get()) : null);
        if (point.isPresent() && marker != null) {
          notes.add(marker + ": " + t + " threads, " + r + " requests");
        }
      }
      // a request count has one colour in every figure: its place among all measured
      chart
          .addSeries(r + " requests", x, y)
          .setFillColor(
              java.awt.Color.decode(
                  io.rpcxbench.verdict.page.Palette.OKABE_ITO.get(
                      m.points.stream()
                              .map(CleanedPoint::requestNum)
                              .distinct()
                              .sorted()
                              .toList()
                              .indexOf(r)
                          % io.rpcxbench.verdict.page.Palette.OKABE_ITO.size())));
    }
    String caption =
        p.label
            + ": threads "
            + TableFormats.join(threads)
            + "; requests "
            + TableFormats.join(requests)
            + ". Empty bars: not measured or did not finish.";
    return save(chart, name, title, caption, notes, outDir);
  }

  static Figure lines(
      Measurements m,
      int requests,
      String name,
      String title,
      String yTitle,
      Function<CleanedPoint, Double> value,
      ChartPalette palette,
      Path outDir)
      throws IOException {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("threads")
            .yAxisTitle(yTitle)
            .build();
    style(chart.getStyler());
    List<String> notes = new ArrayList<>();
    for (RawProtocol p : m.protocols()) {
      // Each line joins the points its protocol measured; one that did not finish breaks it.
      List<CleanedPoint> own =
          m.points.stream()
              .filter(x -> x.protocol().equals(p) && x.requestNum() == requests)
              .sorted(Comparator.comparingInt(CleanedPoint::threadNum))
              .toList();
      if (own.isEmpty()) {
        notes.add(p.label + ": not measured at " + requests + " requests");
        continue;
      }
      double[] xs = new double[own.size()];
      double[] ys = new double[own.size()];
      for (int i = 0; i < own.size(); i++) {
        CleanedPoint point = own.get(i);
        Double v = point.complete() ? value.apply(point) : null;
        xs[i] = point.threadNum();
        ys[i] = v == null ? Double.NaN : v;
        if (!point.complete()) {
          notes.add(p.label + " " + point.marker() + ": " + point.threadNum() + " threads");
        }
      }
      if (Arrays.stream(ys).allMatch(Double::isNaN)) {
        notes.add(p.label + ": no value to draw");
      } else {
        XYSeries series = chart.addSeries(p.label, xs, ys);
        series.setLineColor(palette.color(p));
        series.setMarkerColor(palette.color(p));
      }
    }
    if (chart.getSeriesCollection().isEmpty()) {
      return new Figure(null, title, "No finished point at " + requests + " requests.", notes);
    }
    String caption =
        "All protocols at "
            + requests
            + " requests (the largest request count at which every "
            + "protocol finished a point; else the largest measured). Each line joins the points its protocol "
            + "measured; a break marks one that did not finish.";
    return save(chart, name, title, caption, notes, outDir);
  }

  static void style(Styler s) {
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setChartBackgroundColor(java.awt.Color.WHITE);
    s.setDecimalPattern("#,##0.##");
    s.setLocale(java.util.Locale.ROOT);
  }

  static Figure save(
      Chart<?, ?> chart, String name, String title, String caption, List<String> notes, Path outDir)
      throws IOException {
    if (!ImageIO.write(
        BitmapEncoder.getBufferedImage(chart), "png", outDir.resolve(name + ".png").toFile())) {
      throw new IOException("no PNG writer in this JDK");
    }
    return new Figure(name + ".png", title, caption, List.copyOf(notes));
  }
}
