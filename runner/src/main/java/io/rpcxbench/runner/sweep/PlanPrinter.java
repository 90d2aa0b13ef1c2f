package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.point.AxisValue;
import io.rpcxbench.runner.point.PlannedPoint;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code sweep --dry-run}: the plan, points in order with their files (and the state of those that
 * exist), as sweep.sh printed it; with {@code --json}, the same as one JSON object that
 * deploy/fleet reads instead of parsing LISTs and file names itself. With {@code --trials N} the
 * plan is the N trials' sweeps, one after the other, each in its own order and folder.
 */
final class PlanPrinter {
  private final SweepSettings s;
  private final List<Sweep> sweeps;
  private final Long clockSeed;

  /**
   * @param sweeps the sweep, or one a trial in the order they run
   * @param clockSeed the trials' order seed when the clock chose it (no --seed), else null
   */
  PlanPrinter(SweepSettings s, List<Sweep> sweeps, Long clockSeed) {
    this.s = s;
    this.sweeps = List.copyOf(sweeps);
    this.clockSeed = clockSeed;
  }

  void print(PrintWriter out, boolean json) {
    if (json) {
      printJson(out);
    } else {
      printText(out);
    }
    out.flush();
  }

  private int trials() {
    return sweeps.size();
  }

  /** Points over every trial. */
  private int points() {
    return sweeps.stream().mapToInt(w -> w.plan().size()).sum();
  }

  private void printText(PrintWriter out) {
    SweepPlan plan = sweeps.get(0).plan();
    String protocols = String.join(" ", s.protocols());
    String points =
        points()
            + " points"
            + (trials() > 1 ? " (" + trials() + " trials of " + plan.size() + ")" : "");
    if (s.rateSweep()) {
      out.printf(
          "plan: %s; protocols %s; rates %s calls/s; duration %ds; runs %d; planned calls %d; limit %ds per %s; out %s%n",
          points,
          protocols,
          s.rates().description(),
          s.durationS(),
          s.runs(),
          trials() * plan.plannedCalls(s.runs(), true),
          s.limitS(),
          s.timeoutPer(),
          s.out());
    } else {
      out.printf(
          "plan: %s; protocols %s; threads %s; requests %s; runs %d; limit %ds per %s; out %s%n",
          points,
          protocols,
          s.threads().description(),
          s.requests().description(),
          s.runs(),
          s.limitS(),
          s.timeoutPer(),
          s.out());
    }
    PlanSize size = PlanSize.of(s, sweeps);
    out.println(
        "size: "
            + size.describe()
            + (size.big()
                ? "; over "
                    + PlanSize.ASK_ABOVE_POINTS
                    + " points or an hour: the sweep asks before starting (--yes does not)"
                : ""));
    out.println("placement: " + s.site().placementText(s.inProcess()));
    List<String> harness = harnessOptions();
    if (!harness.isEmpty()) {
      out.println("harness options: " + String.join(" ", harness));
    }
    if (trials() > 1) {
      long first = sweeps.get(0).trial().seed() - 1;
      out.println(
          "trials: "
              + trials()
              + ", one after the other, each with fresh servers, into trial-1/ .. trial-"
              + trials()
              + "/, in its own order (seed "
              + first
              + " + trial)"
              + (clockSeed == null
                  ? ""
                  : "; the seed is the clock's: --seed " + first + " runs this order"));
    }
    int i = 0;
    int total = points();
    for (Sweep sweep : sweeps) {
      for (PlannedPoint p : sweep.plan().points()) {
        Path file = sweep.file(p);
        String state = Files.exists(file) ? " (exists: " + Sweep.state(file) + ")" : "";
        out.printf("%d/%d %s %s %s%s%n", ++i, total, p.protocol(), p.label(), file, state);
      }
    }
  }

  /** The options every point gets besides its load (the scenario's and the pass-through). */
  private List<String> harnessOptions() {
    List<String> all = new java.util.ArrayList<>();
    s.scenario().addArgs(all);
    all.addAll(s.commonArgs());
    return all;
  }

  private void printJson(PrintWriter out) {
    SweepPlan plan = sweeps.get(0).plan();
    StringBuilder b = new StringBuilder("{");
    b.append("\"points\":").append(points());
    b.append(",\"protocols\":[");
    for (int i = 0; i < s.protocols().size(); i++) {
      b.append(i > 0 ? "," : "").append(str(s.protocols().get(i)));
    }
    b.append("],\"load\":").append(str(s.rateSweep() ? "rate" : "grid"));
    b.append(",\"runs\":").append(s.runs());
    b.append(",\"trials\":").append(trials());
    b.append(",\"limit_s\":").append(s.limitS());
    b.append(",\"timeout_per\":").append(str(s.timeoutPer()));
    b.append(",\"point_max_ms\":").append(s.backstopMs());
    if (s.rateSweep()) {
      b.append(",\"planned_ms\":").append((long) points() * s.runs() * s.durationS() * 1000);
    }
    b.append(",\"planned_calls\":")
        .append(trials() * plan.plannedCalls(s.runs(), s.requestsPerTotal()));
    PlanSize size = PlanSize.of(s, sweeps);
    b.append(",\"to_run\":").append(size.todo());
    b.append(",\"rate_points_ms\":").append(size.knownMs());
    b.append(",\"grid_points_max_ms\":").append(size.worstGridMs());
    b.append(",\"asks\":").append(size.big());
    b.append(",\"out\":").append(str(s.out().toString()));
    b.append(",\"plan\":[");
    boolean first = true;
    for (Sweep sweep : sweeps) {
      for (PlannedPoint p : sweep.plan().points()) {
        b.append(first ? "" : ",").append('{');
        first = false;
        if (sweep.trial() != null) {
          b.append("\"trial\":").append(sweep.trial().number()).append(',');
        }
        point(b, sweep, p);
        b.append('}');
      }
    }
    b.append("]}");
    out.println(b);
  }

  /** One point's JSON fields. */
  private void point(StringBuilder b, Sweep sweep, PlannedPoint p) {
    Path file = sweep.file(p);
    b.append("\"protocol\":").append(str(p.protocol()));
    if (p.load() == PlannedPoint.Load.GRID) {
      b.append(",\"threads\":").append(p.first()).append(",\"requests\":").append(p.second());
    } else {
      b.append(",\"rate\":").append(p.first()).append(",\"duration_s\":").append(p.second());
    }
    for (AxisValue a : p.axes()) {
      b.append(',').append(str(a.option().replaceFirst("^--", ""))).append(':');
      b.append(str(a.value()));
    }
    if (!p.profile().isEmpty()) {
      b.append(",\"profile\":").append(str(p.profile()));
    }
    b.append(",\"calls\":").append(s.runs() * p.callsPerRun(s.requestsPerTotal()));
    b.append(",\"file\":").append(str(inOut(file)));
    b.append(",\"exists\":").append(Files.exists(file) ? str(Sweep.state(file).id) : "null");
  }

  /** The file's path under --out ("rpcx/t10-r100.csv"): a fleet's hosts each have their own. */
  private String inOut(Path file) {
    Path out = s.out().toAbsolutePath().normalize();
    Path f = file.toAbsolutePath().normalize();
    return f.startsWith(out) ? out.relativize(f).toString() : file.toString();
  }

  /** A JSON string. */
  static String str(String v) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : v.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
