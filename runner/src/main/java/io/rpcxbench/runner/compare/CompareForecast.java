package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.runner.point.TrialTime;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Threshold;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a comparison of two builds can tell here, said before any work starts: its trials and their
 * time, and from this machine's calibration the smallest change its rounds detect per metric; a
 * gate whose margin is finer than that says to expect INCONCLUSIVE and how many rounds would tell.
 *
 * <pre>{@code
 * CompareForecast.lines(settings, MachineCalibration.here().cached())
 *   // ["plan: 1 point x 6 rounds x 2 builds = 12 trials, about 5 min (a trial about 25 s here: ...)",
 *   //  "this machine's calibration (rpcx/t8-r2000, 2026-11-28T03:55Z): 6 rounds detect ...",
 *   //  "delta.p50<10%: 6 rounds tell +-18.0 % here, not 10 %: expect INCONCLUSIVE; about 17 would"]
 * }</pre>
 */
final class CompareForecast {
  private CompareForecast() {}

  static List<String> lines(CompareSettings s, Optional<Calibration> calibration) {
    List<String> out = new ArrayList<>();
    int points = s.plan().points().size();
    int rounds = s.plan().rounds();
    int trials = points * rounds * 2;
    Optional<Integer> trialS = trialSeconds(s);
    out.add(
        "plan: "
            + points
            + (points == 1 ? " point x " : " points x ")
            + rounds
            + " rounds x 2 builds = "
            + trials
            + " trials"
            + trialS
                .map(
                    t ->
                        ", about "
                            + minutes(trials * t)
                            + " (a trial about "
                            + t
                            + " s here: JVM starts, the warm-up, "
                            + s.runs()
                            + " runs)"
                            + (s.mostRounds() > rounds
                                ? "; up to "
                                    + minutes(points * s.mostRounds() * 2 * t)
                                    + " if rounds are added (--max-rounds "
                                    + s.mostRounds()
                                    + ")"
                                : ""))
                .orElse(""));
    if (calibration.isEmpty()) {
      out.add(
          "this machine has no calibration (rpcx-bench calibrate): how small a change "
              + rounds
              + " rounds tell here is not known before the run");
      return out;
    }
    Calibration c = calibration.get();
    List<String> detects = new ArrayList<>();
    for (String metric : List.of("throughput", "p50", "p99")) {
      Calibration.Metric m = c.metric(metric);
      if (m != null) {
        detects.add(metric + " " + percent(m.detectable().percent(rounds)));
      }
    }
    out.add(
        "this machine's calibration ("
            + c.point()
            + ", "
            + c.measuredText()
            + "): "
            + rounds
            + " rounds detect "
            + String.join(", ", detects)
            + " (at its point; others differ)");
    for (Threshold t : s.thresholds()) {
      if (t.kind() != Threshold.Kind.CHANGE) {
        continue;
      }
      Calibration.Metric m = c.metric(t.metric().substring("delta.".length()));
      if (m == null) {
        continue;
      }
      double margin = Math.abs(t.limit());
      double tells = m.detectable().percent(rounds);
      if (tells <= margin) {
        out.add(
            t.expression() + ": " + rounds + " rounds tell " + percent(tells) + " here: enough");
        continue;
      }
      int needed = m.detectable().trialsFor(margin);
      out.add(
          t.expression()
              + ": "
              + rounds
              + " rounds tell "
              + percent(tells)
              + " here, not "
              + Num.fixed(margin, 0)
              + " %: expect INCONCLUSIVE"
              + (needed == Integer.MAX_VALUE
                  ? ""
                  : "; about "
                      + needed
                      + " rounds would tell it"
                      + trialS.map(ts -> " (" + minutes(points * needed * 2 * ts) + ")").orElse("")
                      + (needed > s.mostRounds() ? ": --rounds " + needed : "")));
    }
    return out;
  }

  /** What a --quick look is, before its plan: the same test, less power. */
  static String quickLine(CompareSettings s) {
    return io.rpcxbench.runner.point.QuickLook.line(
        s.plan().rounds() + " rounds of " + s.runs() + " short runs a trial, none added",
        "a large change shows, and an INCONCLUSIVE or \"no significant change\"");
  }

  /**
   * A trial's seconds here ({@link TrialTime}): the warm-up fixed, or steady up to its cap; empty
   * when the runs are counts of calls.
   */
  static Optional<Integer> trialSeconds(CompareSettings s) {
    List<String> extra = s.harnessExtra();
    int i = extra.indexOf("--run-time");
    if (i < 0 || i + 1 >= extra.size() || extra.get(i + 1).equals("none")) {
      return Optional.empty();
    }
    Duration run = DurationConverter.parse(extra.get(i + 1));
    return Optional.of(TrialTime.seconds(TrialTime.warmupS(s.warmup()), s.runs(), run));
  }

  private static String percent(double p) {
    return Double.isInfinite(p) ? "nothing (too few rounds)" : "+-" + Num.fixed(p, 1) + " %";
  }

  private static String minutes(long seconds) {
    return TrialTime.minutes(seconds);
  }
}
