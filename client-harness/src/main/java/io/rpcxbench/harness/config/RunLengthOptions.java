package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * How long a run of a point is, in one option group: {@code --requests-per} (R calls a thread or in
 * total) and {@code --run-time} (a time instead of a count). The harness mixes it in through {@link
 * LoadOptions}; the sweep mixes in the same group and gives its points what was given through
 * {@link #args}; compare and calibrate give theirs a run time of their method unless one is given
 * ({@link #runTime(CommandLine, Duration)}).
 *
 * <pre>{@code
 * rpcx-bench run --protocol rpcx --threads 8 --requests 2000 --run-time 2s
 * rpcx-bench compare --base-jar a.jar --new-jar b.jar --protocol rpcx --run-time none
 * }</pre>
 */
public final class RunLengthOptions {
  @Option(
      names = "--requests-per",
      paramLabel = "thread|total",
      defaultValue = Load.DEFAULT_REQUESTS_PER,
      converter = RequestsPerConverter.class,
      description =
          "thread: each thread makes R calls, a run makes T x R (default);"
              + " total: the T threads share R calls.")
  RequestsPer requestsPer;

  @Option(
      names = "--run-time",
      paramLabel = "DURATION|none",
      converter = RunTimeConverter.class,
      description =
          "Each run of a closed-loop or in-flight point lasts this long instead of a count of"
              + " calls: every thread (slot) keeps calling until the run's deadline, then the run"
              + " ends; --requests then only names the point (none, the harness's and the sweep's"
              + " default: runs of --requests calls, the paper's method; compare and calibrate"
              + " default to 2s).")
  Duration runTime;

  /** {@code --requests-per}. */
  RequestsPer requestsPer() {
    return requestsPer;
  }

  /** {@code --run-time}, checked: zero when not given or none. */
  Duration runTime() {
    return runTime == null ? Load.NO_RUN_TIME : runTime;
  }

  /**
   * {@code --run-time} as given on {@code cl}, else {@code method} (a command's own, zero: none):
   * zero for counts of calls.
   */
  public Duration runTime(CommandLine cl, Duration method) {
    return cl.getParseResult().hasMatchedOption("--run-time") ? runTime() : method;
  }

  /**
   * The harness options of what was given on {@code cl}, the run time {@code method} (a command's
   * own, zero: none) when none was: no option for the harness's defaults.
   */
  public List<String> args(CommandLine cl, Duration method) {
    List<String> args = new ArrayList<>();
    if (cl.getParseResult().hasMatchedOption("--requests-per")) {
      args.addAll(List.of("--requests-per", requestsPer.id()));
    }
    args.addAll(runTimeArgs(runTime(cl, method)));
    return args;
  }

  /** The harness's {@code --run-time} of {@code runTime} (zero: none, no option). */
  private static List<String> runTimeArgs(Duration runTime) {
    return runTime.isZero() ? List.of() : List.of("--run-time", DurationConverter.format(runTime));
  }

  /** --requests-per values in any case, with a clear message. */
  static final class RequestsPerConverter implements ITypeConverter<RequestsPer> {
    @Override
    public RequestsPer convert(String value) {
      for (RequestsPer r : RequestsPer.values()) {
        if (r.id().equalsIgnoreCase(value.trim())) {
          return r;
        }
      }
      throw new TypeConversionException("'" + value + "' is not thread or total");
    }
  }

  /** A positive duration, or {@code none} (zero: runs of a count of calls). */
  static final class RunTimeConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      if (value.trim().equalsIgnoreCase("none")) {
        return Load.NO_RUN_TIME;
      }
      Duration d = DurationConverter.parse(value);
      if (d.isNegative() || d.isZero()) {
        throw new TypeConversionException(
            "--run-time must be a positive duration, e.g. 2s, or none, got " + value);
      }
      return d;
    }
  }
}
