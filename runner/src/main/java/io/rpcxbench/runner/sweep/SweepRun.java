package io.rpcxbench.runner.sweep;

import java.nio.file.Path;

/**
 * How a sweep runs its points: into {@code out}, the failed ones again ({@code retryFailed}), in
 * this JVM or a fresh one each ({@code inProcess}), from the installation at {@code home}.
 */
public record SweepRun(Path out, boolean retryFailed, boolean inProcess, Path home) {
  /** The same, writing to {@code folder}. */
  SweepRun in(Path folder) {
    return new SweepRun(folder, retryFailed, inProcess, home);
  }
}
