package io.rpcxbench.report.cli;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code annotate FILE [--status timeout|failed] --set KEY=VALUE...}: the scripts' one way to write
 * a raw file, through the same writer as the harness. A missing FILE becomes a point with no rows
 * (a point the sweep killed or that failed to start: {@code --status} required); an existing one
 * gets its provenance keys set or replaced, its rows kept. Atomic, like every write.
 *
 * <pre>
 * java -jar report.jar annotate results/raw/rpcx/t10-r100.csv --status timeout \
 *     --set protocol=rpcx --set type=1 --set threads=10 --set requests=100 --set limit_s=600
 * java -jar report.jar annotate results/raw/rpcx/t10-r100.csv --set link_bytes=123456
 * </pre>
 */
@Command(
    name = "annotate",
    mixinStandardHelpOptions = true,
    description =
        "Write a raw file's provenance through the raw-format library: create a point with no "
            + "rows (--status timeout|failed) or set keys of an existing file. Atomic.")
public final class AnnotateCommand implements Callable<Integer> {
  private static final Pattern KEY = Pattern.compile("[a-z0-9_]+");

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "A raw result file.")
  Path file;

  @Option(
      names = "--status",
      paramLabel = "timeout|failed",
      description = "Create FILE as a point with this status and no rows (FILE must not exist).")
  String status;

  @Option(
      names = "--set",
      paramLabel = "KEY=VALUE",
      description = "A provenance key (lower snake case) and its value; repeatable.")
  Map<String, String> values = new LinkedHashMap<>();

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    try {
      String bad = badUsage();
      if (bad != null) {
        err.println("error: " + bad);
        return ExitCode.USAGE.code();
      }
      Map<String, String> provenance = new LinkedHashMap<>();
      List<RunRow> rows = List.of();
      if (status != null) {
        provenance.put("status", status);
      } else {
        RawContents c = RawResultFile.read(file);
        if (!c.usable() || !c.problems().isEmpty()) {
          c.problems().forEach(err::println);
          err.println("error: " + file + " is not a clean raw file; left as it is");
          return ExitCode.FAILED.code();
        }
        provenance.putAll(c.provenance());
        rows = c.rows();
      }
      provenance.putAll(values);
      RawResultFile.write(file, provenance, rows);
      return ExitCode.OK.code();
    } catch (IOException e) {
      err.println("error: cannot write " + file + ": " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      err.flush();
    }
  }

  /** What is wrong with the arguments, or null. */
  private String badUsage() {
    if (status != null && !List.of("timeout", "failed").contains(status)) {
      return "--status must be timeout or failed, got '" + status + "'";
    }
    if (status != null && Files.exists(file)) {
      return file + " exists; --status only creates a file";
    }
    if (status == null && !Files.exists(file)) {
      return file + " does not exist (pass --status to create it)";
    }
    for (String key : values.keySet()) {
      if (!KEY.matcher(key).matches() || key.equals("status")) {
        return "--set: '" + key + "' is not a provenance key (lower snake case, not status)";
      }
    }
    return null;
  }
}
