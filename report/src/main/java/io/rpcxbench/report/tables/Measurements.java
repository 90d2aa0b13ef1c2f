package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/** The cleaned points, indexed by (protocol, threads, requests). */
public final class Measurements {
  private record Key(RawProtocol protocol, int threads, int requests) {}

  public final List<CleanedPoint> points;
  private final Map<Key, CleanedPoint> byKey = new HashMap<>();

  public Measurements(List<CleanedPoint> points) {
    this.points = List.copyOf(points);
    for (CleanedPoint p : points) {
      byKey.put(new Key(p.protocol(), p.threadNum(), p.requestNum()), p);
    }
  }

  public Optional<CleanedPoint> get(RawProtocol protocol, int threads, int requests) {
    return Optional.ofNullable(byKey.get(new Key(protocol, threads, requests)));
  }

  /** Every protocol with at least one point (any status), sorted by type then id. */
  public SortedSet<RawProtocol> protocols() {
    SortedSet<RawProtocol> out = new TreeSet<>();
    points.forEach(p -> out.add(p.protocol()));
    return out;
  }

  /** The measured protocol with this id, if any. */
  Optional<RawProtocol> protocol(String id) {
    return protocols().stream().filter(p -> p.id.equals(id)).findFirst();
  }

  /**
   * Thread counts measured (any status) by one of the paper's protocols, or by {@code only} when
   * not null.
   */
  public SortedSet<Integer> threads(RawProtocol only) {
    return values(only, CleanedPoint::threadNum);
  }

  public SortedSet<Integer> requests(RawProtocol only) {
    return values(only, CleanedPoint::requestNum);
  }

  private SortedSet<Integer> values(RawProtocol only, Function<CleanedPoint, Integer> f) {
    SortedSet<Integer> out = new TreeSet<>();
    for (CleanedPoint p : points) {
      if (only == null ? p.protocol().paper() : p.protocol().equals(only)) {
        out.add(f.apply(p));
      }
    }
    return out;
  }

  /**
   * How a point shows where a number would: "–" not measured, "timeout"/"failed" if so, else null.
   */
  public static String marker(Optional<CleanedPoint> p) {
    if (p.isEmpty()) {
      return Cell.MISSING;
    }
    return p.get().marker();
  }
}
