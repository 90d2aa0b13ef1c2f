package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * How long a call may take: {@code --timeout}. The harness mixes it in through {@link
 * TargetOptions}; the sweep mixes in the same group and gives its points what was given ({@link
 * #args}).
 */
public final class DeadlineOptions {
  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = Target.DEFAULT_TIMEOUT,
      converter = DeadlineConverter.class,
      description =
          "Per-call deadline for every protocol, e.g. 500ms, 30s, PT1M"
              + " (default: ${DEFAULT-VALUE}); connect timeout is min(this, 5s).")
  Duration timeout;

  Duration timeout() {
    return timeout;
  }

  /** The harness option, when given on {@code cl} (none given: none, the default). */
  public List<String> args(CommandLine cl) {
    return cl.getParseResult().hasMatchedOption("--timeout")
        ? List.of("--timeout", DurationConverter.format(timeout))
        : List.of();
  }

  /** A duration; a bare number is told apart from a sweep's point limit in seconds. */
  static final class DeadlineConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      if (value.trim().matches("[0-9]+")) {
        throw new TypeConversionException(
            "'"
                + value
                + "' is not a duration like 30s: --timeout is the per-call deadline (a sweep's"
                + " limit of a point in seconds is --point-timeout "
                + value.trim()
                + ")");
      }
      return DurationConverter.parse(value);
    }
  }
}
