package io.rpcxbench.report.pages;

import io.rpcxbench.report.charts.ChartData;
import io.rpcxbench.report.clean.Cleaner.PointRuns;
import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.stats.Trend;
import io.rpcxbench.verdict.page.Html;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the console warned about a point, judged again from its files so the page says it beside the
 * figures it qualifies: kept runs that still rise or fall with their order (the engine's one rule,
 * {@link Trend}, over the kept runs' throughput: the harness's {@code KeptRunsTrend} applies the
 * same), kept runs limited by a contended machine ({@code limited_by = contended}, as each run
 * recorded it), a harness-limited point (its file's {@code harness_limited}: a client that
 * saturated its CPU before the server), a link off its profile ({@code link_rtt_check} off, or a
 * packet emulator that could not hold it while the point ran: {@code link_emulator_check}), a round
 * trip the box could not hold to its accuracy ({@code link_rtt_accuracy}: 2 % or 20 us) and a link
 * made by the TCP proxy ({@code link_note}: "TCP terminated at a proxy: no loss, no TCP dynamics").
 *
 * <pre>{@code
 * Map<ChartData.Key, List<String>> w = PointWarnings.of(Cleaner.runKept(db, problems));
 * w.get(key);   // ["kept runs still rise (+405 % from run 1 to run 9): not steady state", ...]
 * }</pre>
 */
public final class PointWarnings {
  private PointWarnings() {}

  /** Each point's warnings (points without any left out), in the points' order. */
  public static Map<ChartData.Key, List<String>> of(List<PointRuns> points) {
    Map<ChartData.Key, List<String>> out = new LinkedHashMap<>();
    for (PointRuns p : points) {
      List<String> w = of(p);
      if (!w.isEmpty()) {
        out.put(ChartData.Key.of(p.point()), w);
      }
    }
    return out;
  }

  /**
   * What the console warned, for every point of the page that had a warning, right under the lead:
   * each again beside its figures (the table's warnings column, a marked cell, a triangle in the
   * charts).
   */
  static void html(
      StringBuilder h,
      Map<ChartData.Key, List<String>> warnings,
      List<io.rpcxbench.report.db.RawProtocol> protocols) {
    if (warnings.isEmpty()) {
      return;
    }
    h.append("<div id=\"warnings\" class=\"warn\"><p><strong>")
        .append(warnings.size())
        .append(warnings.size() == 1 ? " point" : " points")
        .append(" with a warning</strong> (as the console printed them; marked ⚠ in the tables")
        .append(" and as triangles in the charts):</p>\n<ul>\n");
    int shown = 0;
    for (Map.Entry<ChartData.Key, List<String>> e : warnings.entrySet()) {
      if (shown == SHOWN && warnings.size() > SHOWN) {
        // the first screen stays the result's: the rest of a long list is folded
        h.append("</ul>\n<details><summary>")
            .append(warnings.size() - SHOWN)
            .append(" more</summary>\n<ul>\n");
      }
      shown++;
      item(h, e.getKey(), e.getValue(), protocols);
    }
    h.append(warnings.size() > SHOWN ? "</ul></details></div>\n" : "</ul></div>\n");
  }

  /** The points listed before the rest is folded. */
  static final int SHOWN = 5;

  private static void item(
      StringBuilder h,
      ChartData.Key k,
      List<String> w,
      List<io.rpcxbench.report.db.RawProtocol> protocols) {
    h.append("<li>")
        .append(
            Html.esc(
                protocols.stream()
                    .filter(p -> p.id.equals(k.protocol()))
                    .map(p -> p.label)
                    .findFirst()
                    .orElse(k.protocol())))
        .append(", ")
        .append(k.threads())
        .append(" threads × ")
        .append(k.requests())
        .append(" requests: ")
        .append(Html.esc(String.join("; ", w)))
        .append("</li>\n");
  }

  /** The warnings of one point, most serious first. */
  static List<String> of(PointRuns p) {
    List<String> out = new ArrayList<>();
    trend(p.kept()).ifPresent(out::add);
    long contended = p.kept().stream().filter(r -> "contended".equals(r.limitedBy())).count();
    if (contended > 0) {
      out.add(
          contended
              + " of "
              + p.kept().size()
              + " kept runs limited by contended: the machine was busy, the figures measure it too");
    }
    List<String> harness = p.facts().getOrDefault("harness_limited", List.of());
    if (harness.stream().anyMatch(v -> v.trim().equals("true") || v.trim().equals("1"))) {
      out.add(
          "harness-limited: the client's CPU saturated before the server's; it measures the client");
    }
    p.facts().getOrDefault("link_rtt_check", List.of()).stream()
        .filter(v -> v.trim().startsWith("off"))
        .findFirst()
        .ifPresent(v -> out.add("link off its profile (" + v.trim() + ")"));
    p.facts().getOrDefault("link_rtt_accuracy", List.of()).stream()
        .map(io.rpcxbench.raw.LinkAccuracy::of)
        .filter(io.rpcxbench.raw.LinkAccuracy::notHeld)
        .findFirst()
        .ifPresent(
            a ->
                out.add(
                    "the box could not hold the link's round trip to its accuracy ("
                        + a.figures()
                        + ")"));
    p.facts().getOrDefault("link_emulator_check", List.of()).stream()
        .filter(v -> v.trim().startsWith("off"))
        .findFirst()
        .ifPresent(
            v -> out.add("link emulator off its profile during the point (" + v.trim() + ")"));
    // a link made by the TCP proxy: its files say what it cannot show, and so does the page
    p.facts().getOrDefault("link_note", List.of()).stream()
        .map(String::trim)
        .filter(v -> !v.isEmpty())
        .findFirst()
        .ifPresent(out::add);
    return out;
  }

  /** The kept runs' trend by the engine's rule, worded as the console words it. */
  private static Optional<String> trend(List<StoredRun> kept) {
    List<StoredRun> runs =
        kept.stream()
            .filter(r -> throughput(r) != null)
            .sorted(Comparator.comparingInt(StoredRun::order))
            .toList();
    double[] orders = runs.stream().mapToDouble(StoredRun::order).toArray();
    double[] values = runs.stream().mapToDouble(PointWarnings::throughput).toArray();
    return Trend.of(orders, values)
        .map(
            t ->
                String.format(
                    Locale.ROOT,
                    "kept runs still %s (%+d %% from run %d to run %d): not steady state",
                    t.rising() ? "rise" : "fall",
                    Math.round(t.change() * 100),
                    runs.get(0).order(),
                    runs.get(runs.size() - 1).order()));
  }

  /** A run's calls per second: its own column, else its calls over its time. */
  private static Double throughput(StoredRun r) {
    if (r.throughput() != null) {
      return r.throughput();
    }
    return r.calls() != null && r.timeTotalMs() > 0 ? r.calls() * 1000.0 / r.timeTotalMs() : null;
  }
}
