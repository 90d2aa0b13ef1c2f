package io.rpcxbench.report.map;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.report.cli.ReportOutConverter;
import io.rpcxbench.verdict.choose.ChooseOutcome;
import io.rpcxbench.verdict.page.Page;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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
      MapPlan plan = MapPlan.read(dir);
      Map<String, ChooseOutcome> outcomes = new LinkedHashMap<>();
      Map<String, String> problems = new LinkedHashMap<>();
      for (MapPlan.Condition c : plan.conditions()) {
        Path folder = dir.resolve(c.name());
        if (!Files.isRegularFile(folder.resolve("choose.properties"))) {
          problems.put(c.name(), c.note().isEmpty() ? "not measured" : c.note());
          continue;
        }
        try {
          outcomes.put(c.name(), ChooseOutcome.read(folder));
        } catch (IOException | RuntimeException e) {
          problems.put(c.name(), "unreadable: " + e.getMessage());
          err.println("map: " + c.name() + ": left out, " + e.getMessage());
        }
      }
      LinkMap m = LinkMap.of(plan, outcomes, problems);
      String slo = outcomes.values().stream().map(ChooseOutcome::slo).findFirst().orElse("the SLO");
      Path to = out == null ? dir.resolve("report") : out;
      String link =
          outcomes.values().stream()
              .map(ChooseOutcome::link)
              .filter(l -> !l.isEmpty())
              .findFirst()
              .orElse("as each scorecard says");
      Page page = MapPage.of(m, slo, link);
      AtomicText.write(to.resolve("map.md"), page.markdown());
      AtomicText.write(to.resolve("map.html"), page.html());
      AtomicText.write(to.resolve("map.json"), MapJson.of(m, slo));
      AtomicText.write(to.resolve("refine.tsv"), MapJson.refineTsv(m));
      stdout.println(m.verdict());
      m.predicted().forEach(p -> stdout.println("model: " + p.words()));
      err.println("map: " + to.resolve("map.html") + " (.md, .json)");
      err.flush();
      long measured = m.cells().stream().filter(c -> c.outcome() != null).count();
      stdout.println(
          new ClosingLine(
                  "map",
                  m.verdict().replaceAll("\\.$", ""),
                  measured
                      + " of "
                      + m.cells().size()
                      + " conditions measured, each a choose over rounds (its scorecard beside"
                      + " it); crossings with 95 % intervals; "
                      + m.refinements().size()
                      + " worth measuring next",
                  to.resolve("map.html").toString())
              .text());
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
