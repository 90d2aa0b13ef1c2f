package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a point warms up before order 0: steady (iterations until converged, {@link SteadyWarmup}),
 * fixed ({@code --warmup D}), none (the paper's), or none with order 0 counting from before the
 * client is built ({@code --cold-start}). Its load is the point's own, or for an open loop {@code
 * --warmup-in-flight} calls kept outstanding through the same calls the open loop makes (its async
 * API, or a thread a call for a blocking client), as fast as the replies come: an open loop's own
 * warm-up at a low rate warms nothing (gRPC's client at 10 calls/s: 300 calls in 30 s, p50 4.3 ms
 * against 1.0 ms warmed). A closed loop of blocking calls warmed other code than the open loop's
 * async calls: rpcx's probes then lagged their schedule by milliseconds. Part of {@link RunConfig};
 * {@link WarmupOptions} builds it from the options; a runner command that fixes its own method
 * (choose's short steady warm-up) builds it with {@link #steady}, and every point gets it through
 * {@link #args()}.
 *
 * @param fixed the fixed warm-up; zero with a steady one or none
 * @param coldStart order 0 includes building the client and its first call
 * @param steady the steady warm-up, or null for a fixed one or none
 * @param inFlight the calls an open loop's warm-up keeps outstanding instead of its schedule; 0:
 *     the point's own load
 */
public record WarmupPlan(Duration fixed, boolean coldStart, SteadyWarmup steady, int inFlight) {
  /**
   * No fixed warm-up: without a warm-up option the warm-up is steady ({@link WarmupOptions}); given
   * explicitly, 0s is the paper's method (order 0 includes start-up, the cleaning drops it).
   */
  static final String DEFAULT_WARMUP = "0s";

  /** The paper's: no warm-up, order 0 includes start-up. */
  static final WarmupPlan NONE = new WarmupPlan(Duration.ZERO, false, null, 0);

  /** A plan whose warm-up is the point's own load (no {@code --warmup-in-flight}). */
  public WarmupPlan(Duration fixed, boolean coldStart, SteadyWarmup steady) {
    this(fixed, coldStart, steady, 0);
  }

  /**
   * A steady warm-up of {@code iteration}-long iterations at the default tolerance, at most {@code
   * max}: a command's own method, checked.
   */
  public static WarmupPlan steady(Duration iteration, Duration max) {
    WarmupPlan plan =
        new WarmupPlan(
            Duration.ZERO,
            false,
            new SteadyWarmup(
                iteration, SteadyWarmup.parsePercent(SteadyWarmup.DEFAULT_TOLERANCE), max));
    plan.validate();
    return plan;
  }

  /** A fixed warm-up of {@code length} (zero: none, the paper's), checked. */
  public static WarmupPlan fixed(Duration length) {
    WarmupPlan plan = new WarmupPlan(length, false, null);
    plan.validate();
    return plan;
  }

  /** This warm-up with its load {@code calls} kept outstanding ({@code --warmup-in-flight}). */
  public WarmupPlan withInFlight(int calls) {
    WarmupPlan plan = new WarmupPlan(fixed, coldStart, steady, calls);
    plan.validate();
    return plan;
  }

  /**
   * The harness options that reproduce it, the one writer a runner command gives a point its
   * warm-up with (the same the harness's own {@code # options:} line and forks use): none is {@code
   * --paper}, the paper's cold method, by which the runner also knows to start the point's JVM with
   * it and without a class-data archive.
   */
  public List<String> args() {
    if (this.equals(NONE)) {
      return List.of("--paper");
    }
    List<String> args = new ArrayList<>();
    if (steady != null) {
      steady.addArgs(args); // --warmup is 0s beside it, the harness's default
    } else if (!fixed.isZero()) {
      args.addAll(List.of("--warmup", DurationConverter.format(fixed)));
    }
    if (inFlight > 0) {
      args.addAll(List.of("--warmup-in-flight", String.valueOf(inFlight)));
    }
    addColdStartArgs(args);
    return args;
  }

  /** The longest it may take, in seconds: a steady warm-up's cap, a fixed one's length. */
  public long mostS() {
    return steady != null ? steady.max().toSeconds() : fixed.toSeconds();
  }

  /** How it reads in a plan, machine.txt and a method text. */
  public String text() {
    String load = inFlight > 0 ? ", " + inFlight + " calls kept outstanding" : "";
    return kindText() + load;
  }

  private String kindText() {
    if (steady != null) {
      return "steady: "
          + DurationConverter.format(steady.iteration())
          + " iterations until two in a row differ by less than "
          + SteadyWarmup.percent(steady.tolerance())
          + ", at most "
          + DurationConverter.format(steady.max());
    }
    String none = coldStart ? "none, order 0 from the client's start" : "none";
    return fixed.isZero() ? none : "a fixed " + DurationConverter.format(fixed);
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (fixed.isNegative()) {
      throw new IllegalArgumentException("--warmup must not be negative, got " + fixed);
    }
    if (steady != null) {
      steady.validate();
    }
    if (inFlight < 0) {
      throw new IllegalArgumentException(
          "--warmup-in-flight must be 0 (the point's own load) or a positive count, got "
              + inFlight);
    }
    if (inFlight > 0 && steady == null && fixed.isZero()) {
      throw new IllegalArgumentException(
          "--warmup-in-flight " + inFlight + " sets the warm-up's load, but there is no warm-up");
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

  /** {@code --warmup}, the steady warm-up's options and {@code --warmup-in-flight}. */
  void addArgs(List<String> args) {
    args.addAll(List.of("--warmup", String.valueOf(fixed)));
    if (steady != null) {
      steady.addArgs(args);
    }
    if (inFlight > 0) {
      args.addAll(List.of("--warmup-in-flight", String.valueOf(inFlight)));
    }
  }

  /**
   * Whether the warm-up keeps {@link #inFlight} calls outstanding instead of running the point's
   * {@code model}: where it was asked and the point is an open loop (the closed loop and the
   * in-flight model go as fast as the replies already).
   */
  public boolean inFlightFor(LoadModel.Kind model) {
    return inFlight > 0 && model == LoadModel.Kind.OPEN;
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
    if (inFlight > 0) {
      m.put("warmup_in_flight", String.valueOf(inFlight));
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
