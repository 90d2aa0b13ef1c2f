package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.config.TimeLimitPer;
import io.rpcxbench.raw.PointKey;
import io.rpcxbench.runner.point.PlannedPoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One point of a sweep as the harness is asked for it: its protocol and load, the sweep's runs,
 * target and limit, its TLS, scenario and network profile, and the options the harness's own groups
 * wrote for every point (warm-up, call, run length, deadline) and for its place on the sweep's
 * dimensions, and the facts the sweep knows. The caller adds what it alone knows (what reads the
 * servers); the harness names the point's file and records all of it.
 *
 * <pre>{@code
 * PointRequest r =
 *     SweepPoint.of(settings, point, "127.0.0.1", 43117, Map.of("server_jvm_flags", "-Xmx384m"))
 *         .request();
 * }</pre>
 */
public final class SweepPoint {
  private SweepPoint() {}

  public static PointBuilder of(
      SweepSettings s, PlannedPoint p, String host, int port, Map<String, String> facts) {
    return of(s, p, host, port, facts, s.runs(), s.limitS());
  }

  /**
   * As {@link #of(SweepSettings, PlannedPoint, String, int, Map)}, with {@code runs} runs and a
   * {@code limitS} limit of its own (a choose probe's).
   */
  public static PointBuilder of(
      SweepSettings s,
      PlannedPoint p,
      String host,
      int port,
      Map<String, String> facts,
      int runs,
      int limitS) {
    PointBuilder b = HarnessPoints.point(p.protocol());
    if (p.load() == PlannedPoint.Load.GRID) {
      b.closed(p.first(), p.second());
    } else {
      b.rate(p.first(), Duration.ofSeconds(p.second()));
    }
    b.runs(runs)
        .target(host, port)
        .out(s.out())
        .timeLimit(Duration.ofSeconds(limitS), TimeLimitPer.of(s.timeoutPer()))
        .tls(s.runTls().clientTls());
    List<String> options = new ArrayList<>();
    s.scenario().addArgs(options);
    options.addAll(s.commonArgs());
    p.axes().forEach(a -> options.addAll(a.args()));
    b.options(options).facts(facts);
    if (!p.profile().isEmpty()) {
      b.fact(PointKey.NETWORK_PROFILE.key(), p.profile());
    }
    return b;
  }
}
