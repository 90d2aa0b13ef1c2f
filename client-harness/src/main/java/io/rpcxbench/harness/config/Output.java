package io.rpcxbench.harness.config;

import io.rpcxbench.harness.review.KeptRunsTrend;
import io.rpcxbench.harness.review.Thresholds;
import io.rpcxbench.raw.PointKey;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a point's raw files go and what the caller adds to them: {@code --out}, {@code --force},
 * {@code --provenance KEY=VALUE} ({@link OutputOptions}). Part of {@link RunConfig}.
 *
 * @param out the result folder: {@code <out>/<protocol>/t<T>-r<R>.csv}
 * @param force replace existing result files
 * @param provenance facts the caller knows, written into every file as {@code # KEY: VALUE}
 */
public record Output(Path out, boolean force, Map<String, String> provenance) {
  /**
   * The provenance keys the harness writes; --provenance may not set them: the point's identity
   * keys (raw-format's {@link PointKey}) but the link's rate and network profile, which the runner
   * gives, and the run's own.
   */
  static final List<String> HARNESS_KEYS =
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
                  "warmup_in_flight",
                  "warmup_gc_ms",
                  "warmup_own_calls",
                  "warmup_own_iterations",
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

  static final String DEFAULT_OUT = "results/raw";

  /** Provenance keys given with {@code --provenance}: lower snake case, as in every raw file. */
  static final Pattern PROVENANCE_KEY = Pattern.compile("[a-z][a-z0-9_]*");

  public Output {
    provenance = Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    provenance.keySet().forEach(Output::extraProvenanceKey);
  }

  /** {@code --provenance KEY=VALUE}: a new key, never one the harness writes itself. */
  private static void extraProvenanceKey(String key) {
    if (!PROVENANCE_KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "--provenance " + key + ": a key is lower snake case, e.g. server_jvm_flags");
    }
    if (HARNESS_KEYS.contains(key) || key.equals(KeptRunsTrend.KEY) || key.equals(Thresholds.KEY)) {
      throw new IllegalArgumentException(
          "--provenance " + key + ": the harness writes that key itself");
    }
  }

  /** {@code --out} and {@code --force}; not {@code --provenance}: its keys are in the file. */
  void addArgs(List<String> args) {
    args.addAll(List.of("--out", String.valueOf(out)));
    if (force) {
      args.add("--force");
    }
  }

  /** {@code --provenance}, for a forked worker. */
  void addProvenanceArgs(List<String> args) {
    provenance.forEach((k, v) -> args.addAll(List.of("--provenance", k + "=" + v)));
  }
}
