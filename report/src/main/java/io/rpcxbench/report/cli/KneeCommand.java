package io.rpcxbench.report.cli;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.charts.Figures;
import io.rpcxbench.report.charts.LoadFigure;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.report.tables.Knee;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code knee --data DIR [--factor 10] [--out DIR]}: the knee of each protocol in the open-loop
 * files under DIR (a rate sweep, {@code sweep.sh --rates}), as a Markdown table on standard output,
 * one per series. The files are read into a throw-away in-memory database with the same checks as
 * {@code ingest} and cleaned the paper's way (order 0 dropped). With {@code --out} the
 * latency-vs-load chart and the table are also written there, and their paths printed.
 *
 * <pre>
 * java -jar report/target/report.jar knee --data results/rates --out results/rates-report
 * </pre>
 */
@Command(
    name = "knee",
    mixinStandardHelpOptions = true,
    description =
        "The knee of each protocol in a rate sweep's open-loop files: the highest rate at which "
            + "it kept up and its p99 stayed under --factor times its unloaded p99 (the p99 at its "
            + "lowest rate), with the rate and p99 there. Exit 1 when DIR holds no open-loop point.")
public final class KneeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin MergeOption merge;

  @Option(
      names = "--data",
      required = true,
      paramLabel = "DIR",
      description = "Raw files (every *.csv below DIR); only open-loop points count.")
  Path data;

  @Option(
      names = "--factor",
      paramLabel = "X",
      defaultValue = "10",
      description = "How many times the unloaded p99 ends the knee (default: ${DEFAULT-VALUE}).")
  double factor;

  @Option(
      names = "--out",
      converter = ReportOutConverter.class,
      paramLabel = "DIR",
      description = "Also write latency-vs-load.png, knee.md and knee.csv here (per series).")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      if (!Files.isDirectory(data)) {
        err.println("error: --data: no such directory: " + data);
        return ExitCode.USAGE.code();
      }
      if (!(factor > 1) || Double.isInfinite(factor)) {
        err.println("error: --factor must be a number above 1, got " + factor);
        return ExitCode.USAGE.code();
      }
      try (Database db = Database.open("jdbc:sqlite::memory:")) {
        // the ingest's summary line would mix with the table: it goes to stderr
        int ingest =
            Steps.ingest(db, List.of(data), merge.merge, new PrintWriter(new StringWriter()), err);
        List<String> problems = new ArrayList<>();
        List<CleanedPoint> cleaned = Cleaner.run(db, problems);
        problems.stream().filter(p -> !p.startsWith("note: ")).forEach(err::println);
        Map<Series, List<CleanedPoint>> open = new TreeMap<>();
        cleaned.stream()
            .filter(p -> p.series().open())
            .forEach(p -> open.computeIfAbsent(p.series(), s -> new ArrayList<>()).add(p));
        if (open.isEmpty()) {
          err.println(
              "error: no open-loop point under " + data + " (sweep.sh --rates writes them)");
          return ExitCode.FAILED.code();
        }
        for (Map.Entry<Series, List<CleanedPoint>> e : open.entrySet()) {
          print(stdout, e.getKey(), e.getValue(), open.size() > 1);
        }
        boolean failed = problems.stream().anyMatch(p -> !p.startsWith("note: "));
        return Math.max(ingest, failed ? ExitCode.FAILED.code() : ExitCode.OK.code());
      }
    } catch (SQLException | IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      stdout.flush();
      err.flush();
    }
  }

  private void print(PrintWriter stdout, Series series, List<CleanedPoint> points, boolean several)
      throws IOException {
    List<Knee> knees = Knee.of(points, factor);
    stdout.println("Series: " + series.text());
    stdout.println();
    stdout.print(Knee.markdown(knees, factor));
    if (out != null) {
      Path dir = several ? out.resolve(series.slug()) : out;
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve(Knee.FILE + ".md"), Knee.markdown(knees, factor), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(Knee.FILE + ".csv"), Knee.csv(knees), StandardCharsets.UTF_8);
      Figures.Figure f = LoadFigure.render(points, LoadFigure.FILE, dir);
      stdout.println();
      stdout.println("table: " + dir.resolve(Knee.FILE + ".md"));
      stdout.println(
          f.file() == null
              ? "chart: not drawn: " + f.caption()
              : "chart: " + dir.resolve(f.file()));
    }
    stdout.println();
  }
}
