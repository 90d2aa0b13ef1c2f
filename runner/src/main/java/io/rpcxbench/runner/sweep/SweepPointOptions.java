package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.Call;
import io.rpcxbench.harness.config.CallOptions;
import io.rpcxbench.harness.config.CompressionOptions;
import io.rpcxbench.harness.config.DeadlineOptions;
import io.rpcxbench.harness.config.RunLengthOptions;
import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.config.ScenarioOptions;
import io.rpcxbench.harness.config.WarmupOptions;
import io.rpcxbench.harness.config.WarmupPlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;

/**
 * The harness's option groups a sweep gives every point (the warm-up, the call, the run's length,
 * the scenario, the deadline, the compression), each the harness's own class; what was given
 * reaches the points through each group's writer, then the harness options after {@code --}.
 */
final class SweepPointOptions {
  @Mixin WarmupOptions warmup = new WarmupOptions();

  @Mixin CallOptions call = new CallOptions();

  @Mixin RunLengthOptions runLength = new RunLengthOptions();

  @Mixin ScenarioOptions scenario = new ScenarioOptions();

  @Mixin DeadlineOptions deadline = new DeadlineOptions();

  @Mixin CompressionOptions compression = new CompressionOptions();

  /** What stands behind the target. */
  Scenario scenario() {
    return scenario.scenario();
  }

  /**
   * The warm-up given to the sweep, for every point; null when none was (the harness's default, or
   * what the options after {@code --}, {@code extras}, say, which may not give it twice).
   */
  WarmupPlan warmup(CommandLine cl, List<String> extras) {
    WarmupPlan plan = warmup.resolve(cl, null);
    if (plan != null) {
      WarmupOptions.requireNoneAfterDashes(extras, "the sweep");
    }
    return plan;
  }

  /**
   * The harness options every point gets besides its load, target and warm-up: the call's, the
   * run's length, the deadline (each as given on {@code cl}, by its group's writer), then {@code
   * extras}, what followed "--"; the compression last before them (when one codec is given).
   */
  List<String> options(CommandLine cl, List<String> extras) {
    if (extras.stream().anyMatch(a -> a.equals("--threshold") || a.startsWith("--threshold="))) {
      throw new IllegalArgumentException(
          "--threshold is the sweep's: give it before \"--\" (the sweep checks every point's"
              + " file; a point's harness would count a failed threshold as a failed point)");
    }
    List<String> options = new ArrayList<>(callArgs());
    options.addAll(runLength.args(cl, Duration.ZERO));
    options.addAll(deadline.args(cl));
    options.addAll(compression.sharedArgs(cl));
    options.addAll(extras);
    return options;
  }

  /** The call's options given several values: the sweep's own dimensions, in this order. */
  List<Axis> axes() {
    List<Axis> axes = new ArrayList<>(Axis.of("--payload", call.payloads()));
    axes.addAll(Axis.of("--items", call.itemCounts()));
    axes.addAll(Axis.of("--compression", compression.codecs()));
    return axes;
  }

  /** The call every point shares, written by its writer; none when no call option is given. */
  private List<String> callArgs() {
    Call shared = call.sharedCall(); // checked even when nothing is given
    return call.anyGiven() ? shared.args() : List.of();
  }
}
