package io.rpcxbench.harness.runner.sweep;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Harness options the sweep takes as its own and gives every point (recorded in every file); the
 * warm-up's and the call's are the harness's own groups ({@link
 * io.rpcxbench.harness.config.WarmupOptions}, {@link io.rpcxbench.harness.config.CallOptions}).
 */
final class PassThroughOptions {
  @Option(
      names = "--requests-per",
      paramLabel = "thread|total",
      description = "Passed to the harness.")
  String requestsPer;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      description = "Passed to the harness: the per-call deadline, e.g. 30s.")
  String timeout;

  @Option(
      names = "--run-time",
      paramLabel = "DURATION",
      description =
          "Passed to the harness: each run of a closed-loop or in-flight point lasts this long"
              + " instead of --requests calls (e.g. 2s; default none, the paper's count).")
  String runTime;

  /**
   * {@code call} (the call's own options, written by its writer), these options as harness
   * arguments, then {@code more} (what followed "--").
   */
  List<String> args(List<String> call, List<String> more) {
    if (timeout != null && !timeout.matches(".*[a-zA-Z].*")) {
      throw new IllegalArgumentException(
          "--timeout is the harness's per-call deadline, a duration like 30s; the point's limit in"
              + " seconds is --point-timeout "
              + timeout);
    }
    if (requestsPer != null && !requestsPer.equals("thread") && !requestsPer.equals("total")) {
      throw new IllegalArgumentException(
          "--requests-per must be thread or total, got '" + requestsPer + "'");
    }
    if (more.stream().anyMatch(a -> a.equals("--threshold") || a.startsWith("--threshold="))) {
      throw new IllegalArgumentException(
          "--threshold is the sweep's: give it before \"--\" (the sweep checks every point's"
              + " file; a point's harness would count a failed threshold as a failed point)");
    }
    List<String> opts = new ArrayList<>(call);
    add(opts, "--requests-per", requestsPer);
    add(opts, "--timeout", timeout);
    add(opts, "--run-time", runTime);
    opts.addAll(more);
    return opts;
  }

  private static void add(List<String> opts, String name, Object value) {
    if (value != null) {
      opts.addAll(List.of(name, value.toString()));
    }
  }
}
