package io.rpcxbench.verdict.choose;

import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link Scorecard} in plain words: the verdict at the top of the page (one to three sentences, a
 * winner named only when it is significantly ahead of the runner-up) and the lines of its "How
 * sure" section, warnings first.
 *
 * <pre>{@code
 * ChooseVerdict.of(scorecard).text();
 * // "rpcx sustains 3.10x (2.70-3.50x) the rate of grpc-tuned at p99 <= 5 ms (Welch's t-test,
 * //  p = 0.002). http-json and resp do not differ (p = 0.41)."
 * }</pre>
 */
public final class ChooseVerdict {
  private final Scorecard s;

  private ChooseVerdict(Scorecard s) {
    this.s = s;
  }

  public static ChooseVerdict of(Scorecard s) {
    return new ChooseVerdict(s);
  }

  /** The sentences, joined. */
  public String text() {
    return String.join(" ", sentences());
  }

  /**
   * The scorecard's last line ({@link ClosingLine}): the verdict's first sentence; how sure (the
   * capacity difference these rounds detect, the A/A pairs, contended runs, warnings); the page.
   */
  public ClosingLine closing(java.nio.file.Path page) {
    String first = sentences().get(0);
    List<String> sure = new ArrayList<>();
    Double detectable = s.noneMet() ? null : s.detectableCapacityPercent();
    sure.add(
        detectable == null
            ? "capacity detectable here: not known"
            : "capacity detectable here +-" + io.rpcxbench.stats.Num.fixed(detectable, 1) + " %");
    List<PairTest> aa = Scorecard.aa(s.capacityPairs());
    sure.add(
        aa.isEmpty()
            ? "no A/A pair"
            : aa.stream().anyMatch(PairTest::significant) ? "A/A CHECK FAILED" : "A/A held");
    int kept = s.candidates().stream().mapToInt(ChooseCandidate::keptRuns).sum();
    int contended = s.candidates().stream().mapToInt(ChooseCandidate::contendedRuns).sum();
    sure.add(contended + " of " + kept + " runs contended");
    int warned = warnings().size();
    if (warned > 0) {
      sure.add(warned + (warned == 1 ? " warning" : " warnings") + " above");
    }
    return new ClosingLine(
        "choose",
        first.endsWith(".") ? first.substring(0, first.length() - 1) : first,
        String.join(", ", sure),
        page.toString());
  }

  List<String> sentences() {
    List<String> out = new ArrayList<>();
    String slo = s.settings().sloText();
    if (s.noneMet()) {
      out.add(noneMet());
      return out;
    }
    Map<Integer, List<String>> groups = groups();
    List<String> top = groups.get(1);
    List<Scorecard.Ranked> r = s.ranking();
    String leader = r.get(0).candidate().name();
    if (top.size() > 1 && !Scorecard.pair(s.capacityPairs(), top.get(0), top.get(1)).tested()) {
      PairTest t = Scorecard.pair(s.capacityPairs(), top.get(0), top.get(1));
      out.add(
          "Cannot rank "
              + and(top)
              + " at "
              + slo
              + ": "
              + t.note()
              + " (more rounds: --rounds 5 or more).");
    } else if (top.size() > 1
        && !Scorecard.equivalent(Scorecard.pair(s.capacityPairs(), top.get(0), top.get(1)))) {
      PairTest t = Scorecard.pair(s.capacityPairs(), top.get(0), top.get(1));
      out.add(
          "Cannot tell "
              + and(top)
              + " apart at "
              + slo
              + ": "
              + t.b()
              + " sustains "
              + t.ratioText()
              + " the rate of "
              + t.a()
              + ", neither different nor within "
              + io.rpcxbench.stats.Num.fixed(100 * io.rpcxbench.stats.RoundsDecision.MARGIN, 0)
              + " % ("
              + cite(t)
              + "); "
              + whatWouldTell(s)
              + ".");
    } else if (top.size() > 1) {
      PairTest t = Scorecard.pair(s.capacityPairs(), top.get(0), top.get(1));
      out.add(
          and(top)
              + " tie at the top at "
              + slo
              + ": "
              + (top.size() == 2
                  ? "their SLO capacities are within "
                      + io.rpcxbench.stats.Num.fixed(
                          100 * io.rpcxbench.stats.RoundsDecision.MARGIN, 0)
                      + " % of each other"
                  : "none differs from " + leader + " by more than 10 %")
              + " ("
              + cite(t)
              + ").");
    } else {
      String runnerUp =
          r.stream()
              .map(x -> x.candidate().name())
              .filter(n -> !ChooseRecord.protocol(n).equals(ChooseRecord.protocol(leader)))
              .findFirst()
              .orElse(null);
      if (runnerUp == null) {
        out.add(
            "Only "
                + ChooseRecord.protocol(leader)
                + " was measured: it sustains "
                + r.get(0).candidate().capacity().text(0, 1)
                + " calls/s at "
                + slo
                + ".");
      } else {
        PairTest t = Scorecard.pair(s.capacityPairs(), leader, runnerUp);
        out.add(
            named(leader)
                + " sustains "
                + t.ratioText()
                + " the rate of "
                + runnerUp
                + " at "
                + slo
                + " ("
                + cite(t)
                + ").");
      }
    }
    List<String> lower = new ArrayList<>();
    groups.forEach(
        (rank, names) -> {
          if (rank > 1 && names.size() > 1) {
            PairTest t = Scorecard.pair(s.capacityPairs(), names.get(0), names.get(1));
            lower.add(
                and(names)
                    + (Scorecard.equivalent(t)
                        ? " do not differ by more than 10 % ("
                        : " cannot be told apart (" + t.ratioText() + ", ")
                    + t.pText()
                    + ")");
          }
        });
    if (!lower.isEmpty()) {
      out.add(String.join("; ", lower) + ".");
    }
    List<String> zero = new ArrayList<>();
    for (ChooseCandidate c : s.candidates()) {
      if (c.zeroRounds() > 0) {
        zero.add(c.name() + " in " + c.zeroRounds() + " of " + c.rounds().size() + " rounds");
      }
    }
    if (!zero.isEmpty()) {
      out.add("Even the lowest rate tried missed " + slo + " for " + String.join(", ", zero) + ".");
    }
    return out;
  }

