package io.rpcxbench.harness;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.protocol.Protocol;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provenance a point's raw file opens with: its identity, its parameters, where it ran.
 *
 * <pre>{@code
 * Map<String, String> keys = PointProvenance.of(config, Provenance.capture(), client.describe(), now);
 * }</pre>
 */
final class PointProvenance {
  private PointProvenance() {}

  /**
   * Every key but status, runs_completed and finished (the recorder adds those); the sweep's
   * failed-point files take the same keys ({@link HarnessPoints#failedPointKeys}).
   */
  static Map<String, String> of(RunConfig config, Provenance p, String client, Instant started) {
    Protocol protocol = config.protocols().get(0);
    Map<String, String> m = new LinkedHashMap<>();
    m.putAll(PointRecorder.identity(config, protocol).withClientHost(p.clientHost()).provenance());
    m.put("client_host", p.clientHost()); // as the OS (or --client-host-name) spells it
    m.put("type", String.valueOf(protocol.type()));
    m.put("label", protocol.label());
    // each part's keys, in the order of every raw file
    config.load().provenance(m);
    config.warmup().provenance(m);
    config.target().provenance(m);
    config.load().limitProvenance(m);
    config.warmup().coldStartProvenance(m);
    m.put("started", started.toString());
    m.put("target", config.clientOptions(protocol).targets());
    m.put("client", client);
    m.put("stack", protocol.stack());
    m.put("cpu_model", Provenance.cpuModel());
    m.put("jvm", p.jvm());
    m.put("jvm_flags", p.jvmFlags());
    m.put("os", p.os());
    m.put("git_commit", p.gitCommit());
    m.put("options", config.optionsLine());
    m.putAll(config.output().provenance());
    return m;
  }
}
