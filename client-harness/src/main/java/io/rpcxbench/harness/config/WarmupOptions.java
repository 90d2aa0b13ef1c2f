package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How a point warms up, every warm-up option in one group: {@code --warmup}, {@code --warmup-mode
 * fixed|steady}, the steady warm-up's settings ({@link SteadyWarmup}), {@code --warmup-in-flight},
 * {@code --cold-start} and {@code --paper}. Without any of them the warm-up is steady (JMH-style,
 * until converged); {@code --paper} is the paper's cold method (no warm-up, order 0 includes
 * start-up and the report drops it), and so is an explicit {@code --warmup 0s}. The harness and
 * every runner command that starts harness JVMs (sweep, compare, calibrate) mix in this one group,
 * so each option has one declaration, one grammar and one default; the {@link WarmupPlan} it gives
 * reaches a point through that plan's own writer ({@link WarmupPlan#args()}).
 *
 * <pre>{@code
 * rpcx-bench run --protocol rpcx --threads 10 --requests 100            # steady warm-up
 * rpcx-bench run --protocol rpcx --threads 10 --requests 100 --paper    # none, the paper's
 * rpcx-bench run --protocol rpcx --threads 10 --requests 100 --warmup 5s
 * rpcx-bench sweep --protocol rpcx --threads 1,8 --requests 2000 --warmup-max 3s
 * }</pre>
 */
public final class WarmupOptions {
  /** Every option of the group. */
  private static final List<String> ALL =
      List.of(
          "--paper",
          "--warmup",
          "--cold-start",
          "--warmup-mode",
          "--warmup-iteration",
          "--warmup-tolerance",
          "--warmup-max",
          "--warmup-in-flight");

  /** The options that only a steady warm-up takes. */
  private static final List<String> STEADY_OPTIONS =
      List.of("--warmup-iteration", "--warmup-tolerance", "--warmup-max");

  @Option(
      names = "--paper",
      description =
          "The paper's cold method in one flag: no warm-up (order 0 includes start-up; the report"
              + " drops it), the paper's defaults. Contradicts any warm-up option.")
  boolean paper;

  @Option(
      names = "--warmup",
      paramLabel = "DURATION",
      defaultValue = WarmupPlan.DEFAULT_WARMUP,
      converter = DurationConverter.class,
      description =
          "A fixed warm-up before order 0: the point's load for this long, none of its calls"
              + " recorded; 0s: none, the paper's method. Given, it replaces the default steady"
              + " warm-up (--warmup-mode).")
  Duration warmup;

  @Option(
      names = "--cold-start",
      description =
          "Order 0 includes building the client (class loading, connecting) and its first call,"
              + " as a program run once would see it (the paper's first run); no warm-up.")
  boolean coldStart;

  @Option(
      names = "--warmup-mode",
      paramLabel = "fixed|steady",
      description =
          "steady (the default without --warmup, --cold-start or --paper): warm-up iterations of"
              + " the point's load until two in a row differ in calls/s by less than"
              + " --warmup-tolerance, at most --warmup-max (JMH-style); fixed: warm up for"
              + " --warmup (0s: none, the paper's method).")
  String mode;

  @Option(
      names = "--warmup-iteration",
      paramLabel = "DURATION",
      defaultValue = SteadyWarmup.DEFAULT_ITERATION,
      converter = DurationConverter.class,
      description = "Steady warm-up: each iteration's length (default: ${DEFAULT-VALUE}).")
  Duration iteration;

  @Option(
      names = "--warmup-tolerance",
      paramLabel = "PCT",
      defaultValue = SteadyWarmup.DEFAULT_TOLERANCE,
      description =
          "Steady warm-up: converged when two iterations in a row differ by less than this"
              + " (default: ${DEFAULT-VALUE}).")
  String tolerance;

  @Option(
      names = "--warmup-max",
      paramLabel = "DURATION",
      defaultValue = SteadyWarmup.DEFAULT_MAX,
      converter = DurationConverter.class,
      description =
          "Steady warm-up: the cap; the runs start then even when not converged, and the file"
              + " says so (default: ${DEFAULT-VALUE}).")
  Duration max;

  @Option(
      names = "--warmup-in-flight",
      paramLabel = "N",
      defaultValue = "0",
      description =
          "The warm-up's load for an open loop (--rate): N calls kept outstanding through the"
              + " calls the open loop makes, as fast as the replies come; then one GC of this JVM"
              + " and the schedule is measured. An open loop's own warm-up at a low rate leaves the"
              + " client's code uncompiled (gRPC: p50 4.3 ms at 10 calls/s, 1.0 ms warmed). 0 (the"
              + " default): the point's own load.")
  int inFlight;

