package io.rpcxbench.report.pages;

import static io.rpcxbench.verdict.page.Html.esc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.report.charts.ChartData;
import io.rpcxbench.report.charts.Figures;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.ProvenanceValues;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.report.tables.Cell;
import io.rpcxbench.report.tables.ComparisonTable;
import io.rpcxbench.report.tables.Knee;
import io.rpcxbench.report.tables.LoadTables;
import io.rpcxbench.report.tables.ReferenceTable;
import io.rpcxbench.verdict.page.ChartLibrary;
import io.rpcxbench.verdict.page.Page;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * index.html: the title and first lines from what the data holds ({@link Subject}), provenance,
 * every protocol against the reference, Tables 3-4 in the paper's layout when the data is the
 * paper's workload, the figures and the points that did not finish. A small script records on
 * {@code <body data-images-loaded="ok/total">} how many images loaded, so a headless browser can
 * check the page.
 */
public final class HtmlReport {
  private HtmlReport() {}

  record Inputs(
      Subject subject,
      List<ProvenanceValues.Line> provenance,
      Map<RawProtocol, Map<PointStatus, Integer>> files,
      List<ComparisonTable> tables,
      ReferenceTable reference,
      List<Figures.Figure> figures,
      List<CleanedPoint> unfinished,
      Series series,
      OpenSection open,
      ObjectNode charts,
      Map<ChartData.Key, List<String>> warnings) {
    /** What the console warned about the point of {@code protocol} at threads x requests. */
    List<String> warningsOf(RawProtocol protocol, int threads, int requests) {
      return warnings.entrySet().stream()
          .filter(
              e ->
                  e.getKey().protocol().equals(protocol.id)
                      && e.getKey().threads() == threads
                      && e.getKey().requests() == requests)
          .findFirst()
          .map(Map.Entry::getValue)
          .orElse(List.of());
    }
  }

  /** An open-loop series' knees and points (null for the other load models). */
  record OpenSection(List<Knee> knees, double factor, List<CleanedPoint> points) {}

  /** What the page answers first; empty without a reference table to answer from. */
  static Optional<ReferenceAnswer> answer(Inputs in) {
    if (in.reference() == null) {
      return Optional.empty();
    }
    int warned = (int) in.warnings().values().stream().filter(w -> !w.isEmpty()).count();
    return ReferenceAnswer.of(in.reference(), warned);
  }

