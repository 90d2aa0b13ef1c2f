package io.rpcxbench.api;

/**
 * Every exit code of the project's commands (rpcx-bench and its sub-commands, the harness, the
 * report tool, the servers), each meaning one thing, in one list: k6's {@code errext/exitcodes}. A
 * command returns {@code ExitCode.X.code()}; {@code rpcx-bench help exit-codes} prints the list
 * ({@link ExitCodes}) and every {@code --help} points to it; a script tests the number.
 *
 * <pre>{@code
 * return ExitCode.LOCKED.code();   // 7: another run holds the output folder
 * }</pre>
 */
public enum ExitCode {
  OK(0, "done: every point complete, every gate passed"),
  FAILED(
      1,
      "calls, points or a server failed, no data, or a file unreadable, unwritable or bad"
          + " (stderr says which)"),
  USAGE(2, "bad input: an option, value or file refused before any work"),
  DROPPED(3, "every call answered, but the open loop dropped calls: its load was not offered"),
  NO_SPACE(4, "the disk filled: what was written is kept; rerun the same command to resume"),
  CONTENDED(5, "--noise-guard strict: a kept run ran on a contended machine (file written)"),
  INFEASIBLE(6, "the SLO is at or below what the link alone takes: nothing searched"),
  LOCKED(7, "another run holds the output folder's lock"),
  STOPPED(8, "a repeat stopped at --until or on an interrupt; rerun the same command to resume"),
  SERVER_DIED(9, "a server's thread died of a VM error: the server exits for its supervisor"),
  AA_DIFFERS(97, "the A/A check differs: this machine cannot be trusted for verdicts"),
  INCONCLUSIVE(
      98, "a gate cannot tell: the interval straddles its margin; more trials may decide it"),
  GATE_FAILED(99, "a gate failed: a threshold, margin or budget was not met"),
  TIMED_OUT(124, "the time limit passed"),
  PARENT_GONE(129, "the process that started this one is gone"),
  INTERRUPTED(130, "SIGINT: stopped; finished points kept, the same command resumes"),
  TERMINATED(143, "SIGTERM: stopped as on SIGINT");

  private final int code;
  private final String meaning;

  ExitCode(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  /** The process's exit status. */
  public int code() {
    return code;
  }

  /** What it means, in one line. */
  public String meaning() {
    return meaning;
  }

  /** Its name in files (a summary's {@code exit_meaning}): {@code locked}, {@code gate_failed}. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The code for a status, or null when the project never exits with it. */
  public static ExitCode of(int status) {
    for (ExitCode e : values()) {
      if (e.code == status) {
        return e;
      }
    }
    return null;
  }
}
