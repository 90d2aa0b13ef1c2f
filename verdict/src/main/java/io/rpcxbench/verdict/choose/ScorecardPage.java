package io.rpcxbench.verdict.choose;

import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.page.Page;
import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scorecard of {@code report choose} as a {@link Page} (Markdown and HTML from one text): the
 * verdict, the ranked table with every figure's interval, the estimators, "How sure", the pairwise
 * tests, the thresholds, the rounds of the capacity search and the settings.
 *
 * <pre>{@code
 * Page page = ScorecardPage.of(scorecard);
 * Files.writeString(out.resolve("scorecard.md"), page.markdown());
 * }</pre>
 */
final class ScorecardPage {
  private static final double NS_TO_US = 1e-3;

  private ScorecardPage() {}

  /**
   * The page: the workload's every dimension in the title and beside it, the verdict highlighted,
   * the ranked table (how close each candidate came where none met the SLO) with the capacity chart
   * under it, the probes' charts, then how sure, the tests, the rounds, and the settings last.
   */
  static Page of(Scorecard s, ChooseWorkload w) throws java.io.IOException {
    ChooseVerdict v = ChooseVerdict.of(s);
    Page page = new Page(s.title(w));
    page.facts(facts(s, w));
    page.verdict(v.text(), s.noneMet() || w.linkOff());
    if (w.linkOff()) {
      page.paragraph(
          "WARNING: the link was off its profile: " + w.link() + "; every figure includes it.");
    }
    page.heading("Scorecard");
    if (s.noneMet()) {
      page.paragraph(
          "No candidate met "
              + s.settings().sloText()
              + " at any rate tried: each one's closest approach over its probes instead of a"
              + " capacity, and no shared load.");
      page.table(ClosestApproach.table(s));
    } else {
      page.table(table(s));
      ScorecardCharts.addCapacity(page, s);
      page.bullets(estimators(s));
    }
    ScorecardCharts.add(page, s);
    page.heading("How sure");
    page.bullets(v.howSure());
    if (!s.models().isEmpty()) {
      page.heading("SLO capacity from every probe");
      page.paragraph(
          "P(meets "
              + s.settings().sloText()
              + " | rate) fitted over every probe of every round"
              + " (a probit on log rate; probes without data left out); 95 % intervals from"
              + " resampling whole rounds. Plan with the rate met 90 % of the time.");
      page.table(models(s));
    }
    if (s.noneMet()) {
      // capacities all 0 and no shared load: every pair's row would be "n/a"
      page.heading("Pairs");
      page.paragraph("No pair tested: no candidate met the SLO, and there was no shared load.");
    } else {
      page.heading("SLO capacity, every pair");
      page.table(capacityPairs(s));
      page.heading(percentileName(s) + " at the shared load, every pair");
      page.table(latencyPairs(s));
    }
    if (!s.checks().isEmpty()) {
      page.heading("Thresholds");
      page.table(thresholds(s));
    }
    page.heading("Capacity search, round by round");
    page.table(rounds(s));
    page.heading("Settings");
    page.bullets(settings(s.settings()));
    return page;
  }

  /** The facts beside the title: every workload dimension, where and when. */
  private static List<String> facts(Scorecard s, ChooseWorkload w) {
    List<String> out = new ArrayList<>(w.dimensions());
    out.add("where: " + s.settings().target());
    out.add("candidates: " + String.join(", ", s.settings().candidates()));
    if (!s.settings().started().isEmpty()) {
      out.add("started: " + s.settings().started());
    }
    return out;
  }

  private static Page.Table models(Scorecard s) {
    List<List<String>> rows = new ArrayList<>();
    s.models()
        .forEach(
            (name, f) ->
                rows.add(
                    List.of(
                        name,
                        rate(f.model().c50(), f.c50Low(), f.c50High(), f.model().bracketed()),
                        rate(f.model().c90(), f.c90Low(), f.c90High(), f.model().bracketed()),
                        String.valueOf(f.rounds()))));
    return new Page.Table(
        List.of("candidate", "met half the time calls/s", "met 90 % of the time calls/s", "rounds"),
        List.of(false, true, true, true),
        rows);
  }

  private static String rate(double v, Double low, Double high, boolean bracketed) {
    if (Double.isNaN(v)) {
      return "no edge: the probes do not fall off with the rate (rounds disagree)";
    }
    if (!bracketed) {
      return "no transition seen (" + Num.fixed(v, 0) + " at the edge of the rates tried)";
    }
    return Num.fixed(v, 0) + (low == null ? "" : " (" + bound(low) + "-" + bound(high) + ")");
  }

