package io.rpcxbench.runner.repeat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The repeat of the reproduction: each regime swept {@code reps} times into {@code
 * out/rep-K/REGIME/}, repetition after repetition (every regime of repetition 1, then of 2, ...). A
 * sweep is done when its folder has a {@code done} file ({@link RepeatOutcome} writes it); the plan
 * is read from the folder each time, so a resume goes on where the last run stopped.
 *
 * <pre>{@code
 * RepeatPlan plan = new RepeatPlan(Path.of("results/repro-repeat"), 3, List.of(A_1GBIT_THREAD));
 * plan.next();   // the first sweep without a done file, if any
 * }</pre>
 */
record RepeatPlan(Path out, int reps, List<ReproRegime> regimes) {
  static final String DONE = "done";

  RepeatPlan {
    if (reps < 1 || reps > 99) {
      throw new IllegalArgumentException("--reps: a count from 1 to 99, not '" + reps + "'");
    }
    regimes = List.copyOf(regimes);
  }

  /** One sweep of the plan: a regime's repetition {@code rep}, in its folder. */
  record Step(int rep, ReproRegime regime, Path dir) {
    boolean done() {
      return Files.isRegularFile(dir.resolve(DONE));
    }

    /** The plan's line of this sweep, with what its folder holds once it has begun. */
    String line() throws IOException {
      String how = regime.sideBySide() ? " (three labs side by side)" : "";
      String progress = SweepProgress.of(dir).text();
      return "rep "
          + rep
          + " "
          + regime.id()
          + ": "
          + (done() ? "done" : "to run" + how)
          + (progress.isEmpty() ? "" : "; " + progress);
    }

    /**
     * The sweeps to start for this step: one, or one a protocol side by side, each as {@code LAB
     * LAB_LOG SWEEP_ARGS...} (lab 0: the default lab; 1..3 the labs of a side-by-side regime; the
     * lab's own output goes to LAB_LOG; the arguments end with {@code --out}).
     */
    List<List<String>> sweeps() {
      List<List<String>> sweeps = new ArrayList<>();
      if (regime.sideBySide()) {
        for (int k = 0; k < ReproRegime.PROTOCOLS.size(); k++) {
          String protocol = ReproRegime.PROTOCOLS.get(k);
          sweeps.add(
              sweep(k + 1, "lab-" + protocol + ".txt", protocol, dir.resolve("lab-" + protocol)));
        }
      } else {
        sweeps.add(sweep(0, "lab.txt", String.join(",", ReproRegime.PROTOCOLS), dir));
      }
      return sweeps;
    }

    private List<String> sweep(int lab, String labLog, String protocols, Path into) {
      List<String> words =
          new ArrayList<>(List.of(String.valueOf(lab), dir.resolve(labLog).toString()));
      words.addAll(regime.sweepArgs(protocols));
      words.addAll(List.of("--out", into.toString()));
      return words;
    }
  }

  /** Every sweep of the plan, in order. */
  List<Step> steps() {
    List<Step> steps = new ArrayList<>();
    for (int rep = 1; rep <= reps; rep++) {
      for (ReproRegime regime : regimes) {
        steps.add(step(rep, regime));
      }
    }
    return steps;
  }

  /** The first sweep not done yet; empty when every one is. */
  Optional<Step> next() {
    return steps().stream().filter(s -> !s.done()).findFirst();
  }

  Step step(int rep, ReproRegime regime) {
    return new Step(rep, regime, out.resolve("rep-" + rep).resolve(regime.id()));
  }
}
