package io.rpcxbench.harness.config;

import picocli.CommandLine.Option;

/**
 * How many runs one harness JVM makes of a point, in one option group: {@code --runs}. The harness
 * mixes it in through {@link LoadOptions}; sweep, compare and calibrate mix in the same group, so
 * the option is declared once; a command whose method counts otherwise gives its own number unless
 * one is given ({@link #or}), as its warm-up and run length do.
 *
 * <pre>{@code
 * rpcx-bench run --protocol rpcx --threads 8 --requests 2000 --runs 5
 * rpcx-bench compare --variants rpcx,grpc --runs 6       // compare's method: 4, --quick 3
 * }</pre>
 */
public final class RunsOptions {
  @Option(
      names = "--runs",
      paramLabel = "N",
      description =
          "Runs in one harness JVM, orders 0..N-1; order 0 includes start-up (default "
              + Load.DEFAULT_RUNS
              + ", the paper's; compare's method 4, with --quick 3; calibrate's 5).")
  Integer runs;

  /** {@code --runs}, else the harness's default (the paper's 10). */
  public int runs() {
    return or(Integer.parseInt(Load.DEFAULT_RUNS));
  }

  /** {@code --runs} as given, else {@code method} (a command's own count). */
  public int or(int method) {
    return runs == null ? method : runs;
  }
}
