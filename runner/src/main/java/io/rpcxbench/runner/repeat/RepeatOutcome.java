package io.rpcxbench.runner.repeat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * What a repeat does when one of its sweeps ended with sweep.sh's exit {@code status}: 0, or 1 (it
 * went through its plan and some point failed, timed out or had errors: a result, as OpenFeign's
 * 990 x 500 timing out is), is done, and the sweep's folder gets its {@code done} file; 124 (the
 * repeat's --until stopped it) and 130 (interrupted) resume on the next run, after the points the
 * stop interrupted are discarded ({@link InterruptedPoints}); anything else failed.
 *
 * <pre>{@code
 * RepeatOutcome o = RepeatOutcome.of(step, 130);
 * o.lines();   // what to log: the removed files, then "rep 1 a-1gbit-thread: interrupted ..."
 * o.exit();    // 0 go on, 8 stop here (resumes), 1 failed
 * }</pre>
 */
record RepeatOutcome(List<String> lines, int exit) {
  /**
   * Records the end of {@code step}'s sweep (its done file, or its discards) and says what next.
   */
  static RepeatOutcome of(RepeatPlan.Step step, int status, String until) throws IOException {
    String name = "rep " + step.rep() + " " + step.regime().id();
    if (status == ExitCode.OK.code() || status == ExitCode.FAILED.code()) {
      AtomicText.write(
          step.dir().resolve(RepeatPlan.DONE),
          Instant.now().truncatedTo(ChronoUnit.SECONDS) + System.lineSeparator());
      return new RepeatOutcome(
          List.of(
              name
                  + (status == ExitCode.OK.code()
                      ? ": done"
                      : ": done, with points that failed, timed out or had errors (the sweep log"
                          + " says which)")),
          ExitCode.OK.code());
    }
    if (status == ExitCode.TIMED_OUT.code() || status == ExitCode.INTERRUPTED.code()) {
      List<String> lines = new ArrayList<>(InterruptedPoints.discard(step.dir()));
      lines.add(
          name
              + (status == ExitCode.INTERRUPTED.code()
                  ? ": interrupted (resumes on the next run)"
                  : ": stopped at --until " + until + " (resumes on the next run)"));
      return new RepeatOutcome(lines, ExitCode.STOPPED.code());
    }
    return new RepeatOutcome(
        List.of(name + ": the sweep failed, exit " + status), ExitCode.FAILED.code());
  }
}
