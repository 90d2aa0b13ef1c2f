package io.rpcxbench.harness;

import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.NoiseGuard;
import io.rpcxbench.harness.config.RateSchedule;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.load.ErrorKind;
import io.rpcxbench.harness.measure.MachineNoise;
import io.rpcxbench.harness.measure.RunMeters;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.raw.ServerReads;
import io.rpcxbench.stats.KeptUp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the load models and the meters add to a point's output: the progress line's tail, the
 * warnings after a run, the provenance keys (docs/raw-format.md), and whether the point is clean.
 */
final class LoadModelReport {
  private LoadModelReport() {}

  /** The progress line's tail: ", rate 998.0/1000.0/s, ..., client 0.41 cores". */
  static String lineSuffix(RunResult r) {
    Map<String, String> x = r.extra();
    StringBuilder b = new StringBuilder();
    if (x.containsKey("achieved_rate")) {
      b.append(
          String.format(
              Locale.ROOT,
              ", rate %s/%s/s, dropped %s, max lag %.1f us, service p99 %s us",
              x.get("achieved_rate"),
              x.get("target_rate"),
              x.get("dropped"),
              r.extraNumber("max_lag_us", 0),
              x.get("service_p99_us")));
    }
    if (x.containsKey("in_flight_max")) {
      b.append(", in flight ").append(x.get("in_flight_max"));
    }
    long overThreshold = (long) r.extraNumber(ErrorKind.OVER_THRESHOLD.column(), 0);
    if (overThreshold > 0) {
      b.append(", over --fail-after ").append(overThreshold);
    }
    if (x.containsKey("client_cores")) {
      b.append(", client ").append(x.get("client_cores")).append(" cores");
    }
    if (x.containsKey("server_cores")) {
      b.append(", server ")
          .append(x.get("server_cores"))
          .append(" cores, rss ")
          .append(x.get("server_rss_kb"))
          .append(" kB");
    }
    if (x.containsKey("link_used")) {
      b.append(", link ").append(x.get("link_used"));
    }
    if (x.containsKey("limited_by")) {
      b.append(", limited by ").append(x.get("limited_by"));
      if (!x.getOrDefault(RunMeters.LIMITED_WHY, "").isEmpty()) {
        b.append(" (").append(x.get(RunMeters.LIMITED_WHY)).append(')');
      }
    }
    if ("1".equals(x.get("harness_limited"))) {
      b.append(", HARNESS-LIMITED");
    }
    return b.toString();
  }

  /** Warnings for stderr after a run; none when all is well. */
  static List<String> warnings(Protocol protocol, RunConfig config, RunResult r, RunMeters m) {
    List<String> lines = new ArrayList<>();
    String who = protocol + " order " + r.order() + ": ";
    Map<String, String> x = r.extra();
    if (x.containsKey("achieved_rate")) {
      double achieved = r.extraNumber("achieved_rate", 0);
      double target = r.extraNumber("target_rate", 0);
      long dropped = (long) r.extraNumber("dropped", 0);
      if (!KeptUp.met(achieved, target) || dropped > 0) {
        lines.add(
            String.format(
                Locale.ROOT,
                "warning: %sachieved %.1f calls/s, %.1f %% of the target %s/s; %d calls dropped"
                    + " because all %d allowed calls were out (raise --max-in-flight or lower"
                    + " --rate)",
                who,
                achieved,
                100 * achieved / target,
                RateSchedule.number(target),
                dropped,
                config.loadModel().maxInFlight()));
      }
    }
    if ("1".equals(x.get("harness_limited"))) {
      lines.add(
          "warning: "
              + who
              + "harness-limited: the client used "
              + x.get("client_cores")
              + " of its "
              + m.clientCores()
              + " cores"
              + (m.measuresServer() ? ", the server " + x.get("server_cores") : "")
              + "; the numbers measure the client");
    }
    if (m.serverProblem() != null) {
      lines.add("warning: " + who + "server not measured: " + m.serverProblem());
    }
    if ("1".equals(x.get("contended"))) {
      lines.add(
          "warning: run "
              + r.order()
              + " ran on a contended machine ("
              + x.get("contended_why").replace("; ", ", ")
              + "): its figures measure the box as much as the protocol");
    }
    return lines;
  }