  /** An interval's end; a resample that named no edge reaches 0 or "any". */
  private static String bound(double v) {
    return v >= Double.MAX_VALUE / 2 ? "any" : Num.fixed(v, 0);
  }

  /** The ranked table (also printed on the console). */
  static Page.Table table(Scorecard s) {
    String capacityHeader = common(s);
    // a candidate that met the SLO at no rate has no capacity and no shared load: how close it came
    boolean closest = s.candidates().stream().anyMatch(ChooseCandidate::neverMet);
    String p = s.percentileName();
    List<List<String>> rows = new ArrayList<>();
    for (Scorecard.Ranked r : s.ranking()) {
      ChooseCandidate c = r.candidate();
      String cap = c.capacity().text(0, 1);
      List<String> row =
          new ArrayList<>(
              List.of(
                  r.rankText(),
                  c.name(),
                  c.capacity().estimator().equals(capacityHeader) ? cap : cap + " *",
                  c.limitedBy(),
                  c.p50().text(1, NS_TO_US),
                  c.p99().text(1, NS_TO_US),
                  c.p999().text(1, NS_TO_US),
                  c.clientUsPerCall().text(1, 1),
                  c.serverUsPerCall().text(1, 1),
                  c.serverRssMiB().text(1, 1),
                  bytesPerCall(c),
                  c.connections().text(1, 1),
                  String.valueOf(c.errors()),
                  c.dropped()
                      + (c.dropShare() == null
                          ? ""
                          : " (" + Num.fixed(c.dropShare() * 100, 2) + " %)"),
                  c.contendedRuns() + "/" + c.keptRuns()));
      if (closest) {
        row.add(
            3,
            !c.neverMet()
                ? "met"
                : s.closest(c)
                    .map(a -> a.text(p, s.settings().sloLimitUs()))
                    .orElse("no probe recorded"));
      }
      rows.add(row);
    }
    List<String> header =
        new ArrayList<>(
            List.of(
                "rank",
                "candidate",
                capacityHeader,
                "limited by",
                "p50 µs",
                "p99 µs",
                "p99.9 µs",
                "client CPU µs/call",
                "server CPU µs/call",
                "server RSS MiB (peak)",
                "server bytes/call in / out",
                "connections",
                "errors",
                "dropped",
                "contended runs"));
    List<Boolean> right =
        new ArrayList<>(
            List.of(
                true, false, true, false, true, true, true, true, true, true, true, true, true,
                true, true));
    if (closest) {
      header.add(3, "closest to the SLO (best " + p + ", at, limited by)");
      right.add(3, false);
    }
    return new Page.Table(header, right, rows);
  }

