package io.rpcxbench.runner.choose;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.runner.link.LinkGrid;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.verdict.choose.ScorecardVerdict;
import io.rpcxbench.verdict.map.MapVerdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code rpcx-bench choose} runs once its settings are checked ({@link ChooseCommand}): one
 * {@link Choose} per network profile, the machine's calibration copied beside each folder, and each
 * folder's scorecard made by the report tool; the worst exit code.
 */
final class ChooseRuns {
  private final ChooseCalibration calibration;
  private final PrintWriter out;
  private final PrintWriter err;

  ChooseRuns(ChooseCalibration calibration, PrintWriter out, PrintWriter err) {
    this.calibration = calibration;
    this.out = out;
    this.err = err;
  }

  /** Every profile's choose and scorecard; the exit code. */
  int run(ChooseSettings all) throws Exception {
    List<String> profiles = all.target().site().profiles();
    if (profiles.size() == 1) {
      return choose(all);
    }
    int worst = ExitCode.OK.code();
    for (String profile : profiles) {
      err.println("rpcx-bench choose: across the network profile " + profile);
      int code = choose(all.across(profile));
      if (code == ExitCode.LOCKED.code() || code == ExitCode.USAGE.code()) {
        return code;
      }
      worst = Math.max(worst, code);
    }
    err.println(
        "rpcx-bench choose: one scorecard per profile, side by side: "
            + String.join(
                ", ", profiles.stream().map(p -> all.out().resolve(p).toString()).toList()));
    return worst;
  }

  /**
   * A map: a choose at every condition of {@code grid}, then at most {@code refine} more between
   * two conditions where a pair's ranking changes (the map's {@code refine.tsv}), while --max-time
   * allows; the map made after each. The worst exit code.
   */
  int map(ChooseSettings all, LinkGrid grid, int refine) throws Exception {
    long started = System.currentTimeMillis();
    grid.write(all.out());
    int worst = ExitCode.OK.code();
    for (String condition : grid.names()) {
      int code = condition(all, grid, condition, started);
      if (code == ExitCode.LOCKED.code() || code == ExitCode.USAGE.code()) {
        return code;
      }
      worst = Math.max(worst, code);
    }
    int report = mapReport(all);
    for (int added = 0; added < refine && report == ExitCode.OK.code(); added++) {
      String next = null;
      for (String[] r : LinkGrid.refinements(all.out().resolve("report"))) {
        next = grid.refine(r[2], r[0], r[1]);
        if (next != null) {
          break;
        }
      }
      if (next == null) {
        break;
      }
      err.println("rpcx-bench choose: refining the map where a ranking changes: " + next);
      grid.write(all.out());
      int code = condition(all, grid, next, started);
      if (code == ExitCode.LOCKED.code() || code == ExitCode.USAGE.code()) {
        return code;
      }
      worst = Math.max(worst, code);
      report = mapReport(all);
    }
    return worst == ExitCode.OK.code() ? report : worst;
  }

  /** One condition of a map: its choose, or a note of why none ran. */
  private int condition(ChooseSettings all, LinkGrid grid, String condition, long started)
      throws Exception {
    ChooseSettings left = all.spent(Duration.ofMillis(System.currentTimeMillis() - started));
    if (left.maxTime() != null && left.maxTime().isZero()) {
      grid.note(condition, "not measured: --max-time reached");
      grid.write(all.out());
      return ExitCode.OK.code();
    }
    err.println("rpcx-bench choose: across the link condition " + condition);
    int code = choose(left.across(condition));
    if (code == ExitCode.INFEASIBLE.code()) {
      grid.note(condition, "nothing searched: the link's round trip alone takes the SLO");
      grid.write(all.out());
      return ExitCode.OK.code();
    }
    return code;
  }

  /** The folder's map, made here ({@link MapVerdict}): written into its {@code report/}; 0 or 1. */
  private int mapReport(ChooseSettings all) throws IOException {
    if (all.skipReport()) {
      err.println("rpcx-bench choose: the map later: rpcx-bench report map " + all.out());
      return ExitCode.OK.code();
    }
    MapVerdict m;
    try {
      m = MapVerdict.of(all.out());
    } catch (IOException e) {
      err.println("rpcx-bench choose: no map: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    m.leftOut().forEach(l -> err.println("map: " + l));
    Path to = all.out().resolve("report");
    m.write(to);
    err.println(MapVerdict.where(to));
    err.flush();
    m.lines(to).forEach(out::println);
    out.flush();
    return ExitCode.OK.code();
  }

  /** One choose and its scorecard; the exit code. */
  private int choose(ChooseSettings s) throws Exception {
    Map<String, CatalogEntry> catalog = new LinkedHashMap<>();
    HarnessPoints.catalog().forEach(e -> catalog.put(e.id(), e));
    Choose choose = new Choose(s, catalog, new SweepLog(err));
    int code;
    try {
      code = choose.run(1000L * 180);
    } catch (IllegalStateException e) {
      err.println("rpcx-bench choose: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    if (code == ExitCode.LOCKED.code() || code == ExitCode.INFEASIBLE.code()) {
      return code; // nothing to judge
    }
    calibration.intoTheFolder(s.out());
    calibration.keepTheRounds(s, err);
    if (s.skipReport()) {
      return code;
    }
    int report = scorecard(s);
    return code != ExitCode.OK.code() ? code : report;
  }

  /**
   * The folder's scorecard, judged here ({@link ScorecardVerdict}): written into its {@code
   * report/}, its verdict printed; an A/A pair's verdict counts toward the machine's measured
   * false-positive rate. Its exit code (99: a threshold failed).
   */
  private int scorecard(ChooseSettings s) throws IOException {
    ScorecardVerdict v;
    try {
      v = ScorecardVerdict.of(s.out(), List.of());
    } catch (IOException | IllegalArgumentException e) {
      err.println("rpcx-bench choose: no scorecard: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    Path to = s.out().resolve("report");
    v.write(to, s.summaryExport());
    AaLedger.addTo(MachineCalibration.here().ledger(), v.aaEntries(Instant.now()));
    err.println(ScorecardVerdict.where(to));
    err.flush();
    v.lines(to).forEach(out::println);
    out.flush();
    return v.exitCode().code();
  }
}