  /** Whether every run offered all of its load: no open-loop call was dropped. */
  static boolean noneDropped(List<RunResult> results) {
    return results.stream().allMatch(r -> r.extraNumber("dropped", 0) == 0);
  }

  /**
   * The load model's keys that describe the point, not what its runs measured: the same for a
   * complete point and for one that wrote no runs (the runner's failed-point files).
   */
  static void describe(Map<String, String> m, RunConfig config) {
    LoadModel model = config.loadModel();
    m.put("load_model", model.kind().id());
    switch (model.kind()) {
      case OPEN -> {
        RateSchedule s = model.schedule();
        m.put("rate", RunMeters.decimal(s.meanRate()));
        m.put("duration", s.total().toString());
        m.put("rate_schedule", s.toString());
        m.put("arrivals", model.arrivals().id());
        m.put("max_in_flight", String.valueOf(model.maxInFlight()));
      }
      case IN_FLIGHT -> m.put("in_flight", String.valueOf(model.inFlight()));
      case CLOSED -> {}
    }
    m.put("fail_after", model.failAfter().toString());
  }

  /** The point's load-model and meter keys, added to {@code m}. */
  static void provenance(
      Map<String, String> m,
      RunConfig config,
      boolean async,
      RunMeters meters,
      List<RunResult> results) {
    describe(m, config);
    LoadModel model = config.loadModel();
    switch (model.kind()) {
      case OPEN -> {
        m.put("achieved_rate", RunMeters.decimal(min(results, "achieved_rate")));
        m.put("dropped", String.valueOf((long) sum(results, "dropped")));
        m.put(
            "max_schedule_lag",
            java.time.Duration.ofNanos((long) (max(results, "max_lag_us") * 1000)).toString());
        m.put("calls_issued_by", issuedBy(async, model.maxInFlight()));
      }
      case IN_FLIGHT -> m.put("calls_issued_by", issuedBy(async, model.inFlight()));
      case CLOSED -> m.put("calls_issued_by", issuedBy(false, config.load().threads()));
    }
    m.put("client_cpu", RunMeters.decimal(sum(results, "client_cpu_s")));
    m.put("client_cores_max", RunMeters.decimal(max(results, "client_cores")));
    m.put("client_cores_available", String.valueOf(meters.clientCores()));
    if (meters.measuresServer()) {
      m.put("server", meters.serverDescription());
      m.put("server_cpu", RunMeters.decimal(sum(results, "server_cpu_s")));
      m.put("server_cores_max", RunMeters.decimal(max(results, "server_cores")));
      m.put("server_rss_peak_kb", String.valueOf((long) max(results, "server_rss_kb")));
      m.put("server_rss_peak_since", meters.peakSince());
      if (meters.countsServerSyscalls()) {
        m.put(
            "server_syscalls",
            "syscr and syscw of /proc/PID/io (server_reads, server_writes): read(v)/write(v)"
                + " only; recv/send(msg) are not counted (Netty's native epoll: gRPC, rpcx-epoll)");
        double reads = sum(results, "server_reads");
        long calls = results.stream().mapToLong(RunResult::calls).sum();
        ServerReads counted = ServerReads.of(results.stream().map(r -> r.toRow(0, 0, 0)).toList());
        m.put(
            "calls_per_server_read",
            counted == ServerReads.NOT_COUNTED
                ? "not counted (the server's reads carried fewer bytes than the client sent)"
                : reads == 0 ? "0" : RunMeters.decimal(calls / reads));
      }
    }
    List<RunResult> counted =
        results.stream().filter(r -> r.extraNumber("segments_to_server", -1) >= 0).toList();
    double segments = sum(counted, "segments_to_server");
    if (segments > 0) {
      long calls = counted.stream().mapToLong(RunResult::calls).sum(); // runs that counted only
      m.put(
          "segments_counted",
          "data_segs_out/in of tcp_info (ss) on the connections to the server's port: one segment"
              + " per client write unless a write is larger than a segment");
      m.put("calls_per_segment_to_server", RunMeters.decimal(calls / segments));
    }
    m.put("harness_limited", String.valueOf(sum(results, "harness_limited") > 0));
    if (meters.linkCounted() != null) {
      m.put("link_counted", meters.linkCounted());
    }
    m.put("limited_by", limitedBy(results));
    noiseProvenance(m, config.instruments().noiseGuard(), meters, results);
    if (config.instruments().hlog() != null) {
      m.put("hlog", config.instruments().hlog().toString());
    }
  }

