package io.rpcxbench.verdict.page;

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
  private sealed interface Block
      permits Heading, Paragraph, Bullets, Table, Verdict, Facts, Chart, Heatmap {}

  private record Heading(String text) implements Block {}

  private record Paragraph(String text) implements Block {}

  /** The answer of the page: a paragraph in a highlighted box (plain text in Markdown). */
  private record Verdict(String text, boolean warning) implements Block {}

  /** Short facts side by side under the title ({@code call: hello}), one line in Markdown. */
  private record Facts(List<String> items) implements Block {}

  /** A chart drawn by the page's script into a canvas {@code chart-<id>}; a note in Markdown. */
  private record Chart(String id, String title, String caption) implements Block {}

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

  /**
   * A cell of a {@link Heatmap}: its text and its colour ({@code #rrggbb}); null: no colour, the
   * cell hatched (nothing decided there).
   */
  public record HeatCell(String text, String colour) {}

  /**
   * A grid of coloured cells: {@code columns} across, {@code rows} down, {@code corner} naming both
   * axes; a table in Markdown.
   */
  public record Heatmap(
      String corner,
      List<String> columns,
      List<String> rows,
      List<List<HeatCell>> cells,
      String caption)
      implements Block {}

  private final String title;
  private final List<Block> blocks = new ArrayList<>();
  private String scripts = "";

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

  /** The page's answer, highlighted ({@code warning}: in the warning colour). */
  public Page verdict(String text, boolean warning) {
    blocks.add(new Verdict(text, warning));
    return this;
  }

  public Page facts(List<String> items) {
    if (!items.isEmpty()) {
      blocks.add(new Facts(List.copyOf(items)));
    }
    return this;
  }

  /** A chart: a canvas {@code chart-<id>} the page's scripts draw, with its caption. */
  public Page chart(String id, String title, String caption) {
    blocks.add(new Chart(id, title, caption));
    return this;
  }

  /**
   * The HTML's scripts, put before {@code </body>}: already whole {@code <script>} elements (the
   * caller escapes what it embeds); none in Markdown.
   */
  public Page scripts(String html) {
    this.scripts = html;
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

  public Page heatmap(Heatmap m) {
    blocks.add(m);
    return this;
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
      } else if (b instanceof Verdict v) {
        md.append(v.text()).append('\n');
      } else if (b instanceof Facts f) {
        md.append(String.join(" · ", f.items())).append('\n');
      } else if (b instanceof Chart c) {
        md.append("*Chart (in the HTML page): ").append(c.title()).append(".*\n");
      } else if (b instanceof Bullets l) {
        l.items().forEach(i -> md.append("- ").append(i).append('\n'));
      } else if (b instanceof Table t) {
        md.append(t.markdown());
      } else if (b instanceof Heatmap m) {
        md.append(asTable(m).markdown()).append('\n').append(m.caption()).append('\n');
      }
    }
    return md.toString();
  }

  /**
   * The page as HTML: light or dark as the reader's system prefers, readable from a phone's width
   * (wide tables scroll inside their own box) to a desktop's.
   */
  public String html() {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(Html.esc(title))
        .append("</title>\n<style>\n")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n<h1>")
        .append(Html.esc(title))
        .append("</h1>\n");
    for (Block b : blocks) {
      if (b instanceof Heading x) {
        h.append("<h2 id=\"")
            .append(slug(x.text()))
            .append("\">")
            .append(Html.esc(x.text()))
            .append("</h2>\n");
      } else if (b instanceof Paragraph p) {
        h.append("<p>").append(Html.esc(p.text())).append("</p>\n");
      } else if (b instanceof Verdict v) {
        h.append("<div id=\"verdict\" class=\"verdict")
            .append(v.warning() ? " warn" : "")
            .append("\"><p>")
            .append(Html.esc(v.text()))
            .append("</p></div>\n");
      } else if (b instanceof Facts f) {
        h.append("<ul class=\"facts\">");
        f.items().forEach(i -> h.append("<li>").append(Html.esc(i)).append("</li>"));
        h.append("</ul>\n");
      } else if (b instanceof Chart c) {
        String id = Html.esc(c.id());
        h.append("<figure class=\"chart\"><div class=\"canvas\"><canvas id=\"chart-")
            .append(id)
            .append("\" role=\"img\" aria-label=\"")
            .append(Html.esc(c.title()))
            .append("\"></canvas></div><figcaption>")
            .append(Html.esc(c.caption()))
            .append("</figcaption></figure>\n");
      } else if (b instanceof Bullets l) {
        h.append("<ul>\n");
        l.items().forEach(i -> h.append("<li>").append(Html.esc(i)).append("</li>\n"));
        h.append("</ul>\n");
      } else if (b instanceof Table t) {
        html(h, t);
      } else if (b instanceof Heatmap m) {
        html(h, m);
      }
    }
    return h.append(scripts).append("</body>\n</html>\n").toString();
  }

  /** Light and dark colours as CSS variables; narrow screens get smaller margins and type. */
  /**
   * The pages' colours, light and dark (the reader's {@code prefers-color-scheme}): every page's
   * style starts with it.
   */
  public static final String PALETTE =
      ":root{color-scheme:light dark;--fg:#1a1a1a;--bg:#fff;--muted:#555;--rule:#bbb;"
          + "--head:#eee;--box:#e8f1f8;--edge:#0072B2;--warn:#fdf0e6;--warnedge:#D55E00}\n"
          + "@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#16181b;--muted:#aaa;"
          + "--rule:#4a4d52;--head:#262a2f;--box:#13283a;--edge:#56B4E9;--warn:#3a2415;"
          + "--warnedge:#E69F00}}\n";

  /**
   * A text cell longer than this many characters keeps a reading width ({@code td.t}): beside a
   * table's unbroken numbers it would be squeezed to a word a line, and its row made screens tall.
   */
  static final int LONG_TEXT = 24;

  private static final String STYLE =
      PALETTE
          + "body{font-family:sans-serif;margin:2em auto;padding:0 1em;max-width:80em;"
          + "color:var(--fg);background:var(--bg);line-height:1.4}\n"
          + "a{color:var(--edge)}\n"
          + ".wide{overflow-x:auto;max-width:100%}\n"
          + "table{border-collapse:collapse;margin:1em 0}\n"
          + "th,td{border:1px solid var(--rule);padding:.3em .6em}th{background:var(--head)}\n"
          + "td.r{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
          + "td.t{min-width:14em}\n"
          + ".verdict{border-left:.4em solid var(--edge);background:var(--box);padding:.6em 1em;"
          + "margin:1em 0;font-size:1.15em}\n.verdict p{margin:0}\n"
          + ".verdict.warn{border-color:var(--warnedge);background:var(--warn)}\n"
          + ".facts{list-style:none;padding:0;margin:.5em 0;display:flex;flex-wrap:wrap;gap:.4em}\n"
          + ".facts li{border:1px solid var(--rule);border-radius:1em;padding:.1em .7em;"
          + "color:var(--muted)}\n"
          + ".chart{margin:1.5em 0}.chart .canvas{position:relative;height:22em;width:100%}\n"
          + "figcaption{color:var(--muted);font-size:.9em}\n"
          + "table.heat td{text-align:center;min-width:6em;font-weight:600}\n"
          + "table.heat td.tie{font-weight:400;color:var(--fg);background:repeating-linear-gradient("
          + "45deg,var(--rule) 0 .3em,transparent .3em .7em)}\n"
          + "@media (max-width:600px){body{margin:.5em auto;padding:0 .5em;font-size:15px}"
          + "h1{font-size:1.35em}.chart .canvas{height:18em}td.t{min-width:9em}}\n";

  /** A heading's anchor: lower-case words joined by {@code -}. */
  static String slug(String text) {
    String s = text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    return s.replaceAll("^-|-$", "");
  }

  private static Table asTable(Heatmap m) {
    List<String> header = new ArrayList<>(List.of(m.corner()));
    header.addAll(m.columns());
    List<Boolean> right = new ArrayList<>();
    header.forEach(x -> right.add(false));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < m.rows().size(); i++) {
      List<String> row = new ArrayList<>(List.of(m.rows().get(i)));
      m.cells().get(i).forEach(c -> row.add(c.text()));
      rows.add(row);
    }
    return new Table(header, right, rows);
  }

  private static void html(StringBuilder h, Heatmap m) {
    h.append("<figure class=\"heatmap\"><div class=\"wide\"><table class=\"heat\">\n<tr><th>")
        .append(Html.esc(m.corner()))
        .append("</th>");
    m.columns().forEach(c -> h.append("<th>").append(Html.esc(c)).append("</th>"));
    h.append("</tr>\n");
    for (int i = 0; i < m.rows().size(); i++) {
      h.append("<tr><th>").append(Html.esc(m.rows().get(i))).append("</th>");
      for (HeatCell c : m.cells().get(i)) {
        if (c.colour() == null || !c.colour().matches("#[0-9a-fA-F]{6}")) {
          h.append("<td class=\"tie\">");
        } else {
          h.append("<td style=\"background:")
              .append(c.colour())
              .append(";color:")
              .append(ink(c.colour()))
              .append("\">");
        }
        h.append(Html.esc(c.text())).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table></div><figcaption>")
        .append(Html.esc(m.caption()))
        .append("</figcaption></figure>\n");
  }

  /** Black or white, whichever reads on {@code hex}. */
  private static String ink(String hex) {
    int n = Integer.parseInt(hex.substring(1), 16);
    double y = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
    return y > 140 ? "#000000" : "#ffffff";
  }

  /** A cell's opening tag: numbers right-aligned, long text kept at a reading width. */
  private static String cell(boolean right, String text) {
    if (right) {
      return "<td class=\"r\">";
    }
    return text.length() > LONG_TEXT ? "<td class=\"t\">" : "<td>";
  }

  private static void html(StringBuilder h, Table t) {
    h.append("<div class=\"wide\"><table>\n<tr>");
    t.header().forEach(c -> h.append("<th>").append(Html.esc(c)).append("</th>"));
    h.append("</tr>\n");
    for (List<String> row : t.rows()) {
      h.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        boolean right = i < t.right().size() && t.right().get(i);
        h.append(cell(right, row.get(i))).append(Html.esc(row.get(i))).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table></div>\n");
  }
}
