package io.rpcxbench.runner.point;

import picocli.CommandLine.Option;

/**
 * {@code --placement pinned|unpinned}, declared once for every command that starts servers and
 * clients on this machine (sweep and choose with --local, compare). A value other than the two is
 * picocli's usage error (exit 2).
 */
public final class PlacementOption {
  @Option(
      names = "--placement",
      paramLabel = "pinned|unpinned",
      description =
          "Where the servers and the client started here run: pinned (default where there are"
              + " >= 2 CPUs and taskset), servers on the upper half of the CPUs and the client on"
              + " the lower half (taskset -c); unpinned: the scheduler places them. Recorded in"
              + " every raw file as placement.")
  Placement.Mode mode;

  /** Whether --placement was given. */
  public boolean given() {
    return mode != null;
  }

  /** This machine's placement as asked (pinned when not given). */
  public Placement here() {
    return Placement.here(mode == null ? Placement.Mode.pinned : mode);
  }
}
