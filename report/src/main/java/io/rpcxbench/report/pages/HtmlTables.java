package io.rpcxbench.report.pages;

import static io.rpcxbench.verdict.page.Html.esc;

import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Cell;
import io.rpcxbench.report.tables.ComparisonTable;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.report.tables.ReferenceTable;
import io.rpcxbench.report.tables.TableFormats;
import java.util.List;

/**
 * index.html's result tables: the reference table and each comparison table (Tables 3-4 in the
 * paper's layout), a cell with no value or one the console warned about marked as such.
 */
final class HtmlTables {
  private HtmlTables() {}

  /**
   * A comparison table in the paper's layout: per thread count a row, per request count each paper
   * protocol's value and RPCX's advantage over each other protocol.
   */
  static void comparison(
      StringBuilder h, ComparisonTable t, boolean perThread, HtmlReport.Inputs in) {
    Metric m = t.metric;
    int group = RawProtocol.PAPER.size() + ComparisonTable.OTHERS.size();
    h.append("<h2>")
        .append(esc(m.title))
        .append("</h2>\n<p>RPCX's advantage in percent: ")
        .append(esc(m.advantageFormula))
        .append(" × 100. Also as <a href=\"")
        .append(m.fileName)
        .append(".md\">Markdown</a> and <a href=\"")
        .append(m.fileName)
        .append(".csv\">CSV</a>.</p>\n")
        .append(
            m == Metric.TPS
                ? "<p id=\"tps-note\">" + esc(HtmlReport.tpsNote(perThread)) + "</p>\n"
                : "")
        .append("<table id=\"")
        .append(m.fileName)
        .append("\">\n<tr><th rowspan=\"2\">threads</th>");
    for (int r : t.requests) {
      h.append("<th colspan=\"").append(group).append("\">").append(r).append(" requests</th>");
    }
    h.append("</tr>\n<tr>");
    for (int ignored : t.requests) {
      for (RawProtocol p : RawProtocol.PAPER) {
        h.append("<th>").append(esc(p.label)).append("</th>");
      }
      for (RawProtocol o : ComparisonTable.OTHERS) {
        h.append("<th>vs ").append(esc(o.label)).append("</th>");
      }
    }
    h.append("</tr>\n");
    for (int th : t.threads) {
      h.append("<tr><th>").append(th).append("</th>");
      for (int r : t.requests) {
        ComparisonTable.Row row = t.row(th, r);
        for (RawProtocol p : RawProtocol.PAPER) {
          cell(
              h,
              row.values().get(p),
              row.values().get(p).text(m.decimals),
              in.warningsOf(p, th, r));
        }
        for (RawProtocol o : ComparisonTable.OTHERS) {
          cell(h, row.advantage().get(o), TableFormats.percent(row.advantage().get(o)));
        }
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n<p>")
        .append(esc(TableFormats.rangeSentence(t)))
        .append("</p>\n<p>Threads shown: ")
        .append(TableFormats.join(t.threads))
        .append("; requests shown: ")
        .append(TableFormats.join(t.requests))
        .append(". ")
        .append(esc(TableFormats.GRID_RULE))
        .append("</p>\n");
  }

  /** Every protocol against the reference, with intervals and the console's warnings per point. */
  static void reference(StringBuilder h, ReferenceTable t, HtmlReport.Inputs in) {
    h.append("<h2>")
        .append(esc(t.title()))
        .append("</h2>\n<p>")
        .append(esc(t.explanation()))
        .append(" Also as <a href=\"")
        .append(ReferenceTable.FILE)
        .append(".md\">Markdown</a> and <a href=\"")
        .append(ReferenceTable.FILE)
        .append(".csv\">CSV</a>; chart below.</p>\n<table id=\"")
        .append(ReferenceTable.FILE)
        .append("\">\n<tr><th>threads</th><th>requests</th><th>protocol</th>")
        .append("<th>type</th><th>throughput (calls/s), 95 % t interval</th><th>× ")
        .append(esc(t.reference))
        .append("</th><th>p50 (µs), 95 % bootstrap</th><th>p99 (µs), 95 % bootstrap</th>")
        .append("<th>warnings</th></tr>\n");
    for (ReferenceTable.Line l : t.lines) {
      h.append("<tr><td>")
          .append(l.threads())
          .append("</td><td>")
          .append(l.requests())
          .append("</td><td class=\"k\">")
          .append(esc(l.protocol().label))
          .append("</td><td>")
          .append(l.protocol().type)
          .append("</td>");
      cell(h, l.throughput(), withInterval(l.throughput(), 1));
      cell(h, l.ratio(), l.ratio().text(2));
      cell(h, l.p50(), withInterval(l.p50(), 1));
      cell(h, l.p99(), withInterval(l.p99(), 1));
      List<String> w = in.warningsOf(l.protocol(), l.threads(), l.requests());
      h.append("<td class=\"k")
          .append(w.isEmpty() ? "" : " bad")
          .append("\">")
          .append(w.isEmpty() ? "" : "⚠ " + esc(String.join("; ", w)))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  /** {@code 25657.1 (22000.0–29000.0)}, or the value or marker alone. */
  private static String withInterval(Cell c, int decimals) {
    String interval = c.interval(decimals);
    return interval.isEmpty() ? c.text(decimals) : c.text(decimals) + " (" + interval + ")";
  }

  private static void cell(StringBuilder h, Cell c, String text) {
    cell(h, c, text, List.of());
  }

  /** A cell; one the console warned about is marked ⚠, its warnings in its title. */
  private static void cell(StringBuilder h, Cell c, String text, List<String> warnings) {
    boolean bad = c.value() == null && !Cell.MISSING.equals(c.marker());
    h.append("<td");
    if (bad) {
      h.append(" class=\"bad\"");
    }
    if (!warnings.isEmpty()) {
      h.append(" title=\"").append(esc(String.join("; ", warnings))).append("\"");
    }
    h.append('>').append(esc(text));
    if (!warnings.isEmpty()) {
      h.append(" <span class=\"bad\">⚠</span>");
    }
    h.append("</td>");
  }
}
