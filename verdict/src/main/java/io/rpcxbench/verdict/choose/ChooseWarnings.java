package io.rpcxbench.verdict.choose;

import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code WARNING: ...} lines of a {@link Scorecard}, which {@link ChooseVerdict} puts first in
 * its "How sure" section: pairs that cannot separate, a failed A/A check, contended runs and
 * probes, a capacity of 0.
 */
final class ChooseWarnings {
  private ChooseWarnings() {}

  /** The warnings of {@code s}, in the order the page shows them. */
  static List<String> of(Scorecard s) {
    List<String> out = new ArrayList<>();
    if (!s.canSeparate()) {
      out.add(
          "WARNING: with these rounds no pair can be significant after Holm over its pairs (the"
              + " rank test's smallest p times the pairs is above 0.05): every \"=\" here means"
              + " \"cannot tell\"; run more rounds (--rounds 6 or more) or fewer candidates.");
    }
    for (PairTest t : Scorecard.aa(s.capacityPairs())) {
      if (t.significant()) {
        out.add(
            "WARNING: A/A CHECK FAILED: "
                + t.b()
                + " and "
                + t.a()
                + " are one protocol, yet their capacities differ ("
                + t.ratioText()
                + ", "
                + t.pText()
                + "): the machine changed during the run, and no difference on this page is to"
                + " be trusted.");
      }
    }
    if (s.calibration() != null && s.calibration().aaFailed()) {
      out.add(
          "WARNING: this machine's calibration A/A differed: verdicts here are not to be trusted"
              + " (rpcx-bench calibrate --force on a quieter machine).");
    }
    int contended = s.candidates().stream().mapToInt(ChooseCandidate::contendedRuns).sum();
    if (contended > 0) {
      out.add(
          "WARNING: "
              + contended
              + (contended == 1 ? " run was" : " runs were")
              + " contended (something else used the CPUs meanwhile): figures of those candidates"
              + " are less sure; run again on a quiet machine.");
    }
    List<String> searches = new ArrayList<>();
    for (ChooseCandidate c : s.candidates()) {
      c.rounds().stream()
          .filter(r -> r.note() != null && r.note().contains("probes contended"))
          .forEach(r -> searches.add(c.name() + " in round " + r.round()));
    }
    int allRounds = s.candidates().stream().mapToInt(c -> c.rounds().size()).sum();
    if (!searches.isEmpty()) {
      out.add(
          "WARNING: the capacity search of "
              + (searches.size() > 4
                  ? searches.size() + " of " + allRounds + " candidate rounds"
                  : ChooseVerdict.and(searches))
              + " had contended probes (capacity.tsv's note): those rounds' capacities measure the"
              + " box as much as the protocol, and widen their intervals; run again on a quiet"
              + " machine, or with --noise-guard strict.");
    }
    for (ChooseCandidate c : s.candidates()) {
      if (c.zeroRounds() > 0) {
        out.add(
            "WARNING: "
                + c.name()
                + "'s capacity was 0 in "
                + c.zeroRounds()
                + " of "
                + c.rounds().size()
                + " rounds: even the lowest rate tried missed "
                + s.settings().sloText()
                + ".");
      }
      if (c.rounds().isEmpty()) {
        out.add("WARNING: " + c.name() + " has no line in capacity.tsv.");
      }
    }
    return out;
  }
}
