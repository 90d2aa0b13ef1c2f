package io.rpcxbench.report.db;

import java.io.PrintWriter;

/**
 * The problems of one file as {@code file:line: reason}: the first {@link #SHOWN} are printed, the
 * rest only counted, and {@link #finish} prints how many were left out. A file of junk thus costs a
 * few lines of output, not one per line of junk.
 */
final class ProblemLog {
  static final int SHOWN = 20;

  private final PrintWriter err;
  private final String file;
  private int count;
  private int printed;

  ProblemLog(PrintWriter err, String file) {
    this.err = err;
    this.file = file;
  }

  /** A problem at {@code line} (1-based). */
  void add(int line, String reason) {
    count++;
    if (count <= SHOWN) {
      err.println(file + ":" + line + ": " + reason);
      printed++;
    }
  }

  /** A problem that is printed even past the first {@link #SHOWN} (a verdict on the file). */
  void addAlways(int line, String reason) {
    count++;
    printed++;
    err.println(file + ":" + line + ": " + reason);
  }

  int count() {
    return count;
  }

  /** Prints the number of problems not shown, if any. */
  void finish() {
    if (count > printed) {
      err.println(
          file + ": " + (count - printed) + " more problems not shown (" + count + " in all)");
    }
    err.flush();
  }
}
