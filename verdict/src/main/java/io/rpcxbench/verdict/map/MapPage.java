package io.rpcxbench.verdict.map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.choose.ChooseOutcome;
import io.rpcxbench.verdict.page.ChartLibrary;
import io.rpcxbench.verdict.page.Page;
import io.rpcxbench.verdict.page.Palette;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The map as a page: its crossings in words first, a heatmap of the winner over two axes ("cannot
 * tell" hatched), each candidate's capacity against the first axis with its interval and its bound
 * ({@link LinkModel}), then every condition's figures. One document rendered as Markdown and as
 * HTML ({@link Page}); the charts drawn by {@code rpcx-map.js} from the page's JSON.
 *
 * <pre>{@code
 * Page p = MapPage.of(map);   // p.html(), p.markdown()
 * }</pre>
 */
final class MapPage {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Lines of the first axis drawn as charts, at most. */
  static final int CHARTS = 4;

  private MapPage() {}

  static Page of(LinkMap m, String slo, String link) throws IOException {
    Palette palette = Palette.ofIds(m.candidates().stream().map(MapPage::protocol).toList());
    List<String> axes = m.plan().axes().stream().map(a -> a.words).toList();
    Page p =
        new Page(
            "Which protocol wins where: "
                + String.join(", ", m.candidates())
                + " at "
                + slo
                + " across "
                + String.join(" and ", axes));
    p.verdict(m.verdict(), false);
    long measured = m.cells().stream().filter(c -> c.outcome() != null).count();
    long refined = m.plan().conditions().stream().filter(c -> c.source().equals("refined")).count();
    p.facts(
        List.of(
            "candidates: " + String.join(", ", m.candidates()),
            "SLO: " + slo,
            "link: " + link,
            "conditions: " + measured + " of " + m.cells().size() + " measured",
            "refined: " + refined));
    if (!m.predicted().isEmpty()) {
      p.bullets(m.predicted().stream().map(LinkMap.Predicted::words).toList());
    }
    heatmaps(p, m, palette);
    charts(p, m, palette);
    p.heading("Every condition");
    p.paragraph(
        "The link's round trip as measured before the condition's search, and whether the box"
            + " held it to its accuracy (2 % or 20 us of what the condition adds: held, or NOT"
            + " HELD with the figures; a proxy's or a JVM probe's is not judged). Each candidate's"
            + " SLO capacity (calls/s, mean of its rounds with the 95 % interval), its"
            + " bound from the model and what binds it, and how the measurement stands against the"
            + " bound: within (the bound inside the interval), below (the SLO's percentile asks for"
            + " headroom, or something the model leaves out limits it), above (over the bound: the"
            + " model misses something here).");
    p.table(conditionTable(m));
    p.heading("The model");
    p.bullets(
        List.of(
            "cpu: the candidate's capacity at its reference condition (where the link takes"
                + " least): "
                + references(m),
            "in flight: the client's in-flight cap over the round trip (Little's law: no call"
                + " returns sooner than a round trip)",
            "bandwidth: the link's rate over the bytes a call puts on the wire each way (the"
                + " server's bytes per call plus "
                + (int) LinkModel.HEADERS
                + " bytes of headers)",
            "loss: TCP under random loss, MSS / RTT x sqrt(3 / 2p) a connection (Mathis et al.),"
                + " over the bytes of a call",
            "latency: zero where the round trip alone exceeds the SLO's limit"));
    if (!m.refinements().isEmpty()) {
      p.heading("Worth measuring next");
      List<String> next = new ArrayList<>();
      for (LinkMap.Refinement r : m.refinements()) {
        next.add(
            r.axis().words
                + " "
                + r.axis().text(r.value())
                + " between "
                + r.from()
                + " and "
                + r.to());
      }
      p.bullets(next);
    }
    p.scripts(
        "<script type=\"application/json\" id=\"map-data\">"
            + chartJson(m, palette).toString().replace("</", "<\\/")
            + "</script>\n"
            + ChartLibrary.inlineScripts("rpcx-map.js"));
    return p;
  }

  /** One heatmap per value of the third and later axes (at most 4): columns the first axis. */
  private static void heatmaps(Page p, LinkMap m, Palette palette) {
    List<MapAxis> axes = m.plan().axes();
    MapAxis across = axes.get(0);
    MapAxis down = axes.size() > 1 ? axes.get(1) : null;
    Map<String, List<LinkMap.Cell>> byRest = new LinkedHashMap<>();
    for (LinkMap.Cell c : m.cells()) {
      StringBuilder rest = new StringBuilder();
      for (int i = 2; i < axes.size(); i++) {
        rest.append(rest.isEmpty() ? "" : ", ")
            .append(axes.get(i).words)
            .append(' ')
            .append(axes.get(i).text(c.condition().value(axes.get(i))));
      }
      byRest.computeIfAbsent(rest.toString(), k -> new ArrayList<>()).add(c);
    }
    p.heading("The winner at each condition");
    int drawn = 0;
    for (Map.Entry<String, List<LinkMap.Cell>> e : byRest.entrySet()) {
      if (drawn++ == CHARTS) {
        break;
      }
      List<Double> xs = distinct(e.getValue(), across);
      List<Double> ys = down == null ? List.of(0.0) : distinct(e.getValue(), down);
      List<List<Page.HeatCell>> cells = new ArrayList<>();
      for (Double y : ys) {
        List<Page.HeatCell> row = new ArrayList<>();
        for (Double x : xs) {
          LinkMap.Cell c =
              e.getValue().stream()
                  .filter(k -> same(k.condition().value(across), x))
                  .filter(k -> down == null || same(k.condition().value(down), y))
                  .findFirst()
                  .orElse(null);
          if (c == null) {
            row.add(new Page.HeatCell("", "#ffffff"));
          } else if (c.winner().isPresent()) {
            row.add(new Page.HeatCell(c.text(), palette.hex(protocol(c.winner().get()))));
          } else if (c.outcome() == null || c.outcome().noneMet()) {
            row.add(new Page.HeatCell(c.text(), "#bbbbbb"));
          } else {
            row.add(new Page.HeatCell(c.text(), null));
          }
        }
        cells.add(row);
      }
      p.heatmap(
          new Page.Heatmap(
              (down == null ? "" : down.words + " \\ ") + across.words,
              xs.stream().map(across::text).toList(),
              down == null ? List.of("winner") : ys.stream().map(down::text).toList(),
              cells,
              (e.getKey().isEmpty() ? "" : e.getKey() + ": ")
                  + "the candidate whose SLO capacity is significantly the highest (coloured), or"
                  + " hatched where the rounds cannot tell the top apart; grey where none met the"
                  + " SLO or the condition was not measured."));
    }
  }

  private static void charts(Page p, LinkMap m, Palette palette) {
    MapAxis axis = m.plan().axes().get(0);
    int n = Math.min(CHARTS, m.lines(axis).size());
    for (int i = 0; i < n; i++) {
      String line = m.lines(axis).get(i).get(0).condition().lineOf(axis, m.plan().axes());
      p.chart(
          "capacity-" + i,
          "SLO capacity against " + axis.words + (line.isEmpty() ? "" : " at " + line),
          "Each candidate's SLO capacity (dots and line) with its 95 % interval (band) and its"
              + " bound from the model (dashed) against "
              + axis.words
              + ". Log scales.");
    }
  }

  static ObjectNode chartJson(LinkMap m, Palette palette) {
    MapAxis axis = m.plan().axes().get(0);
    ObjectNode d = JSON.createObjectNode();
    ArrayNode charts = d.putArray("charts");
    List<List<LinkMap.Cell>> lines = m.lines(axis);
    for (int i = 0; i < Math.min(CHARTS, lines.size()); i++) {
      ObjectNode chart = charts.addObject();
      chart.put("id", "capacity-" + i);
      chart.put("x", axis.words + " (" + axis.unit + ")");
      chart.put(
          "log", axis.log && lines.get(i).stream().allMatch(c -> c.condition().value(axis) > 0));
      ArrayNode series = chart.putArray("series");
      for (String name : m.candidates()) {
        ObjectNode s = series.addObject();
        s.put("name", name).put("colour", palette.hex(protocol(name)));
        ArrayNode points = s.putArray("points");
        ArrayNode bound = s.putArray("bound");
        for (LinkMap.Cell c : lines.get(i)) {
          double x = c.condition().value(axis);
          ChooseOutcome.Candidate k = c.candidate(name);
          if (k != null && k.capacity().value() != null) {
            ObjectNode pt = points.addObject().put("x", x).put("y", k.capacity().value());
            if (k.capacity().hasInterval()) {
              pt.put("low", Math.max(0, k.capacity().low())).put("high", k.capacity().high());
            }
          }
          LinkModel.Bound b = c.bounds().get(name);
          if (b != null && Double.isFinite(b.calls())) {
            bound.addObject().put("x", x).put("y", b.calls()).put("binding", b.binding());
          }
        }
      }
    }
    return d;
  }

  private static Page.Table conditionTable(LinkMap m) {
    List<String> header = new ArrayList<>(List.of("condition", "link RTT measured", "winner"));
    List<Boolean> right = new ArrayList<>(List.of(false, false, false));
    for (String name : m.candidates()) {
      header.addAll(List.of(name + " capacity", name + " bound", name + " against it"));
      right.addAll(List.of(true, true, false));
    }
    List<List<String>> rows = new ArrayList<>();
    for (LinkMap.Cell c : m.cells()) {
      String link = c.outcome() == null ? "" : c.outcome().linkText();
      List<String> row =
          new ArrayList<>(List.of(c.condition().name(), link.isEmpty() ? "–" : link, c.text()));
      for (String name : m.candidates()) {
        ChooseOutcome.Candidate k = c.candidate(name);
        LinkModel.Bound b = c.bounds().get(name);
        row.add(k == null ? "–" : capacity(k.capacity()));
        row.add(
            b == null || !Double.isFinite(b.calls())
                ? "–"
                : Num.fixed(b.calls(), 0) + " (" + b.binding() + ")");
        row.add(k == null || b == null ? "–" : LinkModel.against(k.capacity(), b));
      }
      rows.add(row);
    }
    return new Page.Table(header, right, rows);
  }

  private static String capacity(Estimate e) {
    if (e.value() == null) {
      return "–";
    }
    return e.hasInterval()
        ? Num.fixed(e.value(), 0)
            + " ("
            + Num.fixed(Math.max(0, e.low()), 0)
            + "-"
            + Num.fixed(e.high(), 0)
            + ")"
        : Num.fixed(e.value(), 0);
  }

  private static String references(LinkMap m) {
    List<String> s = new ArrayList<>();
    m.references().forEach((k, v) -> s.add(k + " at " + v));
    return s.isEmpty() ? "none (no candidate met the SLO anywhere)" : String.join(", ", s);
  }

  private static List<Double> distinct(List<LinkMap.Cell> cells, MapAxis a) {
    return cells.stream()
        .map(c -> c.condition().value(a))
        .filter(java.util.Objects::nonNull)
        .distinct()
        .sorted()
        .toList();
  }

  private static boolean same(Double a, Double b) {
    return a == null ? b == null : a.equals(b);
  }

  /** The protocol id of a candidate ({@code rpcx#2}, an A/A copy, is rpcx). */
  static String protocol(String candidate) {
    int hash = candidate.indexOf('#');
    return hash < 0 ? candidate : candidate.substring(0, hash);
  }
}
