package io.rpcxbench.runner.sweep;

/**
 * When a sweep moves on without measuring: after {@code afterFailures} failed points in a row (0:
 * never), past points dominated by a failed one, after {@code afterOverload} rates in a row not
 * kept up with (0: never).
 */
public record StopRules(int afterFailures, boolean skipDominated, int afterOverload) {
  /** Every point measured. */
  public static final StopRules NONE = new StopRules(0, false, 0);
}
