package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * How a point warms up before order 0: steady (iterations until converged, {@link SteadyWarmup}),
 * fixed ({@code --warmup D}), none (the paper's), or none with order 0 counting from before the
 * client is built ({@code --cold-start}). Its load is the point's own, or a closed loop of {@code
 * --warmup-threads} threads for the open loop and the in-flight model: an open loop's own warm-up
 * at a low rate warms nothing (gRPC's client at 10 calls/s: 300 calls in 30 s, p50 2.7 ms against
 * 0.45 ms at 1,000 calls/s, its code never compiled). Part of {@link RunConfig}; {@link
 * WarmupModeOptions} builds it.
 *
 * @param fixed the fixed warm-up; zero with a steady one or none
 * @param coldStart order 0 includes building the client and its first call
 * @param steady the steady warm-up, or null for a fixed one or none
 * @param threads the closed loop's threads the warm-up runs instead of the point's open or
 *     in-flight load; 0: the point's own load
 */
public record WarmupPlan(Duration fixed, boolean coldStart, SteadyWarmup steady, int threads) {
  /**
   * No fixed warm-up: without a warm-up option the warm-up is steady ({@link WarmupModeOptions});
   * given explicitly, 0s is the paper's method (order 0 includes start-up, the cleaning drops it).
   */
  static final String DEFAULT_WARMUP = "0s";

  /** The paper's: no warm-up, order 0 includes start-up. */
  static final WarmupPlan NONE = new WarmupPlan(Duration.ZERO, false, null, 0);

  /** A plan without a closed-loop warm-up: the point's own load warms it up. */
  public WarmupPlan(Duration fixed, boolean coldStart, SteadyWarmup steady) {
    this(fixed, coldStart, steady, 0);
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (fixed.isNegative()) {
      throw new IllegalArgumentException("--warmup must not be negative, got " + fixed);
    }
    if (steady != null) {
      steady.validate();
    }
    if (threads < 0) {
      throw new IllegalArgumentException(
          "--warmup-threads must be 0 (the point's own load) or a positive count, got " + threads);
    }
    if (threads > 0 && steady == null && fixed.isZero()) {
      throw new IllegalArgumentException(
          "--warmup-threads " + threads + " sets the warm-up's load, but there is no warm-up");
    }
    if (coldStart && !fixed.isZero()) {
      throw new IllegalArgumentException(
          "--cold-start measures the first calls in order 0; it cannot be combined with --warmup "
              + fixed);
    }
  }

  /** {@code none} (the paper's), {@code fixed} (--warmup D) or {@code steady}. */
  String mode() {
    if (steady != null) {
      return "steady";
    }
    return fixed.isZero() ? "none" : "fixed";
  }

  /** {@code --warmup}, the steady warm-up's options and {@code --warmup-threads}. */
  void addArgs(List<String> args) {
    args.addAll(List.of("--warmup", String.valueOf(fixed)));
    if (steady != null) {
      steady.addArgs(args);
    }
    if (threads > 0) {
      args.addAll(List.of("--warmup-threads", String.valueOf(threads)));
    }
  }

  /**
   * Whether the warm-up runs a closed loop of {@link #threads} instead of the point's {@code
   * model}: only where it was asked and the point's own load is not a closed loop already.
   */
  public boolean closedLoopFor(LoadModel.Kind model) {
    return threads > 0 && model != LoadModel.Kind.CLOSED;
  }

  /** {@code --cold-start}, when given. */
  void addColdStartArgs(List<String> args) {
    if (coldStart) {
      args.add("--cold-start");
    }
  }

  /** The warm-up's keys before it ran (the point's run sets the counts). */
  public void provenance(Map<String, String> m) {
    m.put("warmup", fixed.toString());
    m.put("warmup_calls", "0");
    m.put("warmup_mode", mode());
    m.put("warmup_iterations", "0");
    if (threads > 0) {
      m.put("warmup_threads", String.valueOf(threads));
    }
    if (steady != null) {
      m.put("warmup_converged", "false");
    }
  }

  /** {@code cold_start}. */
  public void coldStartProvenance(Map<String, String> m) {
    m.put("cold_start", String.valueOf(coldStart));
  }
}
