package io.rpcxbench.runner.calibrate;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.RunLengthOptions;
import io.rpcxbench.harness.config.RunsOptions;
import io.rpcxbench.harness.config.WarmupOptions;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.runner.point.CommandVersion;
import io.rpcxbench.runner.point.ExperimentFolder;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.TrialTime;
import io.rpcxbench.runner.sweep.SweepCommand;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.verdict.diff.AaCalibration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench calibrate}: the tool measures itself. One protocol at one point, in {@code
 * --invocations} separate invocations one after another (each a sweep with {@code --trials 2N}:
 * fresh servers and client each trial), read by the report's {@code calibration}: per metric where
 * the variance comes from (invocations, trials, runs), the spread between trials and between
 * invocations, the A/A verdicts of both designs (inside an invocation, and two invocations as two
 * folders recorded apart), added to the machine's A/A ledger, and the false-positive rates counted
 * over that ledger. Kept per machine ({@link MachineCalibration}) with its date; a later run on the
 * same machine prints the kept one unless {@code --force}. {@code choose} and {@code compare} read
 * it.
 */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    sortOptions = false,
    header = "How sure can a verdict be on this machine? An A/A of one protocol.",
    description = {
      "Measures one protocol at one point in --invocations separate invocations of 2N trials each"
          + " (fresh server and client JVMs a trial), and keeps per machine, dated: per metric"
          + " where the variance comes from (invocations, trials, runs), the spread between trials"
          + " and between invocations, the smallest change a comparison detects here, and the"
          + " false-positive rate counted over every A/A verdict this machine has made (exit 97"
          + " when its interval lies above 5 %%). Without --force a machine calibrated before"
          + " prints its calibration and measures nothing.",
      "",
      "Example: rpcx-bench calibrate --invocations 4 --trials 4",
      ""
    })
public final class CalibrateCommand implements Callable<Integer> {
  private final Install install;

  public CalibrateCommand(Install install) {
    this.install = install;
  }

  @Spec CommandSpec spec;

  @Option(names = "--protocol", defaultValue = "rpcx", description = "Default ${DEFAULT-VALUE}.")
  String protocol;

  @Option(names = "--threads", defaultValue = "8", description = "Default ${DEFAULT-VALUE}.")
  int threads;

  @Option(
      names = "--requests",
      defaultValue = "2000",
      description = "Calls per thread per run (default ${DEFAULT-VALUE}).")
  int requests;

  /** Calibrate's method: 5 runs a trial, the first dropped. */
  static final int RUNS = 5;

  /** --runs: the harness's group. */
  @Mixin RunsOptions runsOption = new RunsOptions();

  /** The runs of a trial: --runs, else the method's {@value #RUNS}. */
  private int runs() {
    return runsOption.or(RUNS);
  }

  /** --run-time (the calibration's default {@link #RUN_TIME}) and --requests-per. */
  @Mixin RunLengthOptions runLength = new RunLengthOptions();

  /** Each run's length unless --run-time is given: a comparison's windows. */
  static final Duration RUN_TIME = Duration.ofSeconds(2);

  /**
   * The calibration's warm-up unless one is given: steady, capped at 3 s (measure longer, warm
   * shorter; the dropped first run warms too).
   */
  static final WarmupPlan METHOD_WARMUP =
      WarmupPlan.steady(Duration.ofSeconds(1), Duration.ofSeconds(3));

  @Mixin WarmupOptions warmupOptions = new WarmupOptions();

  @Option(
      names = "--trials",
      defaultValue = "4",
      description =
          "Trials a side in each invocation, at least 4 (default ${DEFAULT-VALUE}: 8 an"
              + " invocation).")
  int trials;

  @Option(
      names = "--invocations",
      defaultValue = "4",
      description =
          "Separate invocations, at least 2: how much a whole invocation moves is measured"
              + " between them (default ${DEFAULT-VALUE}).")
  int invocations;

  @Option(
      names = "--out",
      converter = io.rpcxbench.harness.config.OutFolderConverter.class,
      paramLabel = "DIR",
      description = "Where the A/A's files go (default: results/<UTC time>-calibrate/).")
  Path out;

  @Option(names = "--force", description = "Measure again though this machine has calibrated.")
  boolean force;

