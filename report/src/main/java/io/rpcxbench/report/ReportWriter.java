package io.rpcxbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Writes the report folder: tables (Markdown, CSV), cleaned.csv, PNG figures and index.html. */
final class ReportWriter {
  /** What was written. */
  record Written(int points, int unfinished, int figures, boolean referenceMeasured) {}

  private ReportWriter() {}

  /** Writes everything from the cleaned table; an empty cleaned table is an error. */
  static Written write(Database db, Path outDir, String reference)
      throws SQLException, IOException {
    List<CleanedPoint> cleaned = Cleaner.load(db);
    if (cleaned.isEmpty()) {
      throw new IllegalStateException(
          "no cleaned data in the database: run 'ingest' and 'clean' first");
    }
    Files.createDirectories(outDir);
    Measurements m = new Measurements(cleaned);
    List<ComparisonTable> tables = new ArrayList<>();
    for (Metric metric : Metric.values()) {
      ComparisonTable t = ComparisonTable.build(metric, m);
      tables.add(t);
      writeText(outDir.resolve(metric.fileName + ".md"), TableFormats.markdown(t));
      writeText(outDir.resolve(metric.fileName + ".csv"), TableFormats.csv(t));
    }
    writeText(outDir.resolve("cleaned.csv"), TableFormats.cleanedCsv(cleaned));
    ReferenceTable vs = ReferenceTable.build(m, reference);
    writeText(outDir.resolve(ReferenceTable.FILE + ".md"), vs.markdown());
    writeText(outDir.resolve(ReferenceTable.FILE + ".csv"), vs.csv());
    List<Figures.Figure> figures = new ArrayList<>(Figures.render(m, outDir));
    Figures.vsReference(m, reference, outDir).ifPresent(figures::add);
    List<CleanedPoint> unfinished = cleaned.stream().filter(p -> !p.complete()).toList();
    String html =
        HtmlReport.render(
            new HtmlReport.Inputs(
                Provenance.load(db), Provenance.fileCounts(db), tables, vs, figures, unfinished));
    writeText(outDir.resolve("index.html"), html);
    return new Written(
        cleaned.size(),
        unfinished.size(),
        (int) figures.stream().filter(f -> f.file() != null).count(),
        vs.referenceMeasured);
  }

  private static void writeText(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
