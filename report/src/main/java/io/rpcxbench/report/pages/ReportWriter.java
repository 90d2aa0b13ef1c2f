package io.rpcxbench.report.pages;

import io.rpcxbench.report.charts.ChartData;
import io.rpcxbench.report.charts.ChartPalette;
import io.rpcxbench.report.charts.Figures;
import io.rpcxbench.report.charts.LoadFigure;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.CleanedTable;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.ProvenanceValues;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.report.tables.ComparisonTable;
import io.rpcxbench.report.tables.Knee;
import io.rpcxbench.report.tables.LoadTables;
import io.rpcxbench.report.tables.Measurements;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.report.tables.ReferenceTable;
import io.rpcxbench.report.tables.TableFormats;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.verdict.page.ChartLibrary;
import io.rpcxbench.verdict.page.Html;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes the report folder: tables (Markdown, CSV), cleaned.csv, PNG figures and index.html. Points
 * of different series (reading, call, client, link rate) are never shown in one table: with more
 * than one series each gets its own report in a subfolder named by {@link Series#slug}, and the top
 * index.html links them.
 */
public final class ReportWriter {
  /** What was written. */
  /**
   * What a report wrote; {@code answers}: each closed-loop series' answer (who had the highest
   * throughput, how the others trailed), in the series' order.
   */
  public record Written(
      int points,
      int unfinished,
      int figures,
      boolean referenceMeasured,
      int series,
      List<ReferenceAnswer> answers) {}

  private ReportWriter() {}

  /** What every page of one report shares. */
  private record Shared(
      String reference,
      List<ProvenanceValues.Line> provenance,
      Map<RawProtocol, Map<PointStatus, Integer>> files,
      Map<ChartData.Key, Map<String, Estimate>> estimates,
      Map<ChartData.Key, List<String>> warnings,
      ChartPalette palette) {
    /** The warnings of {@code points} only (one page's). */
    Map<ChartData.Key, List<String>> warningsOf(List<CleanedPoint> points) {
      Map<ChartData.Key, List<String>> out = new java.util.LinkedHashMap<>();
      points.forEach(
          p -> {
            List<String> w = warnings.get(ChartData.Key.of(p));
            if (w != null) {
              out.put(ChartData.Key.of(p), w);
            }
          });
      return out;
    }
  }

  /** Writes everything from the cleaned table; an empty cleaned table is an error. */
  public static Written write(Database db, Path outDir, String reference)
      throws SQLException, IOException {
    List<CleanedPoint> cleaned = CleanedTable.load(db);
    if (cleaned.isEmpty()) {
      throw new IllegalStateException(
          "no cleaned data in the database: run 'ingest' and 'clean' first");
    }
    Files.createDirectories(outDir);
    Map<Series, List<CleanedPoint>> bySeries = new TreeMap<>();
    cleaned.forEach(p -> bySeries.computeIfAbsent(p.series(), s -> new ArrayList<>()).add(p));
    List<ProvenanceValues.Line> provenance = ProvenanceValues.load(db);
    List<Cleaner.PointRuns> runs = Cleaner.runKept(db, new ArrayList<>());
    Shared shared =
        new Shared(
            reference,
            provenance,
            ProvenanceValues.fileCounts(db),
            ChartData.estimates(runs),
            PointWarnings.of(runs),
            ChartPalette.of(cleaned.stream().map(CleanedPoint::protocol).toList()));
    if (bySeries.size() == 1) {
      return writeOne(outDir, shared, cleaned, null);
    }
    int points = 0, unfinished = 0, figures = 0;
    List<ReferenceAnswer> answers = new ArrayList<>();
    boolean referenceMeasured = true;
    Subject all = Subject.of(cleaned, provenance);
    StringBuilder index =
        new StringBuilder(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>"
                + Html.esc(all.title())
                + "</title>\n</head>\n<body>\n<h1>"
                + Html.esc(all.title())
                + "</h1>\n<p id=\"lead\">"
                + Html.esc(all.lead())
                + "</p>\n<p>The data holds "
                + bySeries.size()
                + " series (reading of the request count, call, client host, link rate, load"
                + " model); points of different series are never averaged or compared in one"
                + " table.</p>\n<ul>\n");
    for (Map.Entry<Series, List<CleanedPoint>> e : bySeries.entrySet()) {
      String slug = e.getKey().slug();
      Written w = writeOne(outDir.resolve(slug), shared, e.getValue(), e.getKey());
      points += w.points();
      unfinished += w.unfinished();
      figures += w.figures();
      referenceMeasured &= w.referenceMeasured();
      answers.addAll(w.answers());
      index
          .append("<li><a href=\"")
          .append(Html.esc(slug))
          .append("/index.html\">")
          .append(Html.esc(e.getKey().text()))
          .append("</a>: ")
          .append(w.points())
          .append(" points, ")
          .append(w.unfinished())
          .append(" did not finish");
      int warned = shared.warningsOf(e.getValue()).size();
      if (warned > 0) {
        // what the console warned, counted here and listed on the series' own page
        index
            .append(", <span style=\"color:#b00\">")
            .append(warned)
            .append(warned == 1 ? " point" : " points")
            .append(" with a warning</span>");
      }
      if (e.getKey().open()) {
        index
            .append("<br><img src=\"")
            .append(Html.esc(slug))
            .append('/')
            .append(LoadFigure.FILE)
            .append(".png\" alt=\"")
            .append(LoadFigure.TITLE)
            .append("\" style=\"max-width:100%\">");
      }
      index.append("</li>\n");
    }
    index.append("</ul>\n</body>\n</html>\n");
    writeText(outDir.resolve("index.html"), index.toString());
    return new Written(points, unfinished, figures, referenceMeasured, bySeries.size(), answers);
  }

  private static Written writeOne(
      Path outDir, Shared shared, List<CleanedPoint> cleaned, Series series) throws IOException {
    Files.createDirectories(outDir);
    if (cleaned.get(0).series().open()) {
      return writeOpen(outDir, shared, cleaned, series);
    }
    Measurements m = new Measurements(cleaned);
    String reference = shared.reference();
    Subject subject = Subject.of(cleaned, shared.provenance());
    List<ComparisonTable> tables = new ArrayList<>();
    List<Figures.Figure> figures = new ArrayList<>();
    if (subject.paperWorkload()) {
      for (Metric metric : Metric.values()) {
        ComparisonTable t = ComparisonTable.build(metric, m);
        tables.add(t);
        writeText(outDir.resolve(metric.fileName + ".md"), TableFormats.markdown(t));
        writeText(outDir.resolve(metric.fileName + ".csv"), TableFormats.csv(t));
      }
      figures.addAll(Figures.paper(m, outDir));
    }
    writeText(outDir.resolve("cleaned.csv"), TableFormats.cleanedCsv(cleaned));
    ReferenceTable vs =
        ReferenceTable.build(m, reference, p -> shared.estimates().get(ChartData.Key.of(p)));
    writeText(outDir.resolve(ReferenceTable.FILE + ".md"), vs.markdown());
    writeText(outDir.resolve(ReferenceTable.FILE + ".csv"), vs.csv());
    figures.addAll(Figures.comparison(m, shared.palette(), outDir));
    Figures.vsReference(m, reference, shared.palette(), outDir).ifPresent(figures::add);
    ChartLibrary.copyInto(outDir);
    List<CleanedPoint> unfinished = cleaned.stream().filter(p -> !p.complete()).toList();
    HtmlReport.Inputs page =
        new HtmlReport.Inputs(
            subject,
            shared.provenance(),
            shared.files(),
            tables,
            vs,
            figures,
            unfinished,
            series,
            null,
            ChartData.closed(
                cleaned, shared.estimates(), shared.palette(), shared.warningsOf(cleaned)),
            shared.warningsOf(cleaned));
    writeText(outDir.resolve("index.html"), HtmlReport.render(page));
    return new Written(
        cleaned.size(),
        unfinished.size(),
        (int) figures.stream().filter(f -> f.file() != null).count(),
        vs.referenceMeasured,
        1,
        HtmlReport.answer(page).stream().toList());
  }

  /**
   * An open-loop series: the latency-vs-load figure, the knee table and the points with their rates
   * instead of the closed loop's tables and figures by threads.
   */
  private static Written writeOpen(
      Path outDir, Shared shared, List<CleanedPoint> cleaned, Series series) throws IOException {
    double factor = Knee.DEFAULT_FACTOR;
    List<Knee> knees = Knee.of(cleaned, factor);
    writeText(outDir.resolve(Knee.FILE + ".md"), Knee.markdown(knees, factor));
    writeText(outDir.resolve(Knee.FILE + ".csv"), Knee.csv(knees));
    writeText(outDir.resolve(LoadTables.FILE + ".csv"), LoadTables.csv(cleaned));
    writeText(outDir.resolve("cleaned.csv"), TableFormats.cleanedCsv(cleaned));
    List<Figures.Figure> figures =
        List.of(LoadFigure.render(cleaned, shared.palette(), LoadFigure.FILE, outDir));
    ChartLibrary.copyInto(outDir);
    List<CleanedPoint> unfinished = cleaned.stream().filter(p -> !p.complete()).toList();
    String html =
        HtmlReport.render(
            new HtmlReport.Inputs(
                Subject.of(cleaned, shared.provenance()),
                shared.provenance(),
                shared.files(),
                List.of(),
                null,
                figures,
                unfinished,
                series,
                new HtmlReport.OpenSection(knees, factor, cleaned),
                ChartData.open(
                    cleaned, shared.estimates(), shared.palette(), shared.warningsOf(cleaned)),
                shared.warningsOf(cleaned)));
    writeText(outDir.resolve("index.html"), html);
    return new Written(
        cleaned.size(),
        unfinished.size(),
        (int) figures.stream().filter(f -> f.file() != null).count(),
        true,
        1,
        List.of());
  }

  private static void writeText(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
