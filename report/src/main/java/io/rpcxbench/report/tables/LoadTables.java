package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.OpenLoad;
import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.page.Html;
import java.util.Comparator;
import java.util.List;

/**
 * An open-loop series' tables: the knee of each protocol ({@link Knee}) and every point with its
 * offered and achieved rate, drops, failed calls and latency, as HTML for index.html and as {@code
 * load.csv}. The closed loop's Tables 3-4 (runtime and TPS by threads and requests) have no meaning
 * for a rate and are not drawn for such a series.
 */
public final class LoadTables {
  public static final String FILE = "load";

  private static final List<String> POINT_HEAD =
      List.of(
          "protocol",
          "target rate (calls/s)",
          "achieved rate (calls/s)",
          "lowest achieved (calls/s)",
          "dropped",
          "errors",
          "p50 (µs)",
          "p99 (µs)",
          "p99.9 (µs)",
          "kept up");

  private LoadTables() {}

  /** The points with a load, by protocol then offered rate. */
  static List<CleanedPoint> sorted(List<CleanedPoint> points) {
    return points.stream()
        .filter(p -> p.load() != null)
        .sorted(Comparator.comparing(CleanedPoint::protocol).thenComparingDouble(Knee::offered))
        .toList();
  }

  private static String[] cells(CleanedPoint p) {
    OpenLoad l = p.load();
    String over = p.overload();
    return new String[] {
      p.protocol().id,
      Num.fixed(l.targetRate(), 0),
      Num.fixed(l.achievedRate(), 1),
      Num.fixed(l.achievedRateMin(), 1),
      String.valueOf(l.dropped()),
      p.errorsSum() == null ? "" : String.valueOf(p.errorsSum()),
      Cell.of(p.latency().p50Us()).text(1),
      Cell.of(p.latency().p99Us()).text(1),
      Cell.of(p.latency().p999Us()).text(1),
      over == null ? "yes" : "no: " + over
    };
  }

  public static String csv(List<CleanedPoint> points) {
    StringBuilder b = new StringBuilder(String.join(",", POINT_HEAD)).append('\n');
    for (CleanedPoint p : sorted(points)) {
      String[] c = cells(p);
      c[c.length - 1] = c[c.length - 1].replace(",", ";");
      b.append(String.join(",", c)).append('\n');
    }
    return b.toString();
  }

  /**
   * The knee table and the points table, with headings; each point's console warnings ({@code
   * warnings}, none: empty) in the points table's last column.
   */
  public static void html(
      StringBuilder h,
      List<Knee> knees,
      double factor,
      List<CleanedPoint> points,
      java.util.function.Function<CleanedPoint, List<String>> warnings) {
    h.append("<p>Load model: open (a rate on a schedule, docs/load-models.md). ")
        .append("Every point offered a rate; the closed loop's tables by threads and requests do ")
        .append("not apply.</p>\n<h2>Knee of each protocol</h2>\n<p>")
        .append(Html.esc(Knee.explanation(factor)))
        .append(" Also as <a href=\"")
        .append(Knee.FILE)
        .append(".md\">Markdown</a> and <a href=\"")
        .append(Knee.FILE)
        .append(".csv\">CSV</a>.</p>\n");
    table(h, "knee", Knee.head(knees), Knee.htmlRows(knees), Knee.head(knees).size() - 1);
    for (Knee k : knees) {
      k.referenceWarning()
          .ifPresent(
              w -> h.append("<p class=\"bad\">Warning: ").append(Html.esc(w)).append("</p>\n"));
    }
    h.append("<h2>Open-loop points</h2>\n<p>Latency from each call's intended start, over the ")
        .append("kept runs (order 0 dropped). Also as <a href=\"")
        .append(FILE)
        .append(".csv\">CSV</a>.</p>\n");
    List<String> head = new java.util.ArrayList<>(POINT_HEAD);
    head.add("warnings");
    List<String[]> rows = new java.util.ArrayList<>();
    for (CleanedPoint p : sorted(points)) {
      String[] c = java.util.Arrays.copyOf(cells(p), POINT_HEAD.size() + 1);
      List<String> w = warnings.apply(p);
      c[POINT_HEAD.size()] = w.isEmpty() ? "" : "⚠ " + String.join("; ", w);
      rows.add(c);
    }
    table(h, FILE, head, rows, POINT_HEAD.size() - 1);
  }

  /**
   * A table; the columns from {@code flagged} on are text, {@code flagged}'s "no ..." (did not keep
   * up) and a later column's "⚠ ..." (a warning) in the warning colour.
   */
  private static void table(
      StringBuilder h, String id, List<String> head, List<String[]> rows, int flagged) {
    h.append("<table id=\"").append(id).append("\">\n<tr>");
    head.forEach(c -> h.append("<th>").append(Html.esc(c)).append("</th>"));
    h.append("</tr>\n");
    for (String[] row : rows) {
      h.append("<tr>");
      for (int i = 0; i < row.length; i++) {
        boolean text = i == 0 || i >= flagged;
        boolean bad =
            (i == flagged && row[i].startsWith("no")) || (i > flagged && row[i].startsWith("⚠"));
        h.append(text ? (bad ? "<td class=\"k bad\">" : "<td class=\"k\">") : "<td>")
            .append(Html.esc(row[i]))
            .append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }
}