  /**
   * The warm-up asked for or defaulted to: the steady warm-up, a fixed one or none. {@code cl} is
   * the command line this group is mixed into (which of its options were given).
   *
   * @throws ParameterException for a bad mode or value, a steady warm-up beside {@code --warmup} or
   *     {@code --cold-start}, or {@code --paper} beside a warm-up option
   */
  public WarmupPlan resolve(CommandLine cl) {
    CommandLine.ParseResult parsed = cl.getParseResult();
    try {
      if (paper) {
        requireNoWarmUpOption(parsed);
      }
      switch (mode(parsed)) {
        case "fixed" -> {
          for (String option : STEADY_OPTIONS) {
            if (given(parsed, option)) {
              throw new IllegalArgumentException(option + " goes with --warmup-mode steady");
            }
          }
          WarmupPlan plan = new WarmupPlan(warmup, coldStart, null, inFlight);
          plan.validate();
          return plan;
        }
        case "steady" -> {
          if (!warmup.isZero()) {
            throw new IllegalArgumentException(
                "--warmup-mode steady warms up until converged: it replaces --warmup "
                    + DurationConverter.format(warmup));
          }
          if (coldStart) {
            throw new IllegalArgumentException(
                "--cold-start measures the first calls in order 0; it cannot be combined with"
                    + " --warmup-mode steady");
          }
          SteadyWarmup steady =
              new SteadyWarmup(iteration, SteadyWarmup.parsePercent(tolerance), max);
          steady.validate();
          WarmupPlan plan = new WarmupPlan(warmup, coldStart, steady, inFlight);
          plan.validate();
          return plan;
        }
        default ->
            throw new IllegalArgumentException(
                "--warmup-mode: '" + mode + "' is not fixed or steady");
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
  }

  /**
   * Refuses a warm-up option among {@code extras}, the harness options given after {@code --} to
   * {@code command}, which takes the warm-up itself: a point would get it twice.
   *
   * @throws IllegalArgumentException naming the option
   */
  public static void requireNoneAfterDashes(List<String> extras, String command) {
    for (String a : extras) {
      String option = a.split("=", 2)[0];
      if (ALL.contains(option)) {
        throw new IllegalArgumentException(
            option + " is " + command + "'s own (a warm-up option): give it before \"--\"");
      }
    }
  }

  /**
   * A command's own method when no warm-up option is given ({@code compare --quick}'s fixed 1 s,
   * the calibration's short steady warm-up), else the warm-up asked for: given options win.
   */
  public WarmupPlan resolve(CommandLine cl, WarmupPlan method) {
    CommandLine.ParseResult parsed = cl.getParseResult();
    return ALL.stream().anyMatch(o -> given(parsed, o)) ? resolve(cl) : method;
  }

  /**
   * The mode given, else the default: none (fixed, 0s) with --paper, --cold-start or an explicit
   * --warmup, which each choose their warm-up; steady otherwise.
   */
  private String mode(CommandLine.ParseResult parsed) {
    if (mode != null) {
      return mode.trim().toLowerCase(Locale.ROOT);
    }
    boolean chosen = paper || coldStart || given(parsed, "--warmup");
    return chosen ? "fixed" : "steady";
  }

  /** --paper is no warm-up: a warm-up option beside it contradicts it. */
  private void requireNoWarmUpOption(CommandLine.ParseResult parsed) {
    String contradiction = null;
    if (mode != null && !mode.trim().equalsIgnoreCase("fixed")) {
      contradiction = "--warmup-mode " + mode;
    } else if (!warmup.isZero()) {
      contradiction = "--warmup " + DurationConverter.format(warmup);
    } else {
      contradiction =
          STEADY_OPTIONS.stream().filter(o -> given(parsed, o)).findFirst().orElse(null);
    }
    if (contradiction == null && inFlight != 0) {
      contradiction = "--warmup-in-flight " + inFlight;
    }
    if (contradiction != null) {
      throw new IllegalArgumentException(
          "--paper is the paper's cold method, no warm-up: it contradicts " + contradiction);
    }
  }

  private static boolean given(CommandLine.ParseResult parsed, String option) {
    return parsed != null && parsed.hasMatchedOption(option);
  }
}
