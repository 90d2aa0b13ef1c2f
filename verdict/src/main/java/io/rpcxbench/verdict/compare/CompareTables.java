package io.rpcxbench.verdict.compare;

import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The tables of {@code report compare} as Markdown: closed loop, in flight, the server side at each
 * in-flight count (most first: with calls per TCP segment and per server read beside CPU per call,
 * so a client's batching is told from the server's cost), and (only with a targets file) the
 * project's targets. Every header names its estimator ({@link Estimate}); a cell whose estimator
 * differs from its header's (a failed round) carries a {@code *} and a note under the table.
 */
public final class CompareTables {
  private static final double NS_TO_US = 1e-3;

  /** The cells by point ({@code closed-64}, {@code inflight-1}) and variant, in table order. */
  private final Map<String, Map<String, CompareCell>> cells;

  private final int serverCores;
  private final String placement;
  private final String reference;

  public CompareTables(
      Map<String, Map<String, CompareCell>> cells,
      int serverCores,
      String placement,
      String reference) {
    this.cells = cells;
    this.serverCores = serverCores;
    this.placement = placement;
    this.reference = reference;
  }

  static String kind(String point) {
    return point.substring(0, point.lastIndexOf('-'));
  }

  static int count(String point) {
    return Integer.parseInt(point.substring(point.lastIndexOf('-') + 1));
  }

  List<String> points(String kind) {
    return cells.keySet().stream()
        .filter(p -> kind(p).equals(kind))
        .sorted((a, b) -> Integer.compare(count(a), count(b)))
        .toList();
  }

  /** The whole Markdown text; {@code targets} null or empty: no targets section. */
  public String markdown(List<CompareTarget> targets) {
    StringBuilder md = new StringBuilder();
    if (!points("closed").isEmpty()) {
      md.append("### Closed loop (the paper's method: T threads, blocking calls)\n\n");
      md.append(pointsTable("closed", "threads")).append('\n');
    }
    if (!points("inflight").isEmpty()) {
      md.append(
          "### In flight (N calls outstanding: the async API, N threads for a client without"
              + " one)\n\n");
      md.append(pointsTable("inflight", "in flight")).append('\n');
      md.append("### Server side\n\n");
      List<String> inflight = points("inflight");
      for (int i = inflight.size() - 1; i >= 0; i--) {
        md.append(serverTable(inflight.get(i))).append('\n');
      }
    }
    if (targets != null && !targets.isEmpty()) {
      md.append("### Targets\n\n").append(targetsTable(targets));
    }
    return md.toString();
  }

