package io.rpcxbench.runner.choose;

import io.rpcxbench.runner.link.LinkGrid;
import io.rpcxbench.runner.sweep.SweepTargetOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * A map across the network: {@code --across} (a choose at every link condition of some axes, each a
 * profile derived from the base one) and {@code --refine} (conditions added where a ranking
 * changes); the map's conditions they give.
 */
final class ChooseMapOptions {
  @Option(
      names = "--across",
      paramLabel = "AXIS=V1,V2,...",
      description =
          "Draw a map: run the choose at every link condition of these axes (repeatable: rtt,"
              + " loss, rate, jitter; e.g. --across rtt=0.1ms,1ms,10ms --across loss=0%%,1%%), each"
              + " a profile derived from --profile (default loopback) made as --link says, then"
              + " refine between neighbours where the winner changes (--refine); ends with the"
              + " map: the winner at each condition, where each pair's ranking changes with its"
              + " interval, and the link's model beside it (docs/choose.md#a-map-across-the-network).")
  List<String> across = new ArrayList<>();

  @Option(
      names = "--refine",
      paramLabel = "N",
      defaultValue = "3",
      description =
          "With --across: at most N conditions added between two where a pair's ranking changes"
              + " (bisection on the axis), within --max-time (default ${DEFAULT-VALUE}).")
  int refine = 3;

  /** The map's conditions, with --across; null without. */
  private LinkGrid grid;

  /**
   * With --across, the map's conditions (each a profile {@code target} runs across from here) after
   * --refine and the base profile are checked; null without.
   */
  LinkGrid grid(SweepTargetOptions target, Path home) {
    grid = null;
    if (!across.isEmpty()) {
      if (refine < 0) {
        throw new IllegalArgumentException("--refine must be 0 or more, got " + refine);
      }
      String base = target.baseProfile();
      if (base == null) {
        throw new IllegalArgumentException(
            "--across with several --profile names: give one, the base of every condition");
      }
      grid = LinkGrid.parse(across, base, home);
      target.across(grid.names());
    }
    return grid;
  }

  /** The map's conditions as {@link #grid(SweepTargetOptions, Path)} last gave them. */
  LinkGrid grid() {
    return grid;
  }
}
