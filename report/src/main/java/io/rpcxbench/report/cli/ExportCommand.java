package io.rpcxbench.report.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.RpcxBenchVersion;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.export.FlatCsv;
import io.rpcxbench.report.export.PointsExport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code export --format json|csv [--db URL] [--out FILE] [PATH...]}: the cleaned points for other
 * tools (k6's {@code --summary-export}, ghz's {@code -O json}, JMH's {@code -rf json}), each figure
 * with its 95 % interval and its estimator's name; the CSV is the JSON flattened.
 *
 * <pre>
 * java -jar report.jar export --format json --out results/points.json
 * java -jar report.jar export --format csv | column -s, -t
 * java -jar report.jar export --db jdbc:sqlite:/tmp/x.db --format json --out s.json results/x/raw
 * </pre>
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description =
        "Write the cleaned points of the database (run 'ingest' first) as JSON or CSV: each "
            + "point's identity, status, run counts, and runtime, TPS, calls/s and latency "
            + "percentiles each with its 95 %% interval and estimator. Schema: docs/report.md, "
            + "'Export'. Exit 1 on a database error or a cleaning problem.")
public final class ExportCommand implements Callable<Integer> {
  /** The formats: one model, written as it is or flattened. */
  public enum Format {
    json,
    csv
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  @Spec CommandSpec spec;
  @Mixin DbOption db;

  @Option(
      names = "--format",
      required = true,
      paramLabel = "json|csv",
      description = "json (one document, schema_version 1) or csv (one line per point).")
  Format format;

  @Parameters(
      arity = "0..*",
      paramLabel = "PATH",
      description =
          "Raw files or folders to ingest first (as 'ingest' does; its lines go to standard"
              + " error).")
  List<Path> paths = new ArrayList<>();

  @Option(
      names = "--out",
      converter = OutFileConverter.class,
      paramLabel = "FILE",
      defaultValue = "-",
      description = "Where to write (default: standard output); a file is written atomically.")
  Path out;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    return Steps.withDb(
        db,
        err,
        d -> {
          if (!paths.isEmpty()) {
            int ingest = Steps.ingest(d, paths, false, err, err);
            if (ingest == ExitCode.USAGE.code()) {
              return ingest;
            }
          }
          List<String> problems = new ArrayList<>();
          List<Cleaner.PointRuns> points = Cleaner.runKept(d, problems);
          if (points.isEmpty()) {
            err.println("warning: " + db.url + " holds no points (write them with 'ingest')");
          }
          ObjectNode doc =
              PointsExport.document(points, RpcxBenchVersion.line(), Instant.now().toString());
          write(text(doc));
          problems.forEach(err::println);
          err.flush();
          return problems.stream().anyMatch(p -> !p.startsWith("note: "))
              ? ExitCode.FAILED.code()
              : ExitCode.OK.code();
        });
  }

  private String text(ObjectNode doc) throws IOException {
    if (format == Format.json) {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n";
    }
    List<JsonNode> rows = new ArrayList<>();
    doc.get("points").forEach(rows::add);
    return FlatCsv.of(rows);
  }

  private void write(String text) throws IOException {
    if (out.toString().equals("-")) {
      PrintWriter w = spec.commandLine().getOut();
      w.print(text);
      w.flush();
    } else {
      AtomicText.write(out, text);
    }
  }
}