  /**
   * When no candidate met the SLO at any rate tried there is no capacity to rank: how close each
   * came instead (its lowest SLO percentile, at what rate, what limited it), closest first.
   */
  private String noneMet() {
    ChooseRecord st = s.settings();
    String p =
        "p"
            + io.rpcxbench.stats.Num.fixed(
                st.sloPercentile() == null ? 99 : st.sloPercentile(),
                st.sloPercentile() == null || st.sloPercentile() == Math.rint(st.sloPercentile())
                    ? 0
                    : 1);
    List<String> close = new ArrayList<>();
    s.candidates().stream()
        .map(c -> java.util.Map.entry(c.name(), s.closest(c)))
        .filter(e -> e.getValue().isPresent())
        .sorted(java.util.Comparator.comparingDouble(e -> e.getValue().get().percentileUs()))
        .forEach(e -> close.add(e.getKey() + " " + e.getValue().get().text(p, st.sloLimitUs())));
    return "No candidate met "
        + st.sloText()
        + " at any rate tried, in any round: nothing to rank."
        + (close.isEmpty() ? "" : " Closest: " + String.join("; ", close) + ".");
  }

  /** Distinct protocols by rank: a copy ({@code rpcx#2}) beside its original counts once. */
  private Map<Integer, List<String>> groups() {
    Map<Integer, List<String>> groups = new LinkedHashMap<>();
    Map<Integer, List<String>> protocols = new LinkedHashMap<>();
    for (Scorecard.Ranked x : s.ranking()) {
      String p = ChooseRecord.protocol(x.candidate().name());
      List<String> seen = protocols.computeIfAbsent(x.rank(), k -> new ArrayList<>());
      if (!seen.contains(p)) {
        seen.add(p);
        groups.computeIfAbsent(x.rank(), k -> new ArrayList<>()).add(x.candidate().name());
      }
    }
    return groups;
  }

  /** {@code rank test over rounds, p = 0.002}; the note when there was no test. */
  private static String cite(PairTest t) {
    if (!t.tested()) {
      return t.note();
    }
    String name =
        t.test().startsWith("Welch")
            ? "Welch's t-test"
            : t.test().startsWith("Hodges") ? "rank test over rounds" : "bootstrap";
    return name
        + ", "
        + t.pText()
        + (t.test().contains("Holm") ? " after Holm" : "")
        + (t.note().isEmpty() ? "" : "; " + t.note());
  }

