package io.rpcxbench.harness.config;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How long each run of an open-loop point offers its rate, in one option group: {@code --duration}.
 * The harness mixes it in through {@link LoadModelOptions} (with {@code --rate}); the sweep mixes
 * in the same group for its {@code --rates} (its method: 10 s, whole seconds), so the option is
 * declared once.
 *
 * <pre>{@code
 * rpcx-bench run --protocol rpcx --rate 5000 --duration 30s
 * rpcx-bench sweep --local --protocol rpcx --rates 1000,2000 --duration 20s
 * }</pre>
 */
public final class RateDurationOptions {
  @Option(
      names = "--duration",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Open loop: how long each run offers its rate, e.g. 30s (a sweep's --rates: whole"
              + " seconds, default 10s).")
  Duration duration;

  /** {@code --duration}; null when not given. */
  public Duration given() {
    return duration;
  }

  /** {@code --duration} as given, else {@code method} (a command's own). */
  public Duration or(Duration method) {
    return duration == null ? method : duration;
  }
}
