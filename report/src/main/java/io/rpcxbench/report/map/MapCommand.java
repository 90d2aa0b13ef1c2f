package io.rpcxbench.report.map;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.cli.ReportOutConverter;
import io.rpcxbench.verdict.map.MapVerdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code map DIR}: the map of a {@code rpcx-bench choose --across} folder ({@code map.tsv} and one
 * choose folder per link condition): which protocol wins where, where each pair's ranking changes
 * with its interval, each candidate's bound from the link's model, and the conditions worth
 * measuring next ({@code refine.tsv}, which the runner reads). Writes {@code map.html}, {@code
 * map.md}, {@code map.json} and {@code refine.tsv} atomically.
 *
 * <pre>
 * java -jar report.jar map results/map-20261129
 * </pre>
 *
 * Exit codes: 0 ok, 1 an unreadable folder.
 */
@Command(
    name = "map",
    mixinStandardHelpOptions = true,
    description =
        "Write the map of an rpcx-bench choose --across folder: the winner at each link"
            + " condition, where each pair's ranking changes (with its interval), each"
            + " candidate's bound from the link's model, and what is worth measuring next.",
    footer = {"", "Example:", "  java -jar report/target/report.jar map results/map-20261129"})
public final class MapCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "rpcx-bench choose --across's folder.")
  Path dir;

  @Option(
      names = "--out",
      converter = ReportOutConverter.class,
      paramLabel = "DIR",
      description = "Where the map goes (default: DIR/report).")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      MapVerdict m = MapVerdict.of(dir);
      m.leftOut().forEach(l -> err.println("map: " + l));
      Path to = out == null ? dir.resolve("report") : out;
      m.write(to);
      List<String> lines = m.lines(to);
      lines.subList(0, lines.size() - 1).forEach(stdout::println);
      stdout.flush();
      err.println(MapVerdict.where(to));
      err.flush();
      stdout.println(lines.get(lines.size() - 1));
      return ExitCode.OK.code();
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      stdout.flush();
      err.flush();
    }
  }
}
