package io.rpcxbench.runner.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Which points {@code compare} runs and how many calls a run makes: {@code --threads}, {@code
 * --in-flight}, {@code --requests} and {@code --divisors}.
 */
final class ComparePointOptions {
  @Option(
      names = "--threads",
      paramLabel = "LIST",
      defaultValue = "1,64",
      description = "Closed-loop thread counts, or none (default ${DEFAULT-VALUE}).")
  String threads;

  @Option(
      names = "--in-flight",
      paramLabel = "LIST",
      defaultValue = "1,64",
      description = "In-flight counts, or none (default ${DEFAULT-VALUE}).")
  String inFlight;

  @Option(
      names = "--requests",
      paramLabel = "SPEC",
      defaultValue = "1:20000,64:3000",
      description =
          "Calls per thread (slot) per run with --run-time none: R, or N:R,... (default"
              + " ${DEFAULT-VALUE}); with a run time it names the points only.")
  String requests;

  @Option(
      names = "--divisors",
      paramLabel = "V:D,...|none",
      description = "Variants that make R/D calls (default: bench/compare-divisors.tsv).")
  String divisors;

  /** --quick's one point where {@code given} names none: 1 thread, no in-flight point. */
  void applyQuick(CommandLine.ParseResult given) {
    if (!given.hasMatchedOption("--threads") && !given.hasMatchedOption("--in-flight")) {
      threads = "1"; // one point, whose calls per run the default --requests has
      inFlight = "none";
    }
  }

  /**
   * The plan of {@code variants} in {@code rounds} rounds, the divisors given or {@code home}'s.
   */
  ComparePlan protocols(Path home, List<String> variants, int rounds) throws IOException {
    return ComparePlan.of(threads, inFlight, requests, divisors(home), variants, rounds);
  }

  /** The plan of the two sides of {@code builds} in {@code rounds} rounds. */
  ComparePlan builds(Path home, JarPair builds, int rounds) throws IOException {
    return ComparePlan.of(
        threads,
        inFlight,
        requests,
        ComparePlan.bothSides(divisors(home).getOrDefault(builds.protocol(), 1)),
        JarPair.SIDES,
        rounds);
  }

  private Map<String, Integer> divisors(Path home) throws IOException {
    return divisors == null
        ? ComparePlan.divisors(home.resolve("bench/compare-divisors.tsv"))
        : ComparePlan.divisors(divisors);
  }
}
