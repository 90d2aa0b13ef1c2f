package io.rpcxbench.runner.sweep;

import io.rpcxbench.raw.PointKey;
import io.rpcxbench.runner.point.PlannedPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The harness arguments of one point: its protocol and load, the sweep's runs, target and limit,
 * the scenario, its network profile, the harness options given to the sweep, and the facts the
 * sweep knows (--provenance KEY=VALUE). The harness names the point's file and records all of it.
 *
 * <pre>{@code
 * PointArgs.of(settings, point, "127.0.0.1", 43117, Map.of("server_jvm_flags", "-Xmx384m"));
 * // --protocol rpcx --threads 10 --requests 100 --runs 10 --host 127.0.0.1 --port rpcx=43117 ...
 * }</pre>
 */
public final class PointArgs {
  private PointArgs() {}

  public static List<String> of(
      SweepSettings s, PlannedPoint p, String host, int port, Map<String, String> provenance) {
    return of(s, p, host, port, provenance, s.runs(), s.limitS());
  }

  /**
   * As {@link #of(SweepSettings, PlannedPoint, String, int, Map)}, with {@code runs} runs and a
   * {@code limitS} limit of its own (a choose probe's).
   */
  public static List<String> of(
      SweepSettings s,
      PlannedPoint p,
      String host,
      int port,
      Map<String, String> provenance,
      int runs,
      int limitS) {
    List<String> args = new ArrayList<>(List.of("--protocol", p.protocol()));
    if (p.load() == PlannedPoint.Load.GRID) {
      args.addAll(List.of("--threads", p.first() + "", "--requests", p.second() + ""));
    } else {
      args.addAll(List.of("--rate", p.first() + "", "--duration", p.second() + "s"));
    }
    args.addAll(List.of("--runs", runs + "", "--host", host));
    args.addAll(List.of("--port", p.protocol() + "=" + port, "--out", s.out().toString()));
    args.addAll(List.of("--time-limit", limitS + "s", "--time-limit-per", s.timeoutPer()));
    s.scenario().addArgs(args);
    args.addAll(s.runTls().clientArgs());
    args.addAll(s.commonArgs());
    p.axes().forEach(a -> args.addAll(a.args()));
    provenance.forEach((k, v) -> args.addAll(List.of("--provenance", k + "=" + v)));
    if (!p.profile().isEmpty()) {
      args.addAll(List.of("--provenance", PointKey.NETWORK_PROFILE.key() + "=" + p.profile()));
    }
    return args;
  }
}