  /** The capacity estimator most candidates share; the others' cells get a {@code *}. */
  private static String common(Scorecard s) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    s.ranking().forEach(r -> counts.merge(r.candidate().capacity().estimator(), 1, Integer::sum));
    return counts.entrySet().stream()
        .max(Map.Entry.comparingByValue())
        .map(Map.Entry::getKey)
        .orElse("SLO capacity calls/s");
  }

  private static List<String> estimators(Scorecard s) {
    List<String> out = new ArrayList<>();
    String header = common(s);
    s.ranking().stream()
        .map(Scorecard.Ranked::candidate)
        .filter(c -> !c.capacity().estimator().equals(header))
        .forEach(c -> out.add("* " + c.name() + ": " + c.capacity().estimator()));
    ChooseCandidate first = s.ranking().get(0).candidate();
    out.add("p50, p99, p99.9: " + first.p99().method() + ".");
    out.add(
        "Intervals in brackets are 95 %. CPU per call: a round's kept runs' CPU seconds (client:"
            + " the harness JVM; server: the server process) over their calls; RSS: the server's"
            + " peak over a round's kept runs; bytes per call: what the server process read /"
            + " wrote over a round's calls (bytes in \"not counted\" for a server that reads its"
            + " sockets with recv, e.g. Netty's native epoll: /proc/PID/io leaves those reads"
            + " out); each the mean of the rounds with its Student t"
            + " interval over rounds; dropped: calls the open loop could not start (share of"
            + " those offered); connections: the TCP connections the client held to its server"
            + " after a run (the most of a round's kept runs).");
    return out;
  }

  private static Page.Table capacityPairs(Scorecard s) {
    List<List<String>> rows = new ArrayList<>();
    for (PairTest t : s.capacityPairs()) {
      rows.add(
          List.of(
              t.b(),
              t.a(),
              t.ratioText(),
              t.tested() ? t.pText() : "-",
              t.significant() ? "yes" : "no",
              note(t)));
    }
    return new Page.Table(
        List.of("candidate", "vs", "capacity ratio (95 %)", "p (Holm)", "significant", "test"),
        List.of(false, false, true, true, false, false),
        rows);
  }

  private static Page.Table latencyPairs(Scorecard s) {
    String p = percentileName(s);
    List<List<String>> rows = new ArrayList<>();
    for (PairTest t : s.latencyPairs()) {
      String diff =
          t.difference() == null
              ? "n/a"
              : Num.fixed(t.difference() * NS_TO_US, 1)
                  + (t.differenceLow() == null
                      ? ""
                      : " ("
                          + Num.fixed(t.differenceLow() * NS_TO_US, 1)
                          + " to "
                          + Num.fixed(t.differenceHigh() * NS_TO_US, 1)
                          + ")");
      rows.add(
          List.of(
              t.b(),
              t.a(),
              t.ratioText(),
              diff,
              t.tested() ? t.pText() : "-",
              t.significant() ? "yes" : "no",
              note(t)));
    }
    return new Page.Table(
        List.of(
            "candidate",
            "vs",
            p + " ratio (95 %)",
            p + " difference µs (95 %)",
            "p (Holm)",
            "significant",
            "test"),
        List.of(false, false, true, true, true, false, false),
        rows);
  }

  private static String note(PairTest t) {
    String aa = Scorecard.isAa(t) ? "A/A pair; " : "";
    return aa
        + (t.tested() ? t.test() : "")
        + (t.note().isEmpty() || !t.tested() ? "" : "; ")
        + t.note();
  }

  private static String percentileName(Scorecard s) {
    Double q = s.settings().sloPercentile();
    double p = q == null ? 99 : q;
    return "p" + Num.fixed(p, p == Math.rint(p) ? 0 : 1);
  }

  private static Page.Table thresholds(Scorecard s) {
    List<List<String>> rows = new ArrayList<>();
    for (Threshold.Check c : s.checks()) {
      rows.add(List.of(c.threshold().expression(), c.subject(), c.shownValue(), c.verdict()));
    }
    return new Page.Table(
        List.of("threshold", "applies to", "value", "result"),
        List.of(false, false, true, false),
        rows);
  }

  private static Page.Table rounds(Scorecard s) {
    List<CapacityRound> all = new ArrayList<>();
    s.candidates().forEach(c -> all.addAll(c.rounds()));
    List<String> order = s.candidates().stream().map(ChooseCandidate::name).toList();
    all.sort(
        Comparator.comparingInt(CapacityRound::round)
            .thenComparingInt(r -> order.indexOf(r.protocol())));
    List<List<String>> rows = new ArrayList<>();
    for (CapacityRound r : all) {
      rows.add(
          List.of(
              String.valueOf(r.round()),
              r.protocol(),
              Num.fixed(r.capacity(), 0),
              fixed(r.failedAt(), 0),
              String.valueOf(r.probes()),
              r.limitedBy().isEmpty() ? "-" : r.limitedBy(),
              r.note()));
    }
    return new Page.Table(
        List.of(
            "round",
            "candidate",
            "SLO capacity calls/s",
            "failed at calls/s",
            "probes",
            "limited by",
            "note"),
        List.of(true, false, true, true, true, false, false),
        rows);
  }

  private static List<String> settings(ChooseRecord st) {
    List<String> out = new ArrayList<>();
    out.add("workload: " + st.workload());
    out.add(
        "SLO: "
            + st.sloText()
            + (st.slo().isEmpty() ? "" : " (as typed: " + st.slo() + ")")
            + ", errors at most "
            + orNa(st.maxErrors())
            + ", drops below "
            + orNa(st.maxDrop())
            + ", search resolution "
            + orNa(st.resolution()));
    out.add("shared load: " + fixed(st.sharedRate(), 1) + " calls/s, open loop");
    out.add("candidates: " + String.join(", ", st.candidates()));
    out.add("where: " + st.where());
    out.add(
        "from "
            + orNa(st.started())
            + " to "
            + orNa(st.ended())
            + (st.stopped().isEmpty() ? "" : ", stopped by " + st.stopped()));
    return out;
  }

  private static String orNa(String s) {
    return s.isEmpty() ? "n/a" : s;
  }

  private static String fixed(Double v, int decimals) {
    return v == null ? "n/a" : Num.fixed(v, decimals);
  }

  /** {@code in / out} bytes a call; "not counted" for bytes in when the server reads with recv. */
  private static String bytesPerCall(ChooseCandidate c) {
    String in = c.serverReadsNotCounted() ? "not counted" : c.bytesInPerCall().text(0, 1);
    if (in.equals("n/a") && c.bytesOutPerCall().value() == null) {
      return "n/a";
    }
    return in + " / " + c.bytesOutPerCall().text(0, 1);
  }
}
