package io.rpcxbench.runner.repeat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.runner.point.CommandVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench repeat plan|next|ended}: the plan of deploy/repro-repeat.sh, which drives the
 * labs, the worktree of the measured commit and its sweeps (OS work) and asks this what to sweep
 * next and what a sweep's end means ({@link RepeatPlan}, {@link RepeatOutcome}).
 *
 * <pre>
 * rpcx-bench repeat plan --out results/repro-repeat --reps 3
 * rpcx-bench repeat next --out results/repro-repeat        # the next sweep, tab-separated
 * rpcx-bench repeat ended --out results/repro-repeat --rep 1 --regime a-1gbit-thread --status 130
 * </pre>
 */
@Command(
    name = "repeat",
    // deploy/repro-repeat.sh's, not a user's: it works, but the command list does not show it
    hidden = true,
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    header = "The reproduction's repeat plan (deploy/repro-repeat.sh asks it).",
    sortOptions = false,
    description = {
      "The reproduction's repeat plan: each regime swept --reps times into OUT/rep-K/REGIME/,",
      "repetition after repetition; a sweep is done when its folder has a done file.",
      "regimes: the grid, and each regime's link rate and sweep options.",
      "plan: every sweep, done or to run, with the point files it has and the wall time its",
      "sweep logs span once begun. next: the next sweep to run, as a line",
      "REP<TAB>REGIME<TAB>RATE then a line a sweep to start (one, or one a protocol side by",
      "side): LAB<TAB>LAB_LOG<TAB>SWEEP_ARGS...; nothing when every sweep is done.",
      "ended: what sweep.sh's exit --status means for --rep and --regime (0 or 1: done; 124,",
      "130: stopped, the points the stop interrupted discarded; else failed), lines to log.",
      "Example: rpcx-bench repeat plan --out results/repro-repeat --regimes a-1gbit-thread"
    })
public final class RepeatCommand implements Callable<Integer> {
  enum Action {
    regimes,
    plan,
    next,
    ended
  }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "ACTION", description = "regimes, plan, next or ended.")
  Action action;

  @Option(
      names = "--out",
      converter = io.rpcxbench.harness.config.OutFolderConverter.class,
      paramLabel = "DIR",
      description = "The repeat's folder (every action but regimes).")
  Path out;

  @Option(
      names = "--reps",
      paramLabel = "N",
      defaultValue = "3",
      description = "Sweeps per regime, 1-99 (default: ${DEFAULT-VALUE}).")
  int reps;

  @Option(
      names = "--regimes",
      paramLabel = "LIST",
      split = ",",
      description =
          "Regimes, in order (default: all: a-1gbit-total,b-1mbit-total,a-1gbit-thread,b-1mbit-thread).")
  List<String> regimes = new ArrayList<>();

  @Option(names = "--rep", paramLabel = "K", description = "ended: the sweep's repetition.")
  Integer rep;

  @Option(names = "--regime", paramLabel = "ID", description = "ended: the sweep's regime.")
  String regime;

  @Option(names = "--status", paramLabel = "EXIT", description = "ended: sweep.sh's exit status.")
  Integer status;

  @Option(
      names = "--until",
      paramLabel = "HH:MM",
      defaultValue = "",
      description = "ended: the repeat's --until, for the line of a stop.")
  String until;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    switch (action) {
      case regimes -> regimes(out);
      case plan -> {
        for (RepeatPlan.Step s : plan().steps()) {
          out.println(s.line());
        }
      }
      case next -> next(plan(), out);
      case ended -> {
        return ended(plan(), out);
      }
    }
    out.flush();
    return ExitCode.OK.code();
  }

  private static void regimes(PrintWriter out) {
    out.println(
        "grid: --protocol "
            + String.join(",", ReproRegime.PROTOCOLS)
            + " "
            + String.join(" ", ReproRegime.GRID));
    for (ReproRegime r : ReproRegime.values()) {
      String how = r.sideBySide() ? " (three labs side by side, one a protocol)" : "";
      out.println(r.id() + " at " + r.rate() + ": " + String.join(" ", r.options()) + how);
    }
    out.flush();
  }

  private RepeatPlan plan() {
    if (out == null) {
      throw new ParameterException(spec.commandLine(), action + " needs --out DIR");
    }
    List<ReproRegime> chosen = new ArrayList<>();
    try {
      if (regimes.isEmpty()) {
        chosen.addAll(List.of(ReproRegime.values()));
      }
      for (String id : regimes) {
        chosen.add(ReproRegime.byId(id));
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--regimes: " + e.getMessage());
    }
    try {
      return new RepeatPlan(out.toAbsolutePath(), reps, chosen);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private static void next(RepeatPlan plan, PrintWriter out) {
    Optional<RepeatPlan.Step> next = plan.next();
    if (next.isEmpty()) {
      return;
    }
    RepeatPlan.Step step = next.get();
    out.println(step.rep() + "\t" + step.regime().id() + "\t" + step.regime().rate());
    step.sweeps().forEach(words -> out.println(String.join("\t", words)));
  }

  private int ended(RepeatPlan plan, PrintWriter out) throws IOException {
    if (rep == null || regime == null || status == null) {
      throw new ParameterException(spec.commandLine(), "ended needs --rep, --regime and --status");
    }
    if (rep < 1 || rep > plan.reps()) {
      throw new ParameterException(
          spec.commandLine(), "--rep: a repetition from 1 to " + plan.reps() + ", not " + rep);
    }
    ReproRegime r;
    try {
      r = ReproRegime.byId(regime);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--regime: " + e.getMessage());
    }
    RepeatOutcome o = RepeatOutcome.of(plan.step(rep, r), status, until);
    o.lines().forEach(out::println);
    out.flush();
    return o.exit();
  }
}
