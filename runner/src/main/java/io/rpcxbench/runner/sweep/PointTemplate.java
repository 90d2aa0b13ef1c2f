package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.config.WarmupPlan;
import java.util.List;

/**
 * What every point's harness gets besides its load: {@code harnessOptions} verbatim, the warm-up
 * (written by its own writer; null: none asked), the axes (harness options given several values,
 * each point once per value) and the scenario.
 */
public record PointTemplate(
    List<String> harnessOptions, WarmupPlan warmup, List<Axis> axes, Scenario scenario) {
  public PointTemplate {
    harnessOptions = List.copyOf(harnessOptions);
    axes = List.copyOf(axes);
  }
}
