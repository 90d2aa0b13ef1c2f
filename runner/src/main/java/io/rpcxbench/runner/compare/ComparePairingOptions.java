package io.rpcxbench.runner.compare;

import java.time.Duration;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * How a round of {@code compare} pairs its variants, {@code --pairing}: each a trial of its own,
 * one after another, or their runs taking turns in windows ({@link WindowPairing}), which need runs
 * of a time.
 */
final class ComparePairingOptions {
  @Option(
      names = "--pairing",
      paramLabel = "trials|windows",
      defaultValue = "trials",
      description =
          "How a round pairs its variants: trials (each a trial of its own, one after another) or"
              + " windows (all started afresh and warmed up together, then their runs take turns"
              + " in slots of --run-time, so that the runs compared see the same seconds of the"
              + " machine; needs --run-time; measured here no narrower than trials:"
              + " docs/report.md). Default: ${DEFAULT-VALUE}.")
  String pairing = "trials";

  /**
   * --pairing's windows (null for trials), checked against each run's length {@code runTime} (zero:
   * none, runs of a count of calls).
   */
  WindowPairing windows(Supplier<Duration> runTime) {
    switch (pairing) {
      case "trials":
        return null;
      case "windows":
        if (runTime.get().isZero()) {
          throw new IllegalArgumentException(
              "--pairing windows takes turns in runs of a time: it needs --run-time, not none");
        }
        return new WindowPairing(runTime.get(), WindowPairing.GAP);
      default:
        throw new IllegalArgumentException(
            "--pairing: expected trials or windows, got '" + pairing + "'");
    }
  }
}