  /** The "How sure" lines: warnings first, then rounds, tests, the A/A check, noise readings. */
  public List<String> howSure() {
    List<String> lines = new ArrayList<>(warnings());
    ChooseRecord st = s.settings();
    lines.add(
        "Rounds: "
            + (st.rounds().isEmpty() ? "n/a" : st.rounds())
            + (st.stopped().isEmpty() ? "" : " (stopped by " + st.stopped() + ")")
            + "; each round searches every candidate afresh from its own warm-up (or the given"
            + " start rate), in fresh server and client JVMs, so a round is a trial; the SLO capacity shown is the mean of the rounds' capacities"
            + " with a 95 % Student t interval.");
    lines.add(
        "Tests: one test over rounds for capacity and for the SLO percentile at the shared load"
            + " (a round's figure: its merged histogram): the Hodges-Lehmann ratio with its 95 %"
            + " rank-test interval (Mann-Whitney; paired by round from 10 rounds), p from that"
            + " interval, no test below 4 rounds; Holm-Bonferroni over the pairs of each table."
            + " Rank =k: equivalent (the interval within 10 % either way); ?k: cannot tell (too"
            + " few rounds, or an interval neither beyond 1 nor within 10 %); a candidate that"
            + " met the SLO in no round ranks below every one that did.");
    if (st.design().adds()) {
      lines.add(
          "Rounds were added after "
              + st.design().planned()
              + " only while a pair was undecided ("
              + st.design().text()
              + "): every test and interval on this page is at that level.");
    }
    Double detectable = s.detectableCapacityPercent();
    if (detectable != null) {
      lines.add(
          "Detectable here: a capacity difference of about +-"
              + io.rpcxbench.stats.Num.fixed(detectable, 1)
              + " % (80 % power at these rounds, from the spread of the candidates' rounds);"
              + " smaller differences can hide inside an \"=\".");
    }
    if (s.calibration() != null) {
      int n = st.rounds().isEmpty() ? 0 : Integer.parseInt(st.rounds().trim());
      lines.add(
          s.calibration()
                  .line(n)
                  .replace(
                      "calibration (",
                      "This machine's calibration (a closed-loop point's throughput and latency,"
                          + " not an SLO capacity: ")
              + ".");
    } else {
      lines.add(
          "No calibration of this machine (rpcx-bench calibrate): the smallest difference these"
              + " rounds could detect here is not known.");
    }
    List<PairTest> aa = Scorecard.aa(s.capacityPairs());
    if (aa.isEmpty()) {
      lines.add(
          "No A/A pair: repeat a candidate (e.g. --protocol rpcx,grpc,rpcx) to check the machine"
              + " during the run.");
    } else {
      for (PairTest t : aa) {
        lines.add(
            "A/A: "
                + t.b()
                + " / "
                + t.a()
                + " capacity "
                + t.ratioText()
                + " ("
                + t.pText()
                + ")"
                + (t.significant()
                    ? ": A/A CHECK FAILED (warned above)."
                    : ": one protocol measured twice did not differ, as it must not."));
      }
    }
    int kept = s.candidates().stream().mapToInt(ChooseCandidate::keptRuns).sum();
    int contended = s.candidates().stream().mapToInt(ChooseCandidate::contendedRuns).sum();
    List<String> per = new ArrayList<>();
    s.candidates().stream()
        .filter(c -> c.contendedRuns() > 0)
        .forEach(c -> per.add(c.name() + " " + c.contendedRuns() + "/" + c.keptRuns()));
    lines.add(
        "Noise: "
            + contended
            + " of "
            + kept
            + " kept runs at the shared load were contended"
            + (per.isEmpty() ? "" : " (" + String.join(", ", per) + ")")
            + ".");
    return lines;
  }

  /** {@code WARNING: ...} lines: a failed A/A check, contended runs, a capacity of 0. */
  List<String> warnings() {
    return ChooseWarnings.of(s);
  }

  /** A candidate as the verdict names it: its protocol, an A/A copy said as such. */
  private static String named(String candidate) {
    String protocol = ChooseRecord.protocol(candidate);
    return protocol.equals(candidate)
        ? candidate
        : protocol + " (its A/A copy " + candidate + " leads by these rounds)";
  }

  /** {@code a}, {@code a and b}, {@code a, b and c}. */
  static String and(List<String> names) {
    if (names.size() == 1) {
      return names.get(0);
    }
    return String.join(", ", names.subList(0, names.size() - 1))
        + " and "
        + names.get(names.size() - 1);
  }

  /**
   * What would tell an undecided pair apart: more rounds, or where the searches' steps alone leave
   * more than the margin open (a round's capacity lies between a rate met and one failed), a finer
   * search first.
   */
  private static String whatWouldTell(Scorecard s) {
    double step = s.searchStep();
    return step > 1 + io.rpcxbench.stats.RoundsDecision.MARGIN
        ? "a finer search would tell first (--resolution 5%: the searches located each capacity"
            + " only to "
            + CapacityPair.stepText(step)
            + " between a rate met and one failed), then more rounds"
        : "more rounds would tell (--rounds or --max-rounds)";
  }
}
