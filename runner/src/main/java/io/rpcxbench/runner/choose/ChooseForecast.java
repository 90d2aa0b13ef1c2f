package io.rpcxbench.runner.choose;

import io.rpcxbench.runner.point.CapacityRounds;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What a {@code choose} can tell here, said before any work, the calibration a first run makes
 * included: rounds too few to rank, the time in all when more than the plan's rounds (a calibration
 * first, several network profiles), and how small a capacity difference its rounds detect here,
 * from the spread of this machine's earlier chooses' rounds ({@link CapacityRounds}); where that is
 * wider than {@value #WIDE_PERCENT} %, the rounds that would tell it and their time.
 *
 * <pre>{@code
 * ChooseForecast.lines(settings, 1, Optional.of(576L), spread, true)
 *   // ["first: this machine has no calibration: rpcx-bench calibrate measures it, about 10 min ...",
 *   //  "expected in all: about 32m (the calibration about 10 min, then the plan below)",
 *   //  "capacity: 5 rounds detect about +-57.0 % here (...); wider than 50 %: ..."]
 * }</pre>
 */
final class ChooseForecast {
  /** Wider than this, a capacity difference the rounds detect is said to be too wide. */
  static final double WIDE_PERCENT = 50;

  private ChooseForecast() {}

  /** What a --quick look is, before its plan: the same test, less power. */
  static String quickLine(ChooseSettings s) {
    return io.rpcxbench.runner.point.QuickLook.line(
        s.rounds().planned()
            + " rounds of "
            + s.probeS()
            + " s probes, none added, no calibration first",
        "capacities far apart rank, and a \"cannot rank\"");
  }

  /**
   * The lines for {@code s} across {@code profiles} network profiles; {@code calibrationS}: present
   * when a calibration runs first, its expected seconds.
   */
  static List<String> lines(
      ChooseSettings s,
      int profiles,
      OptionalLong calibrationS,
      Optional<CapacityRounds.Spread> spread,
      boolean warmUps) {
    return lines(s, profiles, OptionalInt.empty(), calibrationS, spread, warmUps);
  }

  /**
   * As {@link #lines(ChooseSettings, int, OptionalLong, Optional, boolean)}; {@code refine} present
   * for a map ({@code choose --across}) of {@code profiles} link conditions, to which up to that
   * many more are added where a ranking changes: the time of the grid, and with every refinement.
   */
  static List<String> lines(
      ChooseSettings s,
      int profiles,
      OptionalInt refine,
      OptionalLong calibrationS,
      Optional<CapacityRounds.Spread> spread,
      boolean warmUps) {
    List<String> out = new ArrayList<>();
    int planned = s.rounds().planned();
    if (s.candidates().size() > 1 && planned < ChooseSettings.MIN_ROUNDS_FOR_PRECISION) {
      out.add(
          "note: --rounds "
              + planned
              + ": fewer than "
              + ChooseSettings.MIN_ROUNDS_FOR_PRECISION
              + " rounds cannot rank two candidates (each round is one trial), and rounds added"
              + " while a pair is undecided"
              + (s.rounds().most() < ChooseSettings.MIN_ROUNDS_FOR_PRECISION
                  ? " stop at " + s.rounds().most()
                  : " stop at a quarter again the planned rounds' time without --max-time")
              + ": expect \"cannot rank\"; --rounds "
              + ChooseSettings.MIN_ROUNDS_FOR_PRECISION
              + " at least to rank");
    }
    long planMs = ChooseTiming.expectedMs(s, warmUps);
    calibrationS.ifPresent(
        c ->
            out.add(
                "first: this machine has no calibration: rpcx-bench calibrate measures it, about "
                    + ChooseTiming.minutes(1000 * c)
                    + " (once per machine; counted inside --max-time; --calibration off skips"
                    + " it)"));
    if (calibrationS.isPresent() || profiles > 1 || refine.isPresent()) {
      long calMs = calibrationS.orElse(0) * 1000;
      out.add(
          "expected in all: about "
              + ChooseTiming.minutes(calMs + profiles * planMs)
              + (refine.orElse(0) > 0
                  ? ", up to "
                      + ChooseTiming.minutes(calMs + (profiles + refine.getAsInt()) * planMs)
                  : "")
              + " ("
              + (calibrationS.isPresent() ? "the calibration, then " : "")
              + planned(profiles, refine)
              + ")");
    }
    out.add(capacity(s, spread, planMs));
    return out;
  }

  /** What the plan below is run over: once, across profiles, or across a map's conditions. */
  private static String planned(int profiles, OptionalInt refine) {
    if (refine.isPresent()) {
      return profiles
          + " link conditions of the plan below"
          + (refine.getAsInt() > 0
              ? ", and up to "
                  + refine.getAsInt()
                  + " more between two where a ranking changes (--refine)"
              : "");
    }
    return profiles > 1 ? profiles + " profiles of the plan below" : "the plan below";
  }

  /** How small a capacity difference the planned rounds detect here, or that it is not known. */
  static String capacity(ChooseSettings s, Optional<CapacityRounds.Spread> spread, long planMs) {
    int rounds = s.rounds().planned();
    if (spread.isEmpty()) {
      return "capacity: how small a difference "
          + rounds
          + " rounds detect here is not known before the run (no earlier choose on this machine"
          + " to learn it from; the scorecard says it after)";
    }
    CapacityRounds.Spread sp = spread.get();
    double p = sp.detectable().percent(rounds);
    String from =
        " (80 % power; from the round-to-round spread of "
            + sp.candidates()
            + " candidates in "
            + sp.chooses()
            + (sp.chooses() == 1 ? " earlier choose" : " earlier chooses")
            + " on this machine"
            + (sp.workload() == null ? ", of other workloads" : ", of this workload")
            + ")";
    if (Double.isInfinite(p)) {
      return "capacity: "
          + rounds
          + " rounds detect no difference here: fewer than "
          + ChooseSettings.MIN_ROUNDS_FOR_PRECISION
          + " a candidate"
          + from;
    }
    String line = "capacity: " + rounds + " rounds detect about +-" + Num.fixed(p, 1) + " % here";
    if (p <= WIDE_PERCENT) {
      return line + from;
    }
    int needed = sp.detectable().trialsFor(WIDE_PERCENT);
    return line
        + ", wider than "
        + Num.fixed(WIDE_PERCENT, 0)
        + " %: candidates closer than that will tie (\"=\")"
        + (needed == Integer.MAX_VALUE
            ? ""
            : "; about "
                + needed
                + " rounds would tell "
                + Num.fixed(WIDE_PERCENT, 0)
                + " % (about "
                + ChooseTiming.minutes(planMs * needed / Math.max(1, rounds))
                + "): --rounds "
                + needed)
        + from;
  }
}
