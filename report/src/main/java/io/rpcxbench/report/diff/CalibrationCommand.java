package io.rpcxbench.report.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.cli.OutFileConverter;
import io.rpcxbench.stats.AaChecks;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.stats.VarianceComponents;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code calibration DIR...}: the A/As of {@code rpcx-bench calibrate} read into a {@link
 * Calibration}. Each DIR is one invocation: one protocol at one point in 2N trials (sweep --trials
 * 2N). Per metric: where the variance comes from (invocations, trials, runs), the A/A verdicts
 * ({@link AaChecks}: each invocation's trials labelled A or B by a seeded coin per round; disjoint
 * pairs of invocations as two folders recorded apart), added to the machine's ledger, and the
 * false-positive rates counted over the whole ledger.
 *
 * <pre>
 * java -jar report.jar calibration inv-1/raw inv-2/raw inv-3/raw inv-4/raw \
 *     --fingerprint "$(uname -a)" --ledger aa-ledger.tsv --out c.properties
 * </pre>
 */
@Command(
    name = "calibration",
    mixinStandardHelpOptions = true,
    description =
        "Read A/As (one protocol, one point, 2N trials, one folder an invocation) into the tool's"
            + " calibration: per metric where the variance comes from, the spread between trials"
            + " and between invocations, the A/A verdicts (added to --ledger), and the"
            + " false-positive rates counted over every A/A verdict in the ledger.",
    footer = {
      "",
      "Example:",
      "  java -jar report/target/report.jar calibration cal/invocation-1/raw cal/invocation-2/raw \\",
      "    --fingerprint 'host|cpu|2|6.1|17' --ledger cal/aa-ledger.tsv --out cal/calibration.properties"
    })
public final class CalibrationCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "DIR", description = "One invocation's raw files each.")
  List<Path> dirs;

  @Option(
      names = "--fingerprint",
      required = true,
      paramLabel = "TEXT",
      description = "The machine the calibration holds for.")
  String fingerprint;

  @Option(
      names = "--seed",
      defaultValue = "24",
      paramLabel = "N",
      description = "The labels' draw (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--ledger",
      paramLabel = "FILE",
      description = "The machine's A/A ledger: this run's verdicts are added to it (atomically).")
  Path ledger;

  @Option(
      names = "--source",
      defaultValue = "calibrate",
      paramLabel = "NAME",
      description = "Who made the verdicts, in the ledger (default ${DEFAULT-VALUE}).")
  String source;

  @Option(
      names = "--out",
      converter = OutFileConverter.class,
      paramLabel = "FILE",
      description = "Write the calibration there.")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<DiffSide.Point> invocations = new ArrayList<>();
    for (Path dir : dirs) {
      DiffSide side;
      try {
        side = DiffSide.read(dir);
      } catch (IOException e) {
        return unreadable(err, e.getMessage());
      }
      if (side.points().size() != 1) {
        return unreadable(err, dir + " holds " + side.points().size() + " points; an A/A has one");
      }
      DiffSide.Point point = side.points().values().iterator().next();
      if (point.trials().size() < 2 * Shift.MIN_PER_SIDE) {
        return unreadable(
            err,
            point.trials().size()
                + " trials of "
                + point.label()
                + "; an A/A needs "
                + 2 * Shift.MIN_PER_SIDE
                + " or more");
      }
      if (!invocations.isEmpty() && !invocations.get(0).id().equals(point.id())) {
        return unreadable(
            err, dir + " holds " + point.label() + ", not " + invocations.get(0).label());
      }
      invocations.add(point);
    }
    Instant now = Instant.now();
    List<String> ids = new ArrayList<>();
    for (int k = 0; k < invocations.size(); k++) {
      // an invocation is its folder: reading the same folders again adds no verdict
      ids.add(AaLedger.invocationOf(source, dirs.get(k)));
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
    StringWriter w = new StringWriter();
    c.write(w);
    if (out != null) {
      io.rpcxbench.report.pages.AtomicText.write(out, w.toString());
    }
    o.println(c.line(perSide));
    o.println("where a trial's seconds go (rpcx-bench's own clock, from the raw files):");
    for (int k = 0; k < invocations.size(); k++) {
      o.println("  " + ids.get(k) + ": " + TrialSeconds.of(invocations.get(k).trials()).text());
    }
    o.println("where the variance of a trial's value comes from:");
    c.decomposition().forEach(o::println);
    List<String> covariates = TrialCovariates.lines(invocations, measured);
    if (!covariates.isEmpty()) {
      o.println(
          "what each trial recorded beside it (median and range over the trials; Spearman's rho"
              + " with the trial's value against its invocation's mean, p):");
      covariates.forEach(o::println);
    }
    long differed = made.stream().filter(AaLedger.Entry::significant).count();
    o.println(
        "this run's A/A verdicts: "
            + differed
            + " of "
            + made.size()
            + " differed"
            + (ledger == null
                ? ""
                : "; the ledger holds " + book.entries().size() + ": " + ledger));
    for (Calibration.Metric m : metrics) {
      o.println(
          "  "
              + m.name()
              + ": interleaved "
              + m.interleaved().text()
              + "; apart "
              + m.apart().text());
    }
    o.flush();
    if (c.aaFailed()) {
      err.println(
          "A/A CHECK FAILED: the measured false-positive rate is above 5 % ("
              + String.join(
                  ", ",
                  c.metrics().stream()
                      .filter(Calibration.Metric::aboveStated)
                      .map(Calibration.Metric::name)
                      .toList())
              + "); this machine's verdicts are not to be trusted now");
      err.flush();
      return ExitCode.AA_DIFFERS.code(); // a false-positive rate above 5 %: written, said loudly
    }
    return ExitCode.OK.code();
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

  /** One line and exit 1: the folder is not an A/A this command can read. */
  private static int unreadable(PrintWriter err, String why) {
    err.println("error: " + why);
    err.flush();
    return ExitCode.FAILED.code();
  }
}