  /**
   * {@code noise_guard}; unless off, the online CPUs the readings saw, the rule and the count of
   * contended runs.
   */
  private static void noiseProvenance(
      Map<String, String> m, NoiseGuard guard, RunMeters meters, List<RunResult> results) {
    m.put("noise_guard", guard.id());
    if (!guard.reads()) {
      return;
    }
    if (meters.noiseCpus() > 0) {
      m.put("noise_cpus", String.valueOf(meters.noiseCpus()));
    }
    m.put("noise_rule", MachineNoise.RULE);
    m.put(
        "contended_runs",
        String.valueOf(
            results.stream().filter(r -> "1".equals(r.extra().get("contended"))).count()));
  }

  /** The line before the runs when the model had to fall back to threads; else null. */
  static String fallbackNote(Protocol protocol, RunConfig config, boolean async) {
    LoadModel model = config.loadModel();
    if (async || model.kind() == LoadModel.Kind.CLOSED) {
      return null;
    }
    int n = model.kind() == LoadModel.Kind.OPEN ? model.maxInFlight() : model.inFlight();
    return protocol
        + ": its client has no async API: "
        + (model.kind() == LoadModel.Kind.OPEN ? "--max-in-flight " : "--in-flight ")
        + n
        + " means "
        + n
        + " threads making blocking calls";
  }

  /** The runs' {@code limited_by}, most frequent first: {@code client 9, none 1}. */
  static String limitedBy(List<RunResult> results) {
    Map<String, Long> counts =
        results.stream()
            .map(r -> r.extra().getOrDefault("limited_by", ""))
            .filter(v -> !v.isEmpty())
            .collect(
                java.util.stream.Collectors.groupingBy(
                    v -> v, java.util.LinkedHashMap::new, java.util.stream.Collectors.counting()));
    List<String> parts = new ArrayList<>();
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> parts.add(e.getKey() + " " + e.getValue()));
    return parts.isEmpty() ? "none measured" : String.join(", ", parts);
  }

  /**
   * The runs' calls over the server's counted reads; "not counted" where {@link ServerReads} finds
   * those reads did not carry the calls (a server reading with recv), "0" where none were counted.
   */
  static String callsPerServerRead(List<RunResult> results) {
    if (ServerReads.of(results.stream().map(r -> r.toRow(0, 0, 0)).toList())
        == ServerReads.NOT_COUNTED) {
      return "not counted (the server's reads carried less than the client sent: recv)";
    }
    double reads = sum(results, "server_reads");
    long calls = results.stream().mapToLong(RunResult::calls).sum();
    return reads == 0 ? "0" : RunMeters.decimal(calls / reads);
  }

  private static String issuedBy(boolean async, int n) {
    return async ? "async API, up to " + n + " outstanding" : n + " threads, blocking calls";
  }

  private static double sum(List<RunResult> results, String column) {
    return results.stream().mapToDouble(r -> r.extraNumber(column, 0)).sum();
  }

  private static double max(List<RunResult> results, String column) {
    return results.stream().mapToDouble(r -> r.extraNumber(column, 0)).max().orElse(0);
  }

  private static double min(List<RunResult> results, String column) {
    return results.stream().mapToDouble(r -> r.extraNumber(column, 0)).min().orElse(0);
  }
}
