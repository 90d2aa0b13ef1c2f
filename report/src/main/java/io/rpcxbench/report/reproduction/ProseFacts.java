package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.KeptLimits;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers a reproduction page's prose quotes, computed from the same results as its verdict
 * box: each a named fact ({@code 1gbit-thread.grpc.typical} is "73.7 % [71.9, 75.6]"), written in
 * the page as {@code <!--f:NAME-->value<!--/f-->} and refreshed by {@link #fill}, so that prose and
 * box cannot disagree: a page whose prose is stale regenerates with a diff.
 *
 * <p>Names: {@code REGIME.FACT}, {@code REGIME.PROTOCOL.FACT} and {@code REGIME.RIVAL.FACT}, the
 * regime as its files name its link and reading ({@code 1gbit-thread}, {@code 1mbit-total}; {@code
 * loopback-thread} without a link), protocols by id, the rivals' pooled result as {@code both}; and
 * a few over all regimes ({@code thread.shape}, {@code longest-run}, {@code moved}). {@code report
 * reproduction --list-facts} prints them all with their values.
 *
 * <pre>{@code
 * ProseFacts facts = ProseFacts.of(regimes, origins, earlier, model);
 * String page = facts.fill(Files.readString(path)); // every span's value as the data has it
 * }</pre>
 */
final class ProseFacts {
  /** One fact in a page's prose: its name, then its value as last generated. */
  static final Pattern SPAN = Pattern.compile("<!--f:([a-z0-9.\\-]+)-->(.*?)<!--/f-->");

  private final SortedMap<String, String> facts;

  private ProseFacts(SortedMap<String, String> facts) {
    this.facts = facts;
  }

  /** A span that names no fact of these results. */
  static final class UnknownFact extends IllegalArgumentException {
    UnknownFact(String message) {
      super(message);
    }
  }

  /**
   * The facts of {@code regimes}; {@code earlier} (null: none) gives the changes against earlier
   * sweeps, {@code model} (null: none) the byte-limit model's first point over the limit.
   */
  static ProseFacts of(
      List<Regime> regimes, SweepOrigins origins, EarlierSweeps earlier, ByteLimitModel model) {
    SortedMap<String, String> f = new TreeMap<>();
    int moved = 0;
    int compared = 0;
    PerRunLimit longest = null;
    String longestWhere = "";
    for (Regime g : regimes) {
      String key = key(g);
      SweepOrigins.Summary s = origins.of(g);
      f.put(key + ".sweeps", s.sweepsText());
      f.put(key + ".contended", s.contendedText());
      f.put(key + ".commit", s.commitsText());
      f.put(key + ".link", s.linkText());
      f.put(key + ".failed-calls", OriginsTable.failedCalls(g));
      f.put(key + ".shape", FirstScreen.shape(g));
      f.put(key + ".trend", advantageTrend(g));
      PerRunLimit limit = PerRunLimit.of(g, model);
      f.put(
          key + ".longest-run",
          Num.fixed(limit.longestMs() / 1000, 1) + " s (" + limit.longestAt() + ")");
      f.put(key + ".timed-out", listed(limit.timedOutUnder()));
      f.put(key + ".first-over", listed(limit.firstPredictedOver()));
      if (longest == null || limit.longestMs() > longest.longestMs()) {
        longest = limit;
        longestWhere = g.name();
      }
      for (RawProtocol p : RawProtocol.PAPER) {
        List<CleanedPoint> complete =
            g.measurements().points.stream()
                .filter(c -> c.protocol().equals(p) && c.complete())
                .toList();
        f.put(key + "." + p.id + ".points", Integer.toString(complete.size()));
        String limited =
            KeptLimits.ofPoints(complete.stream().map(CleanedPoint::limitedBy).toList());
        f.put(key + "." + p.id + ".limited", limited == null ? SweepOrigins.UNRECORDED : limited);
        TpsClaim tps = TpsClaim.of(g, p);
        f.put(key + "." + p.id + ".tps-falls", tps.falling() + " of " + tps.threadCounts());
      }
      Regime then = earlier == null ? null : earlier.then(g);
      Map<String, RivalAdvantage> before =
          then == null ? Map.of() : RivalAdvantage.of(then.keptRuns());
      for (RivalAdvantage r : RivalAdvantage.of(g.keptRuns()).values()) {
        String rk = key + "." + rivalKey(r.rival());
        f.put(rk + ".typical", r.typicalText());
        f.put(rk + ".pairs", Integer.toString(r.pairs()));
        f.put(rk + ".faster", r.faster() + " of " + r.pairs());
        f.put(rk + ".every-sweep", r.everySweepFaster() + " of " + r.pairs());
        f.put(rk + ".inside", r.insidePaper() + " of " + r.pairs());
        f.put(rk + ".range", range(r));
        RawProtocol rival = EarlierSweeps.rival(r.rival());
        if (rival != null) {
          f.put(rk + ".each-sweep", andList(SweepToSweep.sweepTypicals(g, rival)));
        }
        RivalAdvantage b = before.get(r.rival());
        if (b != null && b.pairs() > 0) {
          f.put(rk + ".earlier", b.typicalText());
        }
        if (rival != null && b != null && b.pairs() > 0 && r.pairs() > 0) {
          Shift change = EarlierSweeps.change(b, r);
          f.put(
              rk + ".change",
              change.tested() ? change.changeText() : RivalAdvantage.tooFew(change.baseTrials()));
          f.put(
              rk + ".moved",
              !change.tested() ? "untested" : change.significant() ? "moved" : "did not move");
          compared += change.tested() ? 1 : 0;
          moved += change.significant() ? 1 : 0;
        }
      }
    }
    for (String reading : List.of("thread", "total")) {
      List<Regime> of =
          regimes.stream().filter(g -> g.series().requestsPer().equals(reading)).toList();
      if (!of.isEmpty()) {
        f.put(reading + ".shape", ReproductionChecks.tallyText(ShapeTrends.runtimeTally(of)));
      }
    }
    if (longest != null) {
      f.put(
          "longest-run",
          Num.fixed(longest.longestMs() / 1000, 1)
              + " s ("
              + longest.longestAt()
              + ", "
              + longestWhere
              + ")");
    }
    if (earlier != null) {
      f.put("moved", moved + " of " + compared);
    }
    return new ProseFacts(f);
  }

  /** Every fact by name. */
  SortedMap<String, String> all() {
    return facts;
  }

  /**
   * {@code text} with every span's value replaced by its fact's.
   *
   * @throws UnknownFact naming the first span (and its line) whose name is no fact here
   */
  String fill(String text) {
    Matcher m = SPAN.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value = facts.get(m.group(1));
      if (value == null) {
        int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
        throw new UnknownFact("line " + line + ": no fact named f:" + m.group(1));
      }
      m.appendReplacement(
          out, Matcher.quoteReplacement("<!--f:" + m.group(1) + "-->" + value + "<!--/f-->"));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** "1gbit-thread", "1mbit-total", "loopback-thread". */
  static String key(Regime g) {
    String rate = g.series().linkRate().toLowerCase(java.util.Locale.ROOT);
    return (rate.isEmpty() ? "loopback" : rate) + "-" + g.series().requestsPer();
  }

  /**
   * "falls with threads in 4, rises in 0 and has no trend in 2 of the 6 testable series", over
   * RPCX's advantage against each rival at each R; the untestable series counted apart.
   */
  static String advantageTrend(Regime g) {
    int up = 0;
    int down = 0;
    int testable = 0;
    int untestable = 0;
    for (RawProtocol rival : RawProtocol.PAPER) {
      if (rival.equals(RawProtocol.RPCX)) {
        continue;
      }
      for (int r : io.rpcxbench.report.tables.PaperGrid.TABLE_REQUESTS) {
        ShapeTrends.Rank rank = ShapeTrends.advantageRank(g, rival, r);
        if (rank == null) {
          continue;
        }
        if (!rank.testable()) {
          untestable++;
          continue;
        }
        testable++;
        up += rank.significant() && rank.rho() > 0 ? 1 : 0;
        down += rank.significant() && rank.rho() < 0 ? 1 : 0;
      }
    }
    return "falls with threads in "
        + down
        + ", rises in "
        + up
        + " and has no trend in "
        + (testable - up - down)
        + " of the "
        + testable
        + " testable series"
        + (untestable == 0 ? "" : " (" + untestable + " more untestable)");
  }

  private static String rivalKey(String label) {
    if (label.equals(RivalAdvantage.BOTH)) {
      return RivalAdvantage.BOTH;
    }
    RawProtocol p = EarlierSweeps.rival(label);
    return p == null ? label.toLowerCase(java.util.Locale.ROOT) : p.id;
  }

  /** "67.3-83.1 %", one value where smallest and largest agree, "–" without a pair. */
  static String range(RivalAdvantage r) {
    if (r.pairs() == 0) {
      return "–";
    }
    String low = Num.fixed(r.smallest(), 1);
    String high = Num.fixed(r.largest(), 1);
    return (low.equals(high) ? low : low + "-" + high) + " %";
  }

  private static String listed(List<String> items) {
    return items.isEmpty() ? "none" : String.join(", ", items);
  }

  /** "72.6 %, 74.1 % and 75.1 %"; "–" without a value. */
  static String andList(List<Double> percents) {
    List<String> parts = new ArrayList<>();
    percents.forEach(p -> parts.add(Num.fixed(p, 1) + " %"));
    if (parts.isEmpty()) {
      return "–";
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    return String.join(", ", parts.subList(0, parts.size() - 1))
        + " and "
        + parts.get(parts.size() - 1);
  }
}
