package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Cell;
import io.rpcxbench.report.tables.PaperGrid;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;

/**
 * The paper's 600 s limit read per run instead of per point ("the single-cycle communication time
 * exceeds 10 min"): in one regime, the longest run of any point (order 0 and timed-out points
 * included), how many runs reached the limit, which timed-out points had every run under it (they
 * would have finished under the per-run reading), and, on a rate-limited link, the first grid point
 * per protocol whose run the {@link ByteLimitModel} puts at or over the limit.
 *
 * <pre>{@code
 * PerRunLimit l = PerRunLimit.of(regime, model);
 * l.sentence(); // "longest run 58.2 s (OpenFeign 990 × 500); 0 runs reached 600 s; ..."
 * }</pre>
 */
record PerRunLimit(
    int limitS,
    double longestMs,
    String longestAt,
    int runsOver,
    List<String> timedOutUnder,
    List<String> firstPredictedOver) {

  /** The limit when no file says ({@code limit_s}): the paper's 600 s. */
  static final int PAPER_LIMIT_S = 600;

  static PerRunLimit of(Regime regime, ByteLimitModel model) {
    int limit =
        regime.measurements().points.stream()
            .map(CleanedPoint::limitS)
            .filter(l -> l != null)
            .max(Integer::compare)
            .orElse(PAPER_LIMIT_S);
    double limitMs = limit * 1000.0;
    double longest = 0;
    String at = Cell.MISSING;
    int over = 0;
    List<String> under = new ArrayList<>();
    for (CleanedPoint c : regime.measurements().points) {
      double pointLongest = 0;
      for (RunTimes.Sweep s : regime.runs().of(c)) {
        for (double ms : s.ms()) {
          pointLongest = Math.max(pointLongest, ms);
          over += ms >= limitMs ? 1 : 0;
        }
      }
      if (pointLongest > longest) {
        longest = pointLongest;
        at = name(c.protocol(), c.threadNum(), c.requestNum());
      }
      if (c.status() == PointStatus.TIMEOUT && pointLongest < limitMs) {
        under.add(name(c.protocol(), c.threadNum(), c.requestNum()));
      }
    }
    List<String> predicted = new ArrayList<>();
    if (model != null) {
      for (RawProtocol p : RawProtocol.PAPER) {
        firstOver(regime, model, p, limitMs).ifPresent(predicted::add);
      }
    }
    return new PerRunLimit(limit, longest, at, over, under, predicted);
  }

  /** The grid point with the fewest calls a run whose predicted run reaches the limit. */
  private static java.util.Optional<String> firstOver(
      Regime regime, ByteLimitModel model, RawProtocol p, double limitMs) {
    String best = null;
    long bestCalls = Long.MAX_VALUE;
    for (int t : PaperGrid.THREADS) {
      for (int r : PaperGrid.TABLE_REQUESTS) {
        double ms = model.runtimeMs(regime.series(), p, t, r).orElse(0.0);
        long calls = regime.series().requestsPer().equals("total") ? r : (long) t * r;
        if (ms >= limitMs && calls < bestCalls) {
          bestCalls = calls;
          best = name(p, t, r) + " (≥ " + Num.fixed(ms / 1000, 0) + " s)";
        }
      }
    }
    return java.util.Optional.ofNullable(best);
  }

  private static String name(RawProtocol p, int t, int r) {
    return p.label + " " + t + " × " + r;
  }

  /** One line of Markdown for the regime. */
  String sentence() {
    StringBuilder sb =
        new StringBuilder("longest run ")
            .append(Num.fixed(longestMs / 1000, 1))
            .append(" s (")
            .append(longestAt)
            .append("); ")
            .append(runsOver)
            .append(runsOver == 1 ? " run" : " runs")
            .append(" reached ")
            .append(limitS)
            .append(" s");
    if (!timedOutUnder.isEmpty()) {
      sb.append("; timed out per point with every run under ")
          .append(limitS)
          .append(" s (would finish read per run): ")
          .append(String.join(", ", timedOutUnder));
    }
    if (!firstPredictedOver.isEmpty()) {
      sb.append("; first grid point whose run the byte-limit model puts over ")
          .append(limitS)
          .append(" s: ")
          .append(String.join(", ", firstPredictedOver));
    }
    return sb.toString();
  }
}
