package io.rpcxbench.runner.sweep;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.review.PointReview;
import io.rpcxbench.harness.review.Thresholds;
import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.SweepLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * After a sweep (each trial of several): every point's file reviewed, warnings for runs that still
 * trend (the first {@value #MAX_TREND_WARNINGS} on the console, the files record every one) and the
 * thresholds' lines; a failed threshold makes a clean sweep's exit code {@link
 * ExitCode#GATE_FAILED}.
 */
final class SweepReview {
  /** Trend warnings on the console after a sweep; the files record every one. */
  static final int MAX_TREND_WARNINGS = 20;

  private SweepReview() {}

  /** Warnings for trends, the thresholds' lines: after the sweep, on every point's file. */
  static int review(Sweep sweep, SweepLog log, Thresholds checks, int code) throws IOException {
    if (code != ExitCode.OK.code() && code != ExitCode.FAILED.code()) {
      return code; // no points were run (lock, usage) or the disk is full
    }
    List<PointReview.PointFile> files = new ArrayList<>();
    for (PlannedPoint p : sweep.plan().points()) {
      files.add(new PointReview.PointFile(p.label(), p.protocol(), sweep.file(p)));
    }
    int[] trends = {0};
    Consumer<String> warn =
        w -> {
          if (trends[0]++ < MAX_TREND_WARNINGS) {
            log.line(w);
          }
        };
    boolean failed = new PointReview(checks, warn, log::line).review(files, false);
    if (trends[0] > MAX_TREND_WARNINGS) {
      log.line(
          "... and "
              + (trends[0] - MAX_TREND_WARNINGS)
              + " more points whose kept runs still trend (their files have '# trend:')");
    }
    return failed && code == ExitCode.OK.code() ? ExitCode.GATE_FAILED.code() : code;
  }
}