  static String render(Inputs in) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>")
        .append(esc(in.subject().title()))
        .append("</title>\n<style>\n")
        .append(Page.PALETTE)
        .append("body{font-family:sans-serif;margin:2em;max-width:1400px;color:var(--fg);")
        .append("background:var(--bg)}a{color:var(--edge)}")
        .append("table{border-collapse:collapse;margin:1em 0}")
        .append("td,th{border:1px solid var(--rule);padding:2px 6px;text-align:right}")
        .append("th{background:var(--head);text-align:center}td.k{text-align:left}")
        .append(".bad{color:var(--warnedge)}")
        .append(".warn{border-left:.4em solid var(--warnedge);background:var(--warn);")
        .append("padding:.2em 1em}")
        .append("#answer{border-left:.4em solid var(--edge);background:var(--box);")
        .append("padding:.6em 1em;font-size:1.15em}")
        .append("figure{margin:1.5em 0}img{max-width:100%;background:#fff}\n</style>\n")
        .append("<script>\nwindow.addEventListener('load', function () {\n")
        .append("  document.body.setAttribute('data-theme', window.matchMedia(")
        .append("'(prefers-color-scheme: dark)').matches ? 'dark' : 'light');\n")
        .append("  var imgs = Array.prototype.slice.call(document.images);\n")
        .append(
            "  var ok = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;\n")
        .append("  document.body.setAttribute('data-images-loaded', ok + '/' + imgs.length);\n")
        .append("});\n</script>\n</head>\n<body>\n<h1>")
        .append(esc(in.subject().title()))
        .append("</h1>\n<p id=\"lead\">")
        .append(esc(in.subject().lead()))
        .append("</p>\n");
    // the answer first: who was faster, by how much, with what warning
    answer(in)
        .ifPresent(a -> h.append("<p id=\"answer\">").append(esc(a.sentence())).append("</p>\n"));
    if (in.series() != null) {
      h.append("<p>Series: ")
          .append(esc(in.series().text()))
          .append(" (<a href=\"../index.html\">all series</a>)</p>\n");
    }
    PointWarnings.html(h, in.warnings(), in.subject().protocols());
    if (in.open() != null) {
      LoadTables.html(
          h,
          in.open().knees(),
          in.open().factor(),
          in.open().points(),
          p -> in.warnings().getOrDefault(ChartData.Key.of(p), List.of()));
    }
    if (in.reference() != null) {
      HtmlTables.reference(h, in.reference(), in);
    }
    for (ComparisonTable t : in.tables()) {
      HtmlTables.comparison(h, t, in.subject().requestsPerThread(), in);
    }
    if (in.charts() != null) {
      interactive(h, in.charts());
    }
    h.append("<h2>Figures</h2>\n");
    if (in.figures().stream().anyMatch(f -> f.title().contains("average TPS"))) {
      h.append("<p>Figs. 8b-10b: ")
          .append(esc(tpsNote(in.subject().requestsPerThread())))
          .append("</p>\n");
    }
    for (Figures.Figure f : in.figures()) {
      h.append("<figure>\n");
      if (f.file() != null) {
        h.append("<img src=\"")
            .append(esc(f.file()))
            .append("\" alt=\"")
            .append(esc(f.title()))
            .append("\">\n");
      } else {
        h.append("<p><strong>").append(esc(f.title())).append("</strong></p>\n");
      }
      h.append("<figcaption>").append(esc(f.caption()));
      for (String note : f.notes()) {
        h.append("<br><span class=\"bad\">").append(esc(note)).append("</span>");
      }
      h.append("</figcaption>\n</figure>\n");
    }
    unfinished(h, in.unfinished(), in.open() != null);
    // provenance last: the first screen is the result
    provenance(h, in);
    h.append(
        "<p>Data: <a href=\"cleaned.csv\">cleaned.csv</a> (every cleaned point with its spread).</p>\n");
    if (in.open() != null) {
      h.append("<p>Open-loop points with their rates: <a href=\"load.csv\">load.csv</a>.</p>\n");
    }
    h.append("</body>\n</html>\n");
    return h.toString();
  }

  /**
   * A canvas per chart of {@code charts} ({@link ChartData}), its controls, the data and the two
   * scripts ({@link ChartLibrary}) that draw them.
   */
  private static void interactive(StringBuilder h, ObjectNode charts) {
    h.append("<h2>Interactive charts</h2>\n<p>Drawn in this page by Chart.js ")
        .append(esc(ChartLibrary.version()))
        .append(" (shipped in report.jar and copied beside the page: no network needed). Hover a")
        .append(" point for its value, 95 % interval and estimator; click a legend entry to hide")
        .append(" or show a protocol; the shaded band is the interval; × marks a rate not kept")
        .append(" up. One colour per protocol in every chart (Okabe-Ito).</p>\n");
    for (var c : charts.get("charts")) {
      String id = esc(c.get("id").asText());
      h.append("<div class=\"chart\"><canvas id=\"chart-")
          .append(id)
          .append("\" width=\"")
          .append(Figures.WIDTH)
          .append("\" height=\"480\" role=\"img\" aria-label=\"")
          .append(esc(c.get("title").asText()))
          .append("\"></canvas><br>\n<select id=\"pick-")
          .append(id)
          .append("\" hidden></select> <button id=\"log-")
          .append(id)
          .append("\" type=\"button\">log / linear</button> <a id=\"png-")
          .append(id)
          .append("\" href=\"#\">PNG</a></div>\n");
    }
    h.append("<script type=\"application/json\" id=\"chart-data\">")
        .append(ChartData.json(charts))
        .append("</script>\n<script src=\"")
        .append(ChartLibrary.CHART_JS)
        .append("\"></script>\n<script src=\"")
        .append(ChartLibrary.DRAW_JS)
        .append("\"></script>\n");
  }

  private static void provenance(StringBuilder h, Inputs in) {
    h.append(
        "<h2>Provenance</h2>\n<table id=\"provenance\">\n<tr><th>key</th><th>protocol</th><th>values</th></tr>\n");
    for (ProvenanceValues.Line l : in.provenance()) {
      h.append("<tr><td class=\"k\">")
          .append(esc(l.key()))
          .append("</td><td class=\"k\">")
          .append(l.protocol() == null ? "all" : esc(l.protocol().label))
          .append("</td><td class=\"k\">")
          .append(esc(String.join("; ", l.values())))
          .append("</td></tr>\n");
    }
    for (Map.Entry<RawProtocol, Map<PointStatus, Integer>> e : in.files().entrySet()) {
      StringBuilder counts = new StringBuilder();
      e.getValue()
          .forEach(
              (st, n) ->
                  counts
                      .append(counts.length() == 0 ? "" : ", ")
                      .append(n)
                      .append(' ')
                      .append(st.id));
      h.append("<tr><td class=\"k\">files</td><td class=\"k\">")
          .append(esc(e.getKey().label))
          .append("</td><td class=\"k\">")
          .append(counts)
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  /**
   * What the paper's TPS is, beside the throughput the other tables and charts give: Eq. 3 per run,
   * averaged; under T × R it counts one thread's calls a second, so it falls as threads rise while
   * throughput rises.
   */
  static String tpsNote(boolean perThread) {
    return "TPS is the paper's Eq. 3, TPS = R / (runtime / 1000), computed per run and averaged"
        + " over the kept runs (the paper's tpsAvg), R being the point's requests. "
        + (perThread
            ? "Here each of the T threads makes R calls, so a run makes T × R calls and TPS counts"
                + " one thread's calls a second: the calls per second of the whole run are about T"
                + " × TPS. So TPS falls as threads rise wherever a run's runtime grows with T, while"
                + " throughput (all calls a second, in the table of every protocol and the charts)"
                + " rises or holds: the two measure different things and do not contradict each"
                + " other."
            : "Here the T threads share R calls, so TPS is the run's calls a second, the same"
                + " quantity as throughput, averaged per run rather than over the calls.");
  }

  private static void unfinished(StringBuilder h, List<CleanedPoint> points, boolean open) {
    h.append("<h2>Points that did not finish</h2>\n");
    if (points.isEmpty()) {
      h.append(
          open
              ? "<p>None: every point's runs finished. Whether a point kept up with its rate is"
                  + " another matter: the knee and points tables above say.</p>\n"
              : "<p>None.</p>\n");
      return;
    }
    h.append("<table id=\"unfinished\">\n<tr><th>protocol</th><th>threads</th><th>requests</th>")
        .append("<th>status</th><th>limit (s)</th></tr>\n");
    for (CleanedPoint p : points) {
      h.append("<tr><td class=\"k\">")
          .append(esc(p.protocol().label))
          .append("</td><td>")
          .append(p.threadNum())
          .append("</td><td>")
          .append(p.requestNum())
          .append("</td><td class=\"bad\">")
          .append(esc(p.marker()))
          .append("</td><td>")
          .append(p.limitS() == null ? Cell.MISSING : p.limitS())
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }
}
