package io.rpcxbench.verdict.diff;

import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.FalsePositives;
import io.rpcxbench.stats.VarianceComponents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A calibration of a known spread between invocations, for the tests of what reads one. */
public final class CalibrationFixture {
  private CalibrationFixture() {}

  /**
   * A calibration of this "machine" whose invocations differ by {@code invocationSpread} (the sd of
   * an invocation's log offset, measured over 4 invocations) in every metric.
   */
  public static Calibration of(double invocationSpread) {
    List<Calibration.Metric> metrics = new ArrayList<>();
    for (String m : List.of("throughput", "p50", "p99", "p99.9")) {
      double v = invocationSpread * invocationSpread;
      metrics.add(
          new Calibration.Metric(
              m,
              0.03,
              new VarianceComponents(
                  new VarianceComponents.Level("invocations", v, 0.5, 3),
                  new VarianceComponents.Level("trials", 0.0009, 0.4, 28),
                  new VarianceComponents.Level("runs", 0.0001, 0.1, 64),
                  4,
                  32,
                  96,
                  0.01,
                  v),
              FalsePositives.none(),
              FalsePositives.none()));
    }
    return new Calibration(
        "h", "rpcx/t8-r2000", 4, 4, Instant.parse("2026-11-28T02:40:00Z"), metrics);
  }

  /** {@link #of} written to {@code file}; the file. */
  public static Path write(Path file, double invocationSpread) throws IOException {
    try (java.io.Writer w = Files.newBufferedWriter(file)) {
      of(invocationSpread).write(w);
    }
    return file;
  }
}
