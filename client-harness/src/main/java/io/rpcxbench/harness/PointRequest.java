package io.rpcxbench.harness;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.fleet.FleetProvenance;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.Provenance;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One point as the runner asks the harness for it ({@link PointBuilder}), parsed and checked once,
 * and what the runner learns from it without parsing it again: the file the harness writes, the
 * keys a failed point's file gets. Its arguments are what the point's JVM is started with (or its
 * in-process run is given): the harness's own writer's ({@code RunConfig.toArgs()}), every option
 * with its value.
 *
 * <pre>{@code
 * PointRequest r = HarnessPoints.point("rpcx").closed(10, 100).request();
 * r.resultFile();           // results/raw/rpcx/t10-r100.csv
 * }</pre>
 */
public final class PointRequest {
  private final List<String> args;
  private final RunConfig config;

  PointRequest(List<String> args, RunConfig config) {
    this.args = List.copyOf(args);
    this.config = config;
  }

  /** The harness's arguments of the point. */
  public List<String> args() {
    return args;
  }

  RunConfig config() {
    return config;
  }

  /** The file the harness writes for the point. */
  public Path resultFile() {
    return PointRecorder.resultFile(config, config.protocols().get(0));
  }

  /** The most calls its open loop keeps outstanding ({@code --max-in-flight}). */
  public int maxInFlight() {
    return config.loadModel().maxInFlight();
  }

  /**
   * The provenance of the point when it wrote no file (it crashed, or was stopped at its limit):
   * the keys a complete point of these arguments has (call, payload, items, scenario, work, load
   * model, ...), with nothing measured. The caller adds status, exit_code, runs_completed.
   */
  public Map<String, String> failedPointKeys(Instant started, String jvmFlags) {
    Provenance captured = Provenance.capture();
    Provenance p =
        new Provenance(
            captured.clientHost(), captured.jvm(), jvmFlags, captured.os(), captured.gitCommit());
    Map<String, String> keys =
        PointProvenance.of(
            config, FleetProvenance.applyTo(config.fleet(), p), "not opened", started);
    LoadModelReport.describe(keys, config);
    config.scenario().provenance(keys);
    return keys;
  }
}