  @picocli.CommandLine.Mixin
  io.rpcxbench.runner.point.PlacementOption placement =
      new io.rpcxbench.runner.point.PlacementOption();

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter o = spec.commandLine().getOut();
    if (trials < 4 || threads < 1 || requests < 1 || runs() < 2 || invocations < 2) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--trials must be 4 or more, --invocations 2 or more, --threads and --requests"
              + " positive, --runs 2 or more");
    }
    MachineCalibration here = MachineCalibration.here();
    Optional<Calibration> kept = here.cached();
    if (kept.isPresent() && !force) {
      o.println(kept.get().line(kept.get().trials()));
      kept.get().decomposition().forEach(o::println);
      o.println(
          "(calibrated before on this machine at "
              + kept.get().measuredText()
              + ", "
              + kept.get().age(java.time.Instant.now()).toMinutes()
              + " minutes ago: "
              + here.file()
              + "; --force measures again)");
      o.println(closing(kept.get(), here).text());
      o.flush();
      return kept.get().aaFailed() ? ExitCode.AA_DIFFERS.code() : ExitCode.OK.code();
    }
    Path dir = out != null ? out : ExperimentFolder.fresh("calibrate");
    o.println(plan());
    o.flush();
    return measure(here, dir, o);
  }

  /**
   * Calibrate's last line: what a comparison detects here at its trials, per metric; how sure (the
   * false-positive rate measured over this machine's A/A verdicts, or that it differs too often);
   * the kept file.
   */
  static ClosingLine closing(Calibration c, MachineCalibration here) {
    List<String> detects = new ArrayList<>();
    for (Calibration.Metric m : c.metrics()) {
      double p = m.detectable().percent(c.trials());
      detects.add(m.name() + " +-" + io.rpcxbench.stats.Num.fixed(p, 1) + " %");
    }
    return new ClosingLine(
        "calibrate",
        "an interleaved comparison of "
            + c.trials()
            + " trials a side detects "
            + String.join(", ", detects)
            + " here",
        c.aaFailed()
            ? "A/A DIFFERS TOO OFTEN: verdicts on this machine are not calibrated"
            : "A/A verdicts within the stated 5 % false positives ("
                + c.invocations()
                + " invocations)",
        here.file().toString());
  }

  /** {@code plan: 4 invocations x 8 trials of rpcx t8, about 10 min}, before any work. */
  String plan() {
    return "plan: "
        + invocations
        + " invocations x "
        + 2 * trials
        + " trials of "
        + protocol
        + " t"
        + threads
        + expectedSeconds().map(sec -> ", about " + TrialTime.minutes(sec)).orElse("");
  }

  /**
   * The time its invocations take here, expected ({@link TrialTime}); empty when the runs are
   * counts of calls ({@code --run-time none}).
   */
  Optional<Long> expectedSeconds() {
    Duration runTime = runLength.runTime(spec.commandLine(), RUN_TIME);
    if (runTime.isZero()) {
      return Optional.empty();
    }
    int trial = TrialTime.seconds(TrialTime.warmupS(warmup()), runs(), runTime);
    return Optional.of((long) invocations * 2 * trials * trial);
  }

  /** The warm-up of every trial: the one given, else {@link #METHOD_WARMUP}. */
  private WarmupPlan warmup() {
    return warmupOptions.resolve(spec.commandLine(), METHOD_WARMUP);
  }

  /** What a calibration at the defaults takes here, expected: the one {@code choose} may run. */
  public static long expectedSecondsByDefault() {
    CalibrateCommand c = new CalibrateCommand(null);
    new CommandLine(c).parseArgs();
    return c.expectedSeconds().orElseThrow(); // the defaults run for a time
  }

  private int measure(MachineCalibration here, Path dir, PrintWriter o)
      throws IOException, InterruptedException {
    List<String> raws = new ArrayList<>();
    for (int k = 1; k <= invocations; k++) {
      Path raw = dir.resolve("invocation-" + k).resolve("raw");
      o.println("calibrate: invocation " + k + " of " + invocations + " into " + raw);
      o.flush();
      int code = invocation(raw);
      if (code != ExitCode.OK.code()) {
        spec.commandLine()
            .getErr()
            .println("rpcx-bench calibrate: invocation " + k + "'s sweep exited " + code);
        return code == ExitCode.USAGE.code() ? ExitCode.USAGE.code() : ExitCode.FAILED.code();
      }
      raws.add(raw.toString());
    }
    Path file = dir.resolve("calibration.properties");
    AaCalibration read;
    try {
      read =
          AaCalibration.of(
              raws.stream().map(Path::of).toList(), here.fingerprint(), here.ledger(), "calibrate");
    } catch (AaCalibration.NotAnAa e) {
      spec.commandLine().getErr().println("rpcx-bench calibrate: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    AtomicText.write(file, read.properties());
    read.lines().forEach(o::println);
    if (read.calibration().aaFailed()) {
      o.println(read.failedLine());
    }
    o.flush();
    int rc = read.exitCode().code();
    Files.createDirectories(here.file().getParent());
    AtomicText.write(here.file(), read.properties());
    o.println("kept for this machine: " + here.file());
    here.cached().ifPresent(c -> o.println(closing(c, here).text()));
    o.flush();
    return rc;
  }

  /** One invocation: a sweep of 2N trials of the point into {@code raw}; its exit code. */
  private int invocation(Path raw) {
    List<String> sweep = new ArrayList<>();
    sweep.addAll(runLength.args(spec.commandLine(), RUN_TIME));
    sweep.addAll(warmup().args());
    sweep.addAll(
        List.of(
            "--local",
            "--protocol",
            protocol,
            "--threads",
            String.valueOf(threads),
            "--requests",
            String.valueOf(requests),
            "--runs",
            String.valueOf(runs()),
            "--trials",
            String.valueOf(2 * trials),
            "--yes",
            "--placement",
            placement.here().pinned() ? "pinned" : "unpinned",
            "--out",
            raw.toString()));
    CommandLine sweeper = new CommandLine(new SweepCommand(install));
    sweeper.setErr(spec.commandLine().getErr());
    sweeper.setOut(spec.commandLine().getOut());
    return sweeper.execute(sweep.toArray(String[]::new));
  }
}
