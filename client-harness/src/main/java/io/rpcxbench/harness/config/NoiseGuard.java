package io.rpcxbench.harness.config;

import java.util.List;
import java.util.Locale;

/**
 * What the harness does about runs on a contended machine ({@code --noise-guard}, {@code
 * MachineNoise}): {@code off} reads nothing (no noise columns); {@code warn} (the default) records
 * the readings in every run's row and warns on stderr; {@code strict} records them too, and a point
 * whose kept runs (orders 1.., or its only run) include a contended one exits with {@code
 * ExitCode.CONTENDED.code()} ({@code MachineNoise.refuses}) after writing its file.
 *
 * <pre>{@code
 * NoiseGuard g = NoiseGuard.parse("strict");
 * g.reads();   // true
 * }</pre>
 */
public enum NoiseGuard {
  OFF,
  WARN,
  STRICT;

  public static final String DEFAULT = "warn";

  /** As the option and the provenance write it: off, warn, strict. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The option that asks for this guard. */
  public List<String> args() {
    return List.of("--noise-guard", id());
  }

  /** Whether the machine's noise is read at all. */
  public boolean reads() {
    return this != OFF;
  }

  /**
   * @throws IllegalArgumentException naming the option, for anything but off, warn, strict
   */
  public static NoiseGuard parse(String text) {
    for (NoiseGuard g : values()) {
      if (g.id().equals(text)) {
        return g;
      }
    }
    throw new IllegalArgumentException("--noise-guard " + text + ": off, warn or strict");
  }
}
