package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.PointEstimates;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Every protocol measured against a reference protocol ({@code --reference}, default rpcx): per
 * point (threads, requests), each protocol's cleaned throughput, p50 and p99 and its throughput
 * divided by the reference's. Unlike Tables 3-4 it shows every measured point, not the paper's
 * grid.
 */
public final class ReferenceTable {
  public static final String FILE = "vs-reference";

  /** One protocol at one point; cells carry "–", "timeout" or "failed" where there is no number. */
  public record Line(
      int threads,
      int requests,
      RawProtocol protocol,
      String status,
      Cell throughput,
      Cell p50,
      Cell p99,
      Cell ratio) {}

  public final String reference;
  public final boolean referenceMeasured;
  public final List<Line> lines;

  private ReferenceTable(String reference, boolean referenceMeasured, List<Line> lines) {
    this.reference = reference;
    this.referenceMeasured = referenceMeasured;
    this.lines = lines;
  }

  public static ReferenceTable build(Measurements m, String referenceId) {
    return build(m, referenceId, p -> Map.of());
  }

  /**
   * As {@link #build(Measurements, String)}, each figure with its 95 % interval from {@code
   * estimates} (a point's {@link io.rpcxbench.report.clean.PointEstimates}: {@code throughput},
   * {@code p50_us}, {@code p99_us}).
   */
  public static ReferenceTable build(
      Measurements m, String referenceId, Function<CleanedPoint, Map<String, Estimate>> estimates) {
    Optional<RawProtocol> ref = m.protocol(referenceId);
    SortedSet<List<Integer>> points =
        new TreeSet<>(
            (a, b) ->
                a.get(0).equals(b.get(0))
                    ? Integer.compare(a.get(1), b.get(1))
                    : Integer.compare(a.get(0), b.get(0)));
    m.points.forEach(p -> points.add(List.of(p.threadNum(), p.requestNum())));
    List<Line> lines = new ArrayList<>();
    for (List<Integer> tr : points) {
      int t = tr.get(0);
      int r = tr.get(1);
      Double refThroughput =
          ref.flatMap(x -> m.get(x, t, r))
              .filter(CleanedPoint::complete)
              .map(CleanedPoint::throughputAvg)
              .orElse(null);
      for (RawProtocol p : m.protocols()) {
        Optional<CleanedPoint> point = m.get(p, t, r);
        if (point.isEmpty() && !ref.map(p::equals).orElse(false)) {
          continue; // only the protocols measured here, and the reference always
        }
        String marker = Measurements.marker(point);
        if (marker != null) {
          Cell c = Cell.marker(marker);
          lines.add(new Line(t, r, p, point.map(x -> x.status().id).orElse(""), c, c, c, c));
          continue;
        }
        CleanedPoint cp = point.get();
        Map<String, Estimate> e = estimates.apply(cp);
        Double ratio =
            refThroughput == null || refThroughput == 0 || cp.throughputAvg() == null
                ? null
                : cp.throughputAvg() / refThroughput;
        lines.add(
            new Line(
                t,
                r,
                p,
                cp.status().id,
                withInterval(cp.throughputAvg(), e == null ? null : e.get("throughput"), 1),
                withInterval(
                    cp.latency().p50Us(),
                    e == null ? null : e.get("p50_us"),
                    PointEstimates.MICROS_PER_UNIT),
                withInterval(
                    cp.latency().p99Us(),
                    e == null ? null : e.get("p99_us"),
                    PointEstimates.MICROS_PER_UNIT),
                Cell.of(ratio)));
      }
    }
    return new ReferenceTable(referenceId, ref.isPresent(), List.copyOf(lines));
  }

  /** The value shown, with the estimate's interval scaled to its unit where there is one. */
  private static Cell withInterval(Double value, Estimate e, double scale) {
    if (e == null || !e.hasInterval()) {
      return Cell.of(value);
    }
    return Cell.of(value, e.low() * scale, e.high() * scale);
  }

