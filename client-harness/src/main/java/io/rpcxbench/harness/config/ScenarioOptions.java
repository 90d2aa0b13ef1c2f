package io.rpcxbench.harness.config;

import java.time.Duration;
import picocli.CommandLine.Option;

/** {@code --scenario}, {@code --work}, {@code --work-kind}: what stands behind the target. */
public final class ScenarioOptions {
  @Option(
      names = "--scenario",
      paramLabel = "single|chain",
      defaultValue = Scenario.DEFAULT_KIND,
      description =
          "What --host is: one server (single, default) or the gateway of a microservice chain"
              + " (chain: it calls two services); recorded, and chain points get files of their"
              + " own (chain-t64-r1000.csv).")
  String scenario;

  @Option(
      names = "--work",
      paramLabel = "DURATION",
      defaultValue = Scenario.DEFAULT_WORK,
      converter = DurationConverter.class,
      description =
          "The work per call the servers were started with (their --work), to record it"
              + " (default: ${DEFAULT-VALUE}).")
  Duration work;

  @Option(
      names = "--work-kind",
      paramLabel = "sleep|cpu",
      defaultValue = Scenario.DEFAULT_WORK_KIND,
      description = "The servers' --work-kind, to record it (default: ${DEFAULT-VALUE}).")
  String workKind;

  /**
   * @throws IllegalArgumentException for a bad value
   */
  public Scenario scenario() {
    return new Scenario(Scenario.Kind.of(scenario), work, workKind);
  }
}
