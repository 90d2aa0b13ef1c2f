package io.rpcxbench.verdict.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.stats.AaChecks;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.stats.VarianceComponents;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The A/As of {@code rpcx-bench calibrate} read into the machine's {@link Calibration}. Each folder
 * is one invocation: one protocol at one point in 2N trials. Per metric: where the variance comes
 * from (invocations, trials, runs), the A/A verdicts ({@link AaChecks}: each invocation's trials
 * labelled A or B by a seeded coin per round; disjoint pairs of invocations as two folders recorded
 * apart), added to the machine's ledger, and the false-positive rates counted over the whole
 * ledger.
 *
 * <pre>{@code
 * AaCalibration c = AaCalibration.of(dirs, fingerprint, 24, ledger, "calibrate");
 * Files.writeString(file, c.properties());
 * c.lines().forEach(System.out::println);
 * }</pre>
 *
 * @param calibration what was measured
 * @param lines the text a person reads: the summary line, where a trial's seconds went, the
 *     variance decomposition, the covariates, this run's A/A verdicts and the ledger's rates
 * @param made this run's A/A verdicts (added to the ledger when one was given)
 */
public record AaCalibration(
    Calibration calibration, List<String> lines, List<AaLedger.Entry> made) {

  /** The labels' draw when none is given (a seed, so that reading the same folders agrees). */
  public static final String DEFAULT_SEED = "24";

  /** Folders that are not an A/A this can read: the one line says why. */
  public static final class NotAnAa extends Exception {
    NotAnAa(String message) {
      super(message);
    }
  }

  public AaCalibration {
    lines = List.copyOf(lines);
    made = List.copyOf(made);
  }

  /** {@link #of(List, String, long, Path, String)} with the default draw. */
  public static AaCalibration of(List<Path> dirs, String fingerprint, Path ledger, String source)
      throws IOException, NotAnAa {
    return of(dirs, fingerprint, Long.parseLong(DEFAULT_SEED), ledger, source);
  }

  /**
   * Reads {@code dirs} (one invocation each) as the machine {@code fingerprint}'s A/As; the labels'
   * draw from {@code seed}; the verdicts added to {@code ledger} (atomically; null: none kept) as
   * made by {@code source}.
   */
  public static AaCalibration of(
      List<Path> dirs, String fingerprint, long seed, Path ledger, String source)
      throws IOException, NotAnAa {
    List<DiffSide.Point> invocations = invocations(dirs);
    Instant now = Instant.now();
    List<String> ids = new ArrayList<>();
    for (Path dir : dirs) {
      // an invocation is its folder: reading the same folders again adds no verdict
      ids.add(AaLedger.invocationOf(source, dir));
    }
    AaLedger book = ledger == null ? new AaLedger(List.of()) : AaLedger.read(ledger);
    List<AaLedger.Entry> made = new ArrayList<>();
    List<PointChange.Measure> measured = new ArrayList<>();
    List<List<List<List<Double>>>> runsByMetric = new ArrayList<>();
    List<List<List<Double>>> trialsByMetric = new ArrayList<>();
    for (PointChange.Measure m : PointChange.Measure.values()) {
      List<List<List<Double>>> runs = new ArrayList<>();
      List<List<Double>> trials = new ArrayList<>();
      for (DiffSide.Point p : invocations) {
        runs.add(runValues(m, p));
        trials.add(PointChange.values(p).get(m.ordinal()));
      }
      if (trials.stream().anyMatch(t -> t.size() < 2 * Shift.MIN_PER_SIDE)) {
        continue; // too few calls for this percentile in some trial
      }
      VarianceComponents vc = VarianceComponents.of(runs);
      made.addAll(
          AaChecks.of(
              m.id,
              trials,
              ids,
              now,
              source,
              seed,
              Math.sqrt(vc.invocationMeans()),
              vc.invocation().dof()));
      measured.add(m);
      runsByMetric.add(runs);
      trialsByMetric.add(trials);
    }
    book = book.with(made);
    if (ledger != null) {
      book.write(ledger);
    }
    List<Calibration.Metric> metrics = new ArrayList<>();
    for (int i = 0; i < measured.size(); i++) {
      metrics.add(
          Calibration.Metric.of(
              measured.get(i).id, runsByMetric.get(i), trialsByMetric.get(i), book));
    }
    int perSide = invocations.get(0).trials().size() / 2;
    Calibration c =
        new Calibration(
            fingerprint, invocations.get(0).label(), perSide, invocations.size(), now, metrics);
    List<String> lines = new ArrayList<>();
    lines.add(c.line(perSide));
    lines.add("where a trial's seconds go (rpcx-bench's own clock, from the raw files):");
    for (int k = 0; k < invocations.size(); k++) {
      lines.add("  " + ids.get(k) + ": " + TrialSeconds.of(invocations.get(k).trials()).text());
    }
    lines.add("where the variance of a trial's value comes from:");
    lines.addAll(c.decomposition());
    List<String> covariates = TrialCovariates.lines(invocations, measured);
    if (!covariates.isEmpty()) {
      lines.add(
          "what each trial recorded beside it (median and range over the trials; Spearman's rho"
              + " with the trial's value against its invocation's mean, p):");
      lines.addAll(covariates);
    }
    long differed = made.stream().filter(AaLedger.Entry::significant).count();
    lines.add(
        "this run's A/A verdicts: "
            + differed
            + " of "
            + made.size()
            + " differed"
            + (ledger == null
                ? ""
                : "; the ledger holds " + book.entries().size() + ": " + ledger));
    for (Calibration.Metric m : metrics) {
      lines.add(
          "  "
              + m.name()
              + ": interleaved "
              + m.interleaved().text()
              + "; apart "
              + m.apart().text());
    }
    return new AaCalibration(c, lines, made);
  }

  /** The calibration in its file format ({@code calibration.properties}). */
  public String properties() {
    StringWriter w = new StringWriter();
    try {
      calibration.write(w);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return w.toString();
  }

  /** 0, or 97 when the measured false-positive rate lies above the stated 5 %. */
  public ExitCode exitCode() {
    return calibration.aaFailed() ? ExitCode.AA_DIFFERS : ExitCode.OK;
  }

  /** The line said loudly when the A/A check failed. */
  public String failedLine() {
    return "A/A CHECK FAILED: the measured false-positive rate is above 5 % ("
        + String.join(
            ", ",
            calibration.metrics().stream()
                .filter(Calibration.Metric::aboveStated)
                .map(Calibration.Metric::name)
                .toList())
        + "); this machine's verdicts are not to be trusted now";
  }

  /** Each folder's one point, checked to be the same A/A point with enough trials. */
  private static List<DiffSide.Point> invocations(List<Path> dirs) throws IOException, NotAnAa {
    List<DiffSide.Point> invocations = new ArrayList<>();
    for (Path dir : dirs) {
      DiffSide side;
      try {
        side = DiffSide.read(dir);
      } catch (IOException e) {
        throw new NotAnAa(e.getMessage());
      }
      if (side.points().size() != 1) {
        throw new NotAnAa(dir + " holds " + side.points().size() + " points; an A/A has one");
      }
      DiffSide.Point point = side.points().values().iterator().next();
      if (point.trials().size() < 2 * Shift.MIN_PER_SIDE) {
        throw new NotAnAa(
            point.trials().size()
                + " trials of "
                + point.label()
                + "; an A/A needs "
                + 2 * Shift.MIN_PER_SIDE
                + " or more");
      }
      if (!invocations.isEmpty() && !invocations.get(0).id().equals(point.id())) {
        throw new NotAnAa(dir + " holds " + point.label() + ", not " + invocations.get(0).label());
      }
      invocations.add(point);
    }
    if (invocations.isEmpty()) {
      throw new NotAnAa("no invocation folder given");
    }
    return invocations;
  }

  /**
   * Per trial of {@code p}, its runs' values of {@code m}; when a run has too few calls for the
   * metric (a high percentile), each trial's own value alone, so the run level goes unmeasured
   * rather than measured on some trials.
   */
  private static List<List<Double>> runValues(PointChange.Measure m, DiffSide.Point p) {
    List<List<Double>> out = new ArrayList<>();
    for (DiffSide.Trial t : p.trials()) {
      List<Double> runs = new ArrayList<>();
      for (var run : t.kept()) {
        Double v =
            PointChange.value(
                m,
                new DiffSide.Trial(
                    t.file(),
                    t.number(),
                    List.of(run),
                    t.started(),
                    t.finished(),
                    run.timeTotal()));
        if (v == null) {
          return PointChange.values(p).get(m.ordinal()).stream().map(List::of).toList();
        }
        runs.add(v);
      }
      if (!runs.isEmpty()) {
        out.add(runs);
      }
    }
    return out;
  }
}