  /**
   * {@code point}'s throughput divided by the reference's at the same point; null if either is
   * missing.
   */
  public static Double ratio(Measurements m, String referenceId, CleanedPoint point) {
    Double refThroughput =
        m.protocol(referenceId)
            .flatMap(x -> m.get(x, point.threadNum(), point.requestNum()))
            .filter(CleanedPoint::complete)
            .map(CleanedPoint::throughputAvg)
            .orElse(null);
    return refThroughput == null || refThroughput == 0 || point.throughputAvg() == null
        ? null
        : point.throughputAvg() / refThroughput;
  }

  public String title() {
    return "Every protocol against " + reference;
  }

  public String explanation() {
    return "Per point: cleaned throughput (calls/s, mean over runs 1..N-1), p50 and p99 latency (µs, from the "
        + "kept runs' merged histograms; for files without histograms the mean of the runs' percentiles) "
        + "and throughput divided by "
        + reference
        + "'s at the same point (× "
        + reference
        + ")."
        + (referenceMeasured
            ? ""
            : " The reference protocol '" + reference + "' was not measured.");
  }

  public String markdown() {
    StringBuilder sb =
        new StringBuilder("# ").append(title()).append("\n\n").append(explanation()).append("\n\n");
    sb.append("| threads | requests | protocol | type | calls/s: mean of runs 1..N-1 | × ")
        .append(reference)
        .append(
            " | p50 (µs) of the merged histogram of runs 1..N-1 | p99 (µs) of the merged histogram"
                + " of runs 1..N-1 | calls/s: 95 % t interval | p50: 95 % bootstrap interval over"
                + " runs | p99: 95 % bootstrap interval over runs |\n"
                + "|---:|---:|:---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Line l : lines) {
      sb.append("| ")
          .append(l.threads())
          .append(" | ")
          .append(l.requests())
          .append(" | ")
          .append(l.protocol().label)
          .append(" | ")
          .append(l.protocol().type)
          .append(" | ")
          .append(l.throughput().text(1))
          .append(" | ")
          .append(l.ratio().text(2))
          .append(" | ")
          .append(l.p50().text(1))
          .append(" | ")
          .append(l.p99().text(1))
          .append(" | ")
          .append(l.throughput().interval(1))
          .append(" | ")
          .append(l.p50().interval(1))
          .append(" | ")
          .append(l.p99().interval(1))
          .append(" |\n");
    }
    return sb.toString();
  }

  public String csv() {
    StringBuilder sb =
        new StringBuilder(
            "threads,requests,protocol,type,status,throughput,p50_us,p99_us,reference,throughput_ratio,"
                + "throughput_low,throughput_high,p50_low_us,p50_high_us,p99_low_us,p99_high_us\n");
    for (Line l : lines) {
      sb.append(l.threads())
          .append(',')
          .append(l.requests())
          .append(',')
          .append(l.protocol().id)
          .append(',')
          .append(l.protocol().type)
          .append(',')
          .append(l.status())
          .append(',')
          .append(number(l.throughput(), 3))
          .append(',')
          .append(number(l.p50(), 3))
          .append(',')
          .append(number(l.p99(), 3))
          .append(',')
          .append(reference)
          .append(',')
          .append(number(l.ratio(), 4))
          .append(',')
          .append(bounds(l.throughput(), 3))
          .append(',')
          .append(bounds(l.p50(), 3))
          .append(',')
          .append(bounds(l.p99(), 3))
          .append('\n');
    }
    return sb.toString();
  }

  /** {@code low,high}, or {@code ,} without an interval. */
  private static String bounds(Cell c, int decimals) {
    return c.low() == null || c.high() == null
        ? ","
        : Num.fixed(c.low(), decimals) + "," + Num.fixed(c.high(), decimals);
  }

  private static String number(Cell c, int decimals) {
    return c.value() == null ? "" : Num.fixed(c.value(), decimals);
  }
}
