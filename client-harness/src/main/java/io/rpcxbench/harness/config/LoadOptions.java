package io.rpcxbench.harness.config;

import java.time.Duration;
import picocli.CommandLine.Mixin;
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

  /** --requests-per and --run-time. */
  @Mixin RunLengthOptions runLength = new RunLengthOptions();

  /** --runs. */
  @Mixin RunsOptions runs = new RunsOptions();

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

  /**
   * The load making {@code call}; --threads and --requests given or filled by {@link
   * LoadModelOptions#resolve}.
   */
  public Load load(Call call) {
    return new Load(
        threads,
        requests,
        runLength.requestsPer(),
        runs.runs(),
        call.kind(),
        call.payload() != null ? call.payload() : call.kind().defaultPayload(),
        call.items() != null ? call.items() : Integer.parseInt(Load.DEFAULT_ITEMS),
        timeLimit,
        timeLimitPer,
        runLength.runTime());
  }

  /** --time-limit-per values in lower case, with a clear message. */
  static final class TimeLimitPerConverter
      implements picocli.CommandLine.ITypeConverter<TimeLimitPer> {
    @Override
    public TimeLimitPer convert(String value) {
      try {
        return TimeLimitPer.of(value);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }
}
