package io.rpcxbench.verdict.diff;

import io.rpcxbench.stats.Num;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Where the seconds of one invocation's trials go, from their raw files: the runs kept for the
 * verdict (measuring), the runs dropped (run 0), the rest of each harness JVM's life (its start,
 * connecting, the warm-up), and the time between one harness's end and the next one's start
 * (stopping and starting servers and JVMs, waiting until ready). A trial that measures less than
 * half its time spends it on what a verdict does not use.
 *
 * <pre>{@code
 * TrialSeconds t = TrialSeconds.of(point.trials());
 * t.measuredShare();   // 0.04: 4 % of the invocation's time was kept runs
 * t.text();            // "8 trials in 96.0 s, 12.0 s a trial: measuring 0.5 s (4 %), ..."
 * }</pre>
 *
 * @param trials trials counted
 * @param spanS the first harness's start to the last one's end (NaN when times are not recorded)
 * @param harnessS the harnesses' lives added up
 * @param measuredS the kept runs' time added up
 * @param droppedS the dropped runs' time added up
 */
public record TrialSeconds(
    int trials, double spanS, double harnessS, double measuredS, double droppedS) {

  public static TrialSeconds of(List<DiffSide.Trial> trials) {
    Instant first = null;
    Instant last = null;
    double harness = 0;
    double measured = 0;
    double all = 0;
    boolean timed = true;
    for (DiffSide.Trial t : trials) {
      measured += t.kept().stream().mapToDouble(r -> Math.max(0, r.timeTotal())).sum() / 1000;
      all += t.allRunsMs() / 1000;
      if (t.started() == null || t.finished() == null) {
        timed = false;
        continue;
      }
      harness += Duration.between(t.started(), t.finished()).toMillis() / 1000.0;
      first = first == null || t.started().isBefore(first) ? t.started() : first;
      last = last == null || t.finished().isAfter(last) ? t.finished() : last;
    }
    double span =
        timed && first != null ? Duration.between(first, last).toMillis() / 1000.0 : Double.NaN;
    return new TrialSeconds(trials.size(), span, harness, measured, Math.max(0, all - measured));
  }

  /** The share of the invocation's time spent in kept runs (NaN without times). */
  double measuredShare() {
    return spanS > 0 ? measuredS / spanS : Double.NaN;
  }

  /**
   * {@code 8 trials in 96.0 s, 12.0 s a trial: measuring 0.5 s (4 %), dropped runs 0.1 s, warm-up
   * and harness start 9.9 s, between harnesses (servers, JVM starts) 1.5 s}.
   */
  public String text() {
    if (Double.isNaN(spanS)) {
      return trials
          + " trials, their times not recorded: measuring "
          + s(measuredS / trials)
          + " a trial";
    }
    double per = spanS / trials;
    return trials
        + " trials in "
        + s(spanS)
        + ", "
        + s(per)
        + " a trial: measuring "
        + s(measuredS / trials)
        + " ("
        + Num.fixed(100 * measuredShare(), 0)
        + " %), dropped runs "
        + s(droppedS / trials)
        + ", warm-up and harness start "
        + s(Math.max(0, harnessS - measuredS - droppedS) / trials)
        + ", between harnesses (servers, JVM starts) "
        + s(Math.max(0, spanS - harnessS) / Math.max(1, trials - 1));
  }

  private static String s(double seconds) {
    return Num.fixed(seconds, 1) + " s";
  }
}
