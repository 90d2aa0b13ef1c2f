package io.rpcxbench.report.pages;

import java.util.ArrayList;
import java.util.List;

/**
 * A small document (a title, headings, paragraphs, bullet lists and tables) written once and
 * rendered as Markdown or as a self-contained HTML page (inline style, no external asset, every
 * string escaped), so the two renderings of a scorecard cannot disagree.
 *
 * <pre>{@code
 * Page p = new Page("items(10) at p99 <= 5 ms");
 * p.paragraph("rpcx sustains 3.1x the rate of grpc.");
 * p.table(List.of("candidate", "calls/s"), List.of(false, true), List.of(List.of("rpcx", "31000")));
 * p.markdown();   // "# items(10) at p99 <= 5 ms\n\nrpcx sustains ...\n\n| candidate | calls/s |..."
 * p.html();       // "<!DOCTYPE html>...<h1>items(10) at p99 &lt;= 5 ms</h1>..."
 * }</pre>
 */
public final class Page {
  private sealed interface Block permits Heading, Paragraph, Bullets, Table {}

  private record Heading(String text) implements Block {}

  private record Paragraph(String text) implements Block {}

  private record Bullets(List<String> items) implements Block {}

  /** {@code right}: per column, whether its figures are right-aligned. */
  public record Table(List<String> header, List<Boolean> right, List<List<String>> rows)
      implements Block {
    public String markdown() {
      StringBuilder t = new StringBuilder("|");
      header.forEach(h -> t.append(' ').append(cell(h)).append(" |"));
      t.append("\n|");
      right.forEach(r -> t.append(r ? " ---: |" : " --- |"));
      t.append('\n');
      for (List<String> row : rows) {
        t.append('|');
        row.forEach(c -> t.append(' ').append(cell(c)).append(" |"));
        t.append('\n');
      }
      return t.toString();
    }

    private static String cell(String s) {
      return s.replace("|", "\\|").replace("\n", " ");
    }
  }

  private final String title;
  private final List<Block> blocks = new ArrayList<>();

  public Page(String title) {
    this.title = title;
  }

  public Page heading(String text) {
    blocks.add(new Heading(text));
    return this;
  }

  public Page paragraph(String text) {
    blocks.add(new Paragraph(text));
    return this;
  }

  public Page bullets(List<String> items) {
    if (!items.isEmpty()) {
      blocks.add(new Bullets(List.copyOf(items)));
    }
    return this;
  }

  public Page table(List<String> header, List<Boolean> right, List<List<String>> rows) {
    return table(new Table(List.copyOf(header), List.copyOf(right), List.copyOf(rows)));
  }

  public Page table(Table t) {
    blocks.add(t);
    return this;
  }

  public String markdown() {
    StringBuilder md = new StringBuilder("# ").append(title).append("\n");
    for (Block b : blocks) {
      md.append('\n');
      if (b instanceof Heading h) {
        md.append("## ").append(h.text()).append('\n');
      } else if (b instanceof Paragraph p) {
        md.append(p.text()).append('\n');
      } else if (b instanceof Bullets l) {
        l.items().forEach(i -> md.append("- ").append(i).append('\n'));
      } else if (b instanceof Table t) {
        md.append(t.markdown());
      }
    }
    return md.toString();
  }

  public String html() {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        .append(HtmlReport.esc(title))
        .append("</title>\n<style>\n")
        .append("body{font-family:sans-serif;margin:2em;max-width:80em}\n")
        .append("table{border-collapse:collapse;margin:1em 0}\n")
        .append("th,td{border:1px solid #bbb;padding:.3em .6em}th{background:#eee}\n")
        .append("td.r{text-align:right;font-variant-numeric:tabular-nums}\n")
        .append("</style>\n</head>\n<body>\n<h1>")
        .append(HtmlReport.esc(title))
        .append("</h1>\n");
    for (Block b : blocks) {
      if (b instanceof Heading x) {
        h.append("<h2>").append(HtmlReport.esc(x.text())).append("</h2>\n");
      } else if (b instanceof Paragraph p) {
        h.append("<p>").append(HtmlReport.esc(p.text())).append("</p>\n");
      } else if (b instanceof Bullets l) {
        h.append("<ul>\n");
        l.items().forEach(i -> h.append("<li>").append(HtmlReport.esc(i)).append("</li>\n"));
        h.append("</ul>\n");
      } else if (b instanceof Table t) {
        html(h, t);
      }
    }
    return h.append("</body>\n</html>\n").toString();
  }

  private static void html(StringBuilder h, Table t) {
    h.append("<table>\n<tr>");
    t.header().forEach(c -> h.append("<th>").append(HtmlReport.esc(c)).append("</th>"));
    h.append("</tr>\n");
    for (List<String> row : t.rows()) {
      h.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        boolean right = i < t.right().size() && t.right().get(i);
        h.append(right ? "<td class=\"r\">" : "<td>")
            .append(HtmlReport.esc(row.get(i)))
            .append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }
}
