package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.point.PlannedPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The points of a sweep, in the order they run. The paper's grid runs thread count outermost, then
 * request count, protocols interleaved (so that a slow hour of the box hits every protocol alike);
 * a rate sweep runs the rate outermost. A chain scenario whose servers this sweep starts runs
 * protocol outermost instead: a protocol's three chain servers then start once.
 *
 * <pre>{@code
 * SweepPlan plan = SweepPlan.grid(List.of("rpcx", "grpc"), List.of(10, 20), List.of(100), false);
 * // rpcx t10 r100, grpc t10 r100, rpcx t20 r100, grpc t20 r100
 * }</pre>
 */
record SweepPlan(List<PlannedPoint> points) {
  SweepPlan {
    points = List.copyOf(points);
  }

  /**
   * This plan in a trial's order (Abedi and Brecht's randomized interleaving): the protocols in a
   * random order drawn from {@code seed}, each protocol's points in a random order too, the points
   * numbered again; the same seed gives the same order.
   */
  SweepPlan shuffled(long seed) {
    // the seed mixed first: Random(base + k) for consecutive k drew the same first protocol
    java.util.Random r = new java.util.Random(new java.util.SplittableRandom(seed).nextLong());
    Map<String, List<PlannedPoint>> byProtocol = new java.util.LinkedHashMap<>();
    points.forEach(p -> byProtocol.computeIfAbsent(p.protocol(), k -> new ArrayList<>()).add(p));
    List<String> order = new ArrayList<>(byProtocol.keySet());
    java.util.Collections.shuffle(order, r);
    List<PlannedPoint> out = new ArrayList<>();
    for (String protocol : order) {
      List<PlannedPoint> ps = new ArrayList<>(byProtocol.get(protocol));
      java.util.Collections.shuffle(ps, r);
      for (PlannedPoint p : ps) {
        out.add(p.renumbered(out.size()));
      }
    }
    return new SweepPlan(out);
  }

  static SweepPlan grid(
      List<String> protocols, List<Integer> threads, List<Integer> requests, boolean byProtocol) {
    return grid(protocols, threads, requests, byProtocol, List.of(), List.of(""));
  }

  /**
   * The grid along the sweep's own dimensions and across network profiles: each point once per
   * value of each, the profiles innermost and the dimensions just outside them (one point after the
   * other across them, so that the box's slow minutes hit every value alike).
   */
  static SweepPlan grid(
      List<String> protocols,
      List<Integer> threads,
      List<Integer> requests,
      boolean byProtocol,
      List<Axis> axes,
      List<String> profiles) {
    List<PlannedPoint> points = new ArrayList<>();
    if (byProtocol) {
      for (String p : protocols) {
        for (int t : threads) {
          for (int r : requests) {
            points.add(PlannedPoint.grid(points.size(), p, t, r));
          }
        }
      }
    } else {
      for (int t : threads) {
        for (int r : requests) {
          for (String p : protocols) {
            points.add(PlannedPoint.grid(points.size(), p, t, r));
          }
        }
      }
    }
    return new SweepPlan(points).along(axes).across(profiles);
  }

  static SweepPlan rates(
      List<String> protocols, List<Integer> rates, int durationS, boolean byProtocol) {
    return rates(protocols, rates, durationS, byProtocol, List.of(), List.of(""));
  }

  static SweepPlan rates(
      List<String> protocols,
      List<Integer> rates,
      int durationS,
      boolean byProtocol,
      List<Axis> axes,
      List<String> profiles) {
    List<PlannedPoint> points = new ArrayList<>();
    if (byProtocol) {
      for (String p : protocols) {
        for (int rate : rates) {
          points.add(PlannedPoint.rate(points.size(), p, rate, durationS));
        }
      }
    } else {
      for (int rate : rates) {
        for (String p : protocols) {
          points.add(PlannedPoint.rate(points.size(), p, rate, durationS));
        }
      }
    }
    return new SweepPlan(points).along(axes).across(profiles);
  }

  /** Each point once per value of each axis, the last axis innermost; the indexes renumbered. */
  private SweepPlan along(List<Axis> axes) {
    SweepPlan plan = this;
    for (Axis axis : axes) {
      List<PlannedPoint> out = new ArrayList<>();
      for (PlannedPoint p : plan.points) {
        for (int i = 0; i < axis.values().size(); i++) {
          out.add(p.along(out.size(), axis.at(i)));
        }
      }
      plan = new SweepPlan(out);
    }
    return plan;
  }

  /** Each point once per profile, in that order; the indexes renumbered. */
  private SweepPlan across(List<String> profiles) {
    if (profiles.size() == 1 && profiles.get(0).isEmpty()) {
      return this;
    }
    List<PlannedPoint> out = new ArrayList<>();
    for (PlannedPoint p : points) {
      for (String profile : profiles) {
        out.add(p.across(out.size(), profile));
      }
    }
    return new SweepPlan(out);
  }

  int size() {
    return points.size();
  }

  /** The calls the plan makes over {@code runs} runs per point. */
  long plannedCalls(int runs, boolean requestsPerTotal) {
    return points.stream().mapToLong(p -> runs * p.callsPerRun(requestsPerTotal)).sum();
  }
}
