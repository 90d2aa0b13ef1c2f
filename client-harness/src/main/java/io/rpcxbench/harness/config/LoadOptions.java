package io.rpcxbench.harness.config;

import java.time.Duration;
import picocli.CommandLine.Option;

/** What load one point puts on a server: the paper's thread count x request count, repeated. */
public final class LoadOptions {
  @Option(
      names = "--threads",
      paramLabel = "T",
      description = "Threads that call at once (the paper's thread count).")
  public Integer threads;

  @Option(
      names = "--requests",
      paramLabel = "R",
      description = "Calls per thread (default) or in total, see --requests-per.")
  public Integer requests;

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
      names = "--runs",
      paramLabel = "N",
      defaultValue = Load.DEFAULT_RUNS,
      description =
          "Runs in this JVM, orders 0..N-1; order 0 includes start-up (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(
      names = "--time-limit",
      paramLabel = "DURATION",
      defaultValue = Load.DEFAULT_TIME_LIMIT,
      converter = DurationConverter.class,
      description =
          "Stop when this time is up (see --time-limit-per) and write the runs that finished,"
              + " status timeout (default: ${DEFAULT-VALUE}, no limit; sweep.sh passes 600s).")
  Duration timeLimit;

  @Option(
      names = "--time-limit-per",
      paramLabel = "point|run",
      defaultValue = Load.DEFAULT_TIME_LIMIT_PER,
      converter = TimeLimitPerConverter.class,
      description =
          "point: --time-limit bounds the whole point, from the harness's start (default, the"
              + " paper's 600 s); run: it bounds each run.")
  TimeLimitPer timeLimitPer;

  @Option(
      names = "--run-time",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Each run of a closed-loop or in-flight point lasts this long instead of a count of"
              + " calls: every thread (slot) keeps calling until the run's deadline, then the run"
              + " ends; --requests then only names the point (default: none, runs of --requests"
              + " calls, the paper's method).")
  Duration runTime;

  /**
   * The load making {@code call}; --threads and --requests given or filled by {@link
   * LoadModelOptions#resolve}.
   */
  public Load load(Call call) {
    return new Load(
        threads,
        requests,
        requestsPer,
        runs,
        call.kind(),
        call.payload() != null ? call.payload() : call.kind().defaultPayload(),
        call.items() != null ? call.items() : Integer.parseInt(Load.DEFAULT_ITEMS),
        timeLimit,
        timeLimitPer,
        runTime());
  }

  /** --run-time, checked: zero when not given. */
  private Duration runTime() {
    if (runTime == null) {
      return Load.NO_RUN_TIME;
    }
    if (runTime.isNegative() || runTime.isZero()) {
      throw new IllegalArgumentException(
          "--run-time must be a positive duration, e.g. 2s, got " + runTime);
    }
    return runTime;
  }

  /** --requests-per values in lower case, with a clear message. */
  static final class RequestsPerConverter
      implements picocli.CommandLine.ITypeConverter<RequestsPer> {
    @Override
    public RequestsPer convert(String value) {
      for (RequestsPer r : RequestsPer.values()) {
        if (r.id().equalsIgnoreCase(value.trim())) {
          return r;
        }
      }
      throw new picocli.CommandLine.TypeConversionException(
          "'" + value + "' is not thread or total");
    }
  }

  /** --time-limit-per values in lower case, with a clear message. */
  static final class TimeLimitPerConverter
      implements picocli.CommandLine.ITypeConverter<TimeLimitPer> {
    @Override
    public TimeLimitPer convert(String value) {
      for (TimeLimitPer t : TimeLimitPer.values()) {
        if (t.id().equalsIgnoreCase(value.trim())) {
          return t;
        }
      }
      throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not point or run");
    }
  }
}
