package io.rpcxbench.harness;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.PointKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The provenance a point's raw file opens with: its identity, its parameters, where it ran.
 *
 * <pre>{@code
 * Map<String, String> keys = PointProvenance.of(config, Provenance.capture(), client.describe(), now);
 * PointProvenance.HARNESS_KEYS.contains("git_commit"); // true: --provenance may not set it
 * }</pre>
 */
public final class PointProvenance {
  /**
   * The provenance keys the harness writes; --provenance may not set them: the point's identity
   * keys (raw-format's {@link PointKey}) but the link's rate and network profile, which the runner
   * gives, and the run's own.
   */
  public static final List<String> HARNESS_KEYS =
      Stream.concat(
              PointKey.names().stream()
                  .filter(
                      k ->
                          !k.equals(PointKey.LINK_RATE.key())
                              && !k.equals(PointKey.NETWORK_PROFILE.key())),
              Stream.of(
                  "status",
                  "tls_session",
                  "type",
                  "label",
                  "runs",
                  "runs_completed",
                  "warmup",
                  "warmup_calls",
                  "warmup_mode",
                  "warmup_iterations",
                  "warmup_converged",
                  "warmup_rates",
                  "limited_by",
                  "timeout",
                  "connect_timeout",
                  "limit_s",
                  "timeout_per",
                  "cold_start",
                  "started",
                  "finished",
                  "target",
                  "client",
                  "stack",
                  "cpu_model",
                  "jvm",
                  "jvm_flags",
                  "os",
                  "git_commit",
                  "options",
                  "client_hostname",
                  "start_at",
                  "start_at_runs",
                  "released_at_ms",
                  "start_late_ms",
                  "start_late_max_ms",
                  "noise_guard",
                  "noise_cpus",
                  "noise_rule",
                  "contended_runs"))
          .toList();

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
