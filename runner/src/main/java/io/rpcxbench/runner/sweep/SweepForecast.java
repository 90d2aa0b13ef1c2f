package io.rpcxbench.runner.sweep;

import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code sweep --trials N} can tell here, said before any work: its size, trials too few for
 * {@code compare} to test, and from this machine's calibration how small a change N trials a side
 * detect when this sweep is compared with another recorded apart (the invocation's own drift
 * counted); where that is wider than {@value #WIDE_PERCENT} %, the interleaved design that tells
 * more and what it detects.
 *
 * <pre>{@code
 * SweepForecast.lines(6, size, MachineCalibration.here().cached())
 *   // ["trials: 6 of 2 points: 12 points to run, 192,000 calls planned; ...",
 *   //  "this machine's calibration (...): 6 trials a side, against another sweep recorded apart, ..."]
 * }</pre>
 */
final class SweepForecast {
  /** Wider than this, what two sweeps recorded apart detect is said to be too wide. */
  static final double WIDE_PERCENT = 50;

  private SweepForecast() {}

  static List<String> lines(int trials, PlanSize size, Optional<Calibration> calibration) {
    List<String> out = new ArrayList<>();
    out.add("trials: " + trials + " sweeps: " + size.describe());
    if (trials < Shift.MIN_PER_SIDE) {
      out.add(
          "note: --trials "
              + trials
              + ": compare tests a sweep against another from "
              + Shift.MIN_PER_SIDE
              + " trials a side (fewer: \"n too small\"); --trials "
              + Shift.MIN_PER_SIDE
              + " at least");
    }
    if (calibration.isEmpty()) {
      out.add(
          "this machine has no calibration (rpcx-bench calibrate): how small a change "
              + trials
              + " trials tell here is not known before the run");
      return out;
    }
    Calibration c = calibration.get();
    List<String> apart = new ArrayList<>();
    List<String> wide = new ArrayList<>();
    List<String> paired = new ArrayList<>();
    for (String metric : List.of("throughput", "p50", "p99")) {
      Calibration.Metric m = c.metric(metric);
      if (m == null) {
        continue;
      }
      double a = m.detectableApart(trials);
      double p = m.detectable().percent(trials);
      apart.add(metric + " " + percent(a));
      if (!(a <= WIDE_PERCENT)) {
        wide.add(metric);
      }
      if (p < a - 1) {
        paired.add(metric + " " + percent(p));
      }
    }
    out.add(
        "this machine's calibration ("
            + c.point()
            + ", "
            + c.measuredText()
            + "): against another sweep recorded apart (compare A B), "
            + trials
            + " trials a side detect "
            + String.join(", ", apart)
            + " (at its point; others differ)");
    if (!wide.isEmpty()) {
      out.add(
          String.join(", ", wide)
              + ": wider than "
              + Num.fixed(WIDE_PERCENT, 0)
              + " %: a smaller change there cannot be told from two sweeps recorded apart here");
    }
    if (!paired.isEmpty()) {
      out.add(
          "interleaved in rounds (compare --variants, or --base-jar/--new-jar), "
              + trials
              + " rounds detect "
              + String.join(", ", paired)
              + ": the drift between invocations cancels");
    }
    return out;
  }

  private static String percent(double p) {
    return Double.isInfinite(p) || Double.isNaN(p)
        ? "nothing (too few trials)"
        : "+-" + Num.fixed(p, 1) + " %";
  }
}