  private String pointsTable(String kind, String heading) {
    List<CompareCell> all = new ArrayList<>();
    points(kind).forEach(p -> all.addAll(cells.get(p).values()));
    Header tput = Header.of(all, CompareCell::callsPerSecond);
    Header p50 = Header.of(all, CompareCell::p50);
    Header p99 = Header.of(all, CompareCell::p99);
    StringBuilder t = new StringBuilder();
    t.append("| ")
        .append(heading)
        .append(" | variant | ")
        .append(tput.text)
        .append(" | calls/s min-max of rounds | p50 µs: ")
        .append(p50.text)
        .append(" | p99 µs: ")
        .append(p99.text)
        .append(
            " | client CPU µs/call | server CPU µs/call | limited by | calls issued by |"
                + " warm-up converged | steal % (max) | errors |\n");
    t.append(
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |\n");
    for (String p : points(kind)) {
      for (CompareCell c : cells.get(p).values()) {
        t.append("| ")
            .append(count(p))
            .append(" | ")
            .append(c.label())
            .append(" | ")
            .append(tput.cell(c, 0, 1))
            .append(" | ")
            .append(c.range())
            .append(" | ")
            .append(p50.cell(c, 1, NS_TO_US))
            .append(" | ")
            .append(p99.cell(c, 1, NS_TO_US))
            .append(" | ")
            .append(fixed(c.clientUsPerCall(), 1))
            .append(" | ")
            .append(fixed(c.serverUsPerCall(), 1))
            .append(" | ")
            .append(c.limitedBy())
            .append(" | ")
            .append(c.word(CompareRound::issued))
            .append(" | ")
            .append(c.converged())
            .append(" | ")
            .append(c.stealMax())
            .append(" | ")
            .append(c.errors())
            .append(" |\n");
      }
    }
    t.append(tput.notes()).append(p50.notes()).append(p99.notes());
    t.append(
        "\nIntervals in brackets are 95 %; CPU per call: the kept runs' CPU seconds (client: the"
            + " harness JVM; server: --server-pid) over their calls.\n");
    return t.toString();
  }

  private String serverTable(String point) {
    Map<String, CompareCell> at = cells.get(point);
    CompareCell ref = at.get(reference);
    Double refUs = ref == null ? null : ref.serverUsPerCall();
    StringBuilder t = new StringBuilder();
    t.append(
        "| variant | server CPU µs/call | calls/s per server core | measured calls/s (mean of"
            + " rounds) | server cores used | limited by | capacity calls/s ("
            + serverCores
            + " server core(s)) | server CPU/call vs "
            + (ref == null ? reference : ref.label())
            + " | calls per TCP segment to the server | calls per server read |\n");
    t.append("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n");
    for (CompareCell c : at.values()) {
      Double us = c.serverUsPerCall();
      Double perCore = us == null || us == 0 ? null : 1e6 / us;
      Double tput = c.callsPerSecond().value();
      String capacity;
      if (c.limitedBy().equals("server")) {
        capacity = fixed(tput, 0) + " (measured)";
      } else {
        capacity =
            perCore == null
                ? "n/a"
                : "~" + Num.fixed(perCore * serverCores, 0) + " (CPU-bound estimate)";
      }
      t.append("| ")
          .append(c.label())
          .append(" | ")
          .append(fixed(us, 1))
          .append(" | ")
          .append(fixed(perCore, 0))
          .append(" | ")
          .append(fixed(tput, 0))
          .append(" | ")
          .append(fixed(c.serverCores(), 2))
          .append(" | ")
          .append(c.limitedBy())
          .append(" | ")
          .append(capacity)
          .append(" | ")
          .append(
              us == null || refUs == null || refUs == 0 ? "n/a" : Num.fixed(us / refUs, 2) + "x")
          .append(" | ")
          .append(perUnit(c.callsPerSegment()))
          .append(" | ")
          .append(perUnit(c.callsPerServerRead()))
          .append(" |\n");
    }
    t.append('\n')
        .append("Server side at ")
        .append(count(point))
        .append(
            " in flight. Capacity: measured where the server was the limit; elsewhere the client")
        .append(placement.isEmpty() ? "" : " (" + placement + ")")
        .append(
            " could not saturate it, and 10^6 x server cores / server CPU µs per call estimates"
                + " it, assuming the server stays CPU-bound. Calls per TCP segment to the server:"
                + " how the client wrote its calls (tcp_info's data segments, ~1 when each call"
                + " goes in a write of its own, ~N when the client coalesces N); calls per server"
                + " read: per read() of the server process (- where its reads are recv(), Netty's"
                + " native epoll). The server's cost per read is shared by the calls it brings:"
                + " compare servers at like calls per segment.\n");
    return t.toString();
  }

  /** Calls per segment or read, with one decimal below 10; - when not measured. */
  private static String perUnit(Double v) {
    if (v == null) {
      return "-";
    }
    return Num.fixed(v, v < 10 ? 1 : 0);
  }

  private String targetsTable(List<CompareTarget> targets) {
    StringBuilder t = new StringBuilder();
    t.append("| target | measured | goal | verdict | limited by (mine / peer) |\n");
    t.append("| --- | ---: | ---: | --- | --- |\n");
    for (CompareTarget g : targets) {
      List<String> pts = points(g.kind());
      if (pts.isEmpty()) {
        continue;
      }
      String p = g.at().equals("most") ? pts.get(pts.size() - 1) : pts.get(0);
      Map<String, CompareCell> at = cells.get(p);
      CompareCell mine = at.get(g.mine());
      if (mine == null) {
        continue; // the variant was not run: its targets say nothing
      }
      CompareCell peer = g.ratio() ? at.get(g.peer()) : null;
      String name = g.name().replace("{n}", String.valueOf(count(p)));
      String limits =
          mine.limitedBy() + (g.ratio() ? " / " + (peer == null ? "n/a" : peer.limitedBy()) : "");
      Double value = metric(mine, g.metric());
      if (g.ratio()) {
        Double other = peer == null ? null : metric(peer, g.metric());
        value = value == null || other == null || other == 0 ? null : value / other;
      }
      String shown;
      if (value == null) {
        shown = g.ratio() && peer == null ? g.peer() + " not run" : "n/a";
      } else {
        shown = g.ratio() ? Num.fixed(value, 2) + "x" : Num.fixed(value, 0) + " µs";
      }
      t.append("| ")
          .append(name)
          .append(" | ")
          .append(shown)
          .append(" | ")
          .append(g.goalText())
          .append(" | ")
          .append(g.verdict(value))
          .append(" | ")
          .append(limits)
          .append(" |\n");
    }
    t.append(
        "\nRatios of the figures above (calls/s: means of rounds; p50, p99: of merged"
            + " histograms). A ratio whose peer is limited by its client measures that client"
            + " library on this box's client CPU, not the protocol or its server: the server-side"
            + " table is the fair comparison of servers.\n");
    return t.toString();
  }

  private static Double metric(CompareCell c, String metric) {
    return switch (metric) {
      case "calls_s" -> c.callsPerSecond().value();
      case "p50" -> c.p50().value() == null ? null : c.p50().value() * NS_TO_US;
      case "p99" -> c.p99().value() == null ? null : c.p99().value() * NS_TO_US;
      default -> c.serverUsPerCall();
    };
  }

  private static String fixed(Double v, int decimals) {
    return v == null ? "n/a" : Num.fixed(v, decimals);
  }

  /** A column's header: the estimator most cells share; the others get a {@code *} and a note. */
  private record Header(String text, Function<CompareCell, Estimate> of, Map<String, String> odd) {
    static Header of(List<CompareCell> cells, Function<CompareCell, Estimate> of) {
      Map<String, Integer> counts = new LinkedHashMap<>();
      cells.forEach(c -> counts.merge(of.apply(c).estimator(), 1, Integer::sum));
      String common =
          counts.entrySet().stream()
              .max(Map.Entry.comparingByValue())
              .map(Map.Entry::getKey)
              .orElse("");
      return new Header(common, of, new LinkedHashMap<>());
    }

    String cell(CompareCell c, int decimals, double scale) {
      Estimate e = of.apply(c);
      if (e.estimator().equals(text)) {
        return e.text(decimals, scale);
      }
      odd.put(c.label(), e.estimator());
      return e.text(decimals, scale) + " *";
    }

    String notes() {
      StringBuilder n = new StringBuilder();
      odd.forEach(
          (label, estimator) ->
              n.append("\n\\* ").append(label).append(": ").append(estimator).append('\n'));
      return n.toString();
    }
  }
}
