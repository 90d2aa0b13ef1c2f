package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import java.util.ArrayList;
import java.util.List;

/**
 * The verdict box's table of where each regime's numbers come from: the commits and CPUs its files
 * record, sweeps a point, each sweep's start and finish, the link its labs measured, the calls that
 * failed in the kept runs and the kept runs flagged as run on a busy box.
 *
 * <pre>{@code
 * List<String> lines = OriginsTable.lines(regimes, SweepOrigins.load(db));
 * }</pre>
 */
final class OriginsTable {
  private OriginsTable() {}

  /**
   * Per regime: the commits its files record, sweeps (files) a point, the days swept, the link its
   * labs measured at setup, and the calls that failed in the kept runs, per protocol.
   */
  static List<String> lines(List<Regime> regimes, SweepOrigins origins) {
    List<String> out = new ArrayList<>();
    out.add(
        "Every file's `git_commit`, `cpu_model`, `started`, `finished` and `lab` line, as"
            + " recorded (swept: each sweep's first start to last finish, UTC; a `-dirty` commit"
            + " is the label the build baked in, and the page's text says whether the code"
            + " measured differed from the commit); failed calls: the kept runs' errors; busy box:"
            + " the kept runs the files' noise rule flagged `contended` (each run's own flag, also"
            + " where `limited_by` names the link first), of the runs of files that have the rule.");
    out.add("");
    out.add(
        "| regime | commit of its files | CPU | sweeps a point | swept (UTC) | link measured at"
            + " setup | failed calls | runs on a busy box |");
    out.add("|:---|:---|:---|---:|:---|:---|:---|---:|");
    for (Regime g : regimes) {
      SweepOrigins.Summary s = origins.of(g);
      out.add(
          "| "
              + g.name()
              + " | "
              + s.commitsText()
              + " | "
              + s.cpusText()
              + " | "
              + s.sweepsText()
              + " | "
              + s.windowsText()
              + " | "
              + s.linkText()
              + " | "
              + failedCalls(g)
              + " | "
              + s.contendedText()
              + " |");
    }
    return out;
  }

  /**
   * "none", or per protocol its failed calls and the points they fell in: "OpenFeign 4 (110 x
   * 100)".
   */
  static String failedCalls(Regime g) {
    List<String> parts = new ArrayList<>();
    for (RawProtocol p : RawProtocol.PAPER) {
      long calls = 0;
      List<String> points = new ArrayList<>();
      for (CleanedPoint c : g.measurements().points) {
        if (c.protocol() == p && c.errorsSum() != null && c.errorsSum() > 0) {
          calls += c.errorsSum();
          points.add(c.threadNum() + " x " + c.requestNum());
        }
      }
      if (calls > 0) {
        parts.add(
            p.label
                + " "
                + calls
                + " ("
                + (points.size() <= 3 ? String.join(", ", points) : points.size() + " points")
                + ")");
      }
    }
    return parts.isEmpty() ? "none" : String.join("; ", parts);
  }
}
