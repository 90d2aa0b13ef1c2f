package io.rpcxbench.runner.fleet;

import io.rpcxbench.harness.config.DurationConverter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One point's harness arguments as {@code deploy/fleet/sweep.yml}'s variables: the point (protocol,
 * threads and requests, or the fleet's rate and duration), its runs and warm-up become the
 * playbook's own variables; the target ({@code --host}, {@code --port}, {@code --out}) is the
 * playbook's; everything else goes to every host's harness verbatim ({@code harness_args}, a list,
 * so a value with spaces stays one argument).
 *
 * <pre>{@code
 * FleetVars.of(List.of("--protocol", "rpcx", "--rate", "3000", "--duration", "10s", "--runs", "3",
 *     "--host", "fleet", "--call", "echo"), hosts, merged, 600);
 * // {protocols=rpcx, rates=3000, duration=10s, runs=3, harness_args=[--call, echo], ...}
 * }</pre>
 */
final class FleetVars {
  /** The open loop's slot per run beyond its duration: start-up of order 0, the drain, a margin. */
  static final int RUN_SLOT_MARGIN_S = 5;

  /** How far ahead of "now" every host is released: JVM start, client, probe (the playbook's). */
  static final int START_LEAD_S = 15;

  /** The variables every point sets: not the user's to give ({@code --fleet-var}). */
  static final Set<String> POINT_KEYS =
      Set.of(
          "protocols",
          "threads",
          "requests",
          "rates",
          "duration",
          "rate_schedule",
          "runs",
          "warmup",
          "arrivals",
          "harness_args",
          "results_dir",
          "merged_dir",
          "keep_servers",
          "point_timeout_s",
          "run_slot_s");

  private static final Set<String> DROPPED = Set.of("--host", "--port", "--out", "--server-pid");

  /** The facts the playbook records itself on every host (--provenance KEY=...). */
  private static final Set<String> PLAYBOOK_FACTS =
      Set.of(
          "fleet_clients",
          "fleet_servers",
          "server_assignment",
          "clock_offset_ms",
          "clock_offset_by",
          "server_jvm_flags",
          "fleet_rate_schedule");

  private FleetVars() {}

  /**
   * The variables of the point {@code args}, whose hosts' files go to {@code hostsDir}, whose
   * merged file to {@code mergedDir}, each host given up after {@code timeoutS}.
   *
   * @throws IllegalArgumentException for what a fleet does not run (the in-flight model, a rate
   *     schedule of the caller's own)
   */
  static Map<String, Object> of(List<String> args, Path hostsDir, Path mergedDir, long timeoutS) {
    return of(args, hostsDir, mergedDir, timeoutS, START_LEAD_S);
  }

  /** As {@link #of(List, Path, Path, long)}, every host released {@code leadS} ahead at least. */
  static Map<String, Object> of(
      List<String> args, Path hostsDir, Path mergedDir, long timeoutS, int leadS) {
    Map<String, Object> vars = new LinkedHashMap<>();
    List<String> rest = new ArrayList<>();
    String warmupMax = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String v = i + 1 < args.size() ? args.get(i + 1) : "";
      switch (a) {
        case "--protocol" -> vars.put("protocols", v);
        case "--threads" -> vars.put("threads", v);
        case "--requests" -> vars.put("requests", v);
        case "--rate" -> vars.put("rates", v);
        case "--duration" ->
            vars.put("duration", DurationConverter.format(DurationConverter.parse(v)));
        case "--runs" -> vars.put("runs", Integer.parseInt(v));
        // 5s whichever way it was written (PT5S, 5000ms): the playbook reads its lead's seconds;
        // a point's arguments are the harness's own writer's, which writes ISO-8601
        case "--warmup" -> vars.put("warmup", DurationConverter.format(DurationConverter.parse(v)));
        case "--arrivals" -> vars.put("arrivals", v);
        case "--in-flight", "--rate-schedule" ->
            throw new IllegalArgumentException(
                a
                    + " does not run on a fleet (docs/fleet.md: the closed loop and the open loop's rates do)");
        default -> {
          if (DROPPED.contains(a)
              || (a.equals("--provenance") && PLAYBOOK_FACTS.contains(v.split("=", 2)[0]))) {
            i++;
            continue;
          }
          if (a.equals("--warmup-max")) {
            warmupMax = v;
          }
          rest.add(a);
          continue;
        }
      }
      i++;
    }
    if (!vars.containsKey("protocols")) {
      throw new IllegalArgumentException("a fleet point needs --protocol");
    }
    vars.put("harness_args", rest);
    vars.put("results_dir", hostsDir.toAbsolutePath().toString());
    vars.put("merged_dir", mergedDir.toAbsolutePath().toString());
    vars.put("keep_servers", true);
    vars.put("point_timeout_s", timeoutS);
    // a steady warm-up runs before the release, on every host: the lead covers it
    vars.put("start_lead_s", leadS + (warmupMax == null ? 0 : seconds(warmupMax)));
    int runs = (Integer) vars.getOrDefault("runs", 1);
    if (vars.containsKey("rates") && runs > 1) {
      // every run of an open-loop point released together: its duration plus a margin apart
      vars.put("run_slot_s", seconds(String.valueOf(vars.get("duration"))) + RUN_SLOT_MARGIN_S);
    }
    return vars;
  }

  /**
   * {@code 10s}, {@code 2m}, {@code 500ms} (rounded up), {@code PT10S}, a bare number of seconds.
   */
  static int seconds(String duration) {
    String d = duration.trim();
    try {
      if (d.matches("[0-9]+")) {
        return Integer.parseInt(d);
      }
      long ms = DurationConverter.parse(d).toMillis();
      return Math.toIntExact((ms + 999) / 1000);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a duration: '" + duration + "'");
    }
  }
}
