package io.rpcxbench.verdict.map;

import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.verdict.choose.ChooseOutcome;
import io.rpcxbench.verdict.page.Page;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The map of a {@code rpcx-bench choose --across} folder ({@code map.tsv} and one choose folder per
 * link condition): which protocol wins where, where each pair's ranking changes with its interval,
 * each candidate's bound from the link's model, and the conditions worth measuring next ({@code
 * refine.tsv}, which the runner reads). What {@code report map} prints and {@code rpcx-bench choose
 * --across} makes in its own JVM.
 *
 * @param leftOut the conditions whose folder could not be read, each a line saying why
 */
public record MapVerdict(LinkMap map, String slo, String link, List<String> leftOut) {
  /** The plan {@code choose --across} writes in its folder: the axes and the conditions. */
  public static final String PLAN = "map.tsv";

  /** The conditions worth measuring next, written beside the map for the runner to read. */
  public static final String REFINE = "refine.tsv";

  public MapVerdict {
    leftOut = List.copyOf(leftOut);
  }

  /** The folder's map; an unreadable plan is an IOException. */
  public static MapVerdict of(Path dir) throws IOException {
    MapPlan plan = MapPlan.read(dir);
    Map<String, ChooseOutcome> outcomes = new LinkedHashMap<>();
    Map<String, String> problems = new LinkedHashMap<>();
    List<String> leftOut = new ArrayList<>();
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
        leftOut.add(c.name() + ": left out, " + e.getMessage());
      }
    }
    String slo = outcomes.values().stream().map(ChooseOutcome::slo).findFirst().orElse("the SLO");
    String link =
        outcomes.values().stream()
            .map(ChooseOutcome::link)
            .filter(l -> !l.isEmpty())
            .findFirst()
            .orElse("as each scorecard says");
    return new MapVerdict(LinkMap.of(plan, outcomes, problems), slo, link, leftOut);
  }

  /** {@code map.md}, {@code .html}, {@code .json} and {@code refine.tsv} into {@code to}. */
  public void write(Path to) throws IOException {
    Page page = MapPage.of(map, slo, link);
    AtomicText.write(to.resolve("map.md"), page.markdown());
    AtomicText.write(to.resolve("map.html"), page.html());
    AtomicText.write(to.resolve("map.json"), MapJson.of(map, slo));
    AtomicText.write(to.resolve(REFINE), MapJson.refineTsv(map));
  }

  /** Where {@link #write} put the map, for the error stream. */
  public static String where(Path to) {
    return "map: " + to.resolve("map.html") + " (.md, .json)";
  }

  /** What a person reads: the verdict, what the model predicts, the closing line (its page). */
  public List<String> lines(Path to) {
    List<String> out = new ArrayList<>();
    out.add(map.verdict());
    map.predicted().forEach(p -> out.add("model: " + p.words()));
    long measured = map.cells().stream().filter(c -> c.outcome() != null).count();
    out.add(
        new ClosingLine(
                "map",
                map.verdict().replaceAll("\\.$", ""),
                measured
                    + " of "
                    + map.cells().size()
                    + " conditions measured, each a choose over rounds (its scorecard beside"
                    + " it); crossings with 95 % intervals; "
                    + map.refinements().size()
                    + " worth measuring next",
                to.resolve("map.html").toString())
            .text());
    return out;
  }
}
