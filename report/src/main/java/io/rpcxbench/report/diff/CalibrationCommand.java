package io.rpcxbench.report.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Shift;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code calibration DIR}: the A/A of {@code rpcx-bench calibrate} read into a {@link Calibration}.
 * DIR holds one point of one protocol in 2N trials (sweep --trials 2N); trials 2r-1 and 2r are
 * round r, and a seeded draw per round gives one to label A and the other to B, so the labels
 * interleave as two candidates of a real comparison would.
 *
 * <pre>
 * java -jar report.jar calibration results/calibration/raw --fingerprint "$(uname -a)" --out c.properties
 * </pre>
 */
@Command(
    name = "calibration",
    mixinStandardHelpOptions = true,
    description =
        "Read an A/A (one protocol, one point, 2N trials) into the tool's calibration: per metric"
            + " the spread between trials, the A/A verdict, the false-positive rate of the test over"
            + " every relabelling into two halves, and the smallest change N trials detect here.",
    footer = {
      "",
      "Example:",
      "  java -jar report/target/report.jar calibration results/calibration/raw \\",
      "    --fingerprint 'host|cpu|2|6.1|17' --out results/calibration/calibration.properties"
    })
public final class CalibrationCommand implements Callable<Integer> {
  /** The A/A pair came out different: written, and said loudly. */
  public static final int AA_DIFFERS = ExitCode.AA_DIFFERS.code();

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "The A/A's raw files.")
  Path dir;

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

  @Option(names = "--out", paramLabel = "FILE", description = "Write the calibration there.")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
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
    List<DiffSide.Trial> trials = new ArrayList<>(point.trials());
    trials.sort(java.util.Comparator.comparingInt(DiffSide.Trial::number));
    int rounds = trials.size() / 2;
    if (rounds < Shift.MIN_PER_SIDE) {
      return unreadable(
          err,
          trials.size()
              + " trials of "
              + point.label()
              + "; an A/A needs "
              + 2 * Shift.MIN_PER_SIDE
              + " or more");
    }
    Random r = new Random(seed);
    List<Calibration.Metric> metrics = new ArrayList<>();
    boolean[] aFirst = new boolean[rounds];
    for (int k = 0; k < rounds; k++) {
      aFirst[k] = r.nextBoolean();
    }
    for (PointChange.Measure m : PointChange.Measure.values()) {
      List<Double> a = new ArrayList<>();
      List<Double> b = new ArrayList<>();
      for (int k = 0; k < rounds; k++) {
        Double first = PointChange.value(m, trials.get(2 * k));
        Double second = PointChange.value(m, trials.get(2 * k + 1));
        if (first != null && second != null) {
          (aFirst[k] ? a : b).add(first);
          (aFirst[k] ? b : a).add(second);
        }
      }
      if (a.size() >= Shift.MIN_PER_SIDE) {
        metrics.add(Calibration.Metric.of(m.id, a, b));
      }
    }
    Calibration c = new Calibration(fingerprint, point.label(), rounds, metrics);
    StringWriter w = new StringWriter();
    c.write(w);
    if (out != null) {
      io.rpcxbench.report.pages.AtomicText.write(out, w.toString());
    }
    o.println(c.line(rounds));
    o.flush();
    if (c.aaFailed()) {
      err.println(
          "A/A CHECK FAILED: one protocol measured twice came out different ("
              + String.join(
                  ", ",
                  c.metrics().stream()
                      .filter(Calibration.Metric::aaSignificant)
                      .map(Calibration.Metric::name)
                      .toList())
              + "); this machine's verdicts are not to be trusted now");
      err.flush();
      return AA_DIFFERS;
    }
    return CommandLine.ExitCode.OK;
  }

  /** One line and exit 1: the folder is not an A/A this command can read. */
  private static int unreadable(PrintWriter err, String why) {
    err.println("error: " + why);
    err.flush();
    return CommandLine.ExitCode.SOFTWARE;
  }
}
