package io.rpcxbench.runner.sweep;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.harness.review.Thresholds;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.runner.point.CommandVersion;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.ServerSite;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.runner.point.TypedAgain;
import io.rpcxbench.stats.Shift;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench sweep}: the paper's sweep (thread x request grid), rate sweeps and chains, with
 * sweep.sh's options (sweep.sh launches it). See docs/sweep.md.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    header = "The paper's sweep, rate sweeps and chains; rerun to resume.",
    sortOptions = false,
    description = {
      "The paper's sweep (threads x requests), rate sweeps and chains; rerun to resume.",
      "For each thread count, each request count, each protocol: one harness run of --runs",
      "runs under --point-timeout seconds, in a JVM of its own. Writes",
      "<out>/<protocol>/t<T>-r<R>.csv (docs/raw-format.md). See docs/sweep.md.",
      "Example: rpcx-bench sweep --local --protocol rpcx,grpc --threads 2 --requests 10 --runs 2",
      "         rpcx-bench sweep --local --protocol rpcx,grpc --rates 1000:5000:1000 --duration 10s"
    })
public final class SweepCommand implements Callable<Integer> {
  private final Install install;

  public SweepCommand(Install install) {
    this.install = install;
  }

  @Spec CommandSpec spec;

  @Mixin SweepTargetOptions target = new SweepTargetOptions();

  @Mixin PlanOptions plan = new PlanOptions();

  @Mixin SweepPointOptions pointOptions = new SweepPointOptions();

  @Mixin SweepOutOptions output = new SweepOutOptions();

  @Option(
      names = "--retry-failed",
      description = "Rerun points whose file says timeout, failed or incomplete.")
  boolean retryFailed;

  @Option(
      names = "--dry-run",
      description = "Print the plan (points in order, their files) and exit.")
  boolean dryRun;

  @Option(
      names = "--json",
      description = "With --dry-run: the plan as JSON (deploy/fleet reads it).")
  boolean json;

  @Option(
      names = "--yes",
      description =
          "Start a plan of over 1,000 points to run, or known to take over an hour, without asking"
              + " (without a terminal such a plan is refused unless --yes).")
  boolean yes;

  @Option(
      names = "--in-process",
      description =
          "Run every point in this JVM (no JVM start per point; not the paper's cold method).")
  boolean inProcess;

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      description =
          "Checked on every point's kept runs after the sweep, k6's form METRIC OP VALUE[UNIT]:"
              + " p50, p90, p99, p99.9 (us, ms, s), throughput (calls/s), errors, drops; < <= >"
              + " >= ==, e.g. 'p99<5ms' (repeatable). A failed one exits 99.")
  List<String> thresholds = new ArrayList<>();

  @Option(
      names = "--summary-export",
      paramLabel = "FILE.json",
      description =
          "After the sweep, every point of its folder with its 95 %% intervals and estimators as"
              + " JSON (report export's schema, points-export-1), written atomically; needs"
              + " report.jar.")
  Path summaryExport;

  @Option(
      names = "--trials",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Trials: the whole sweep N times, each with fresh servers and a fresh client per point,"
              + " its protocols and points in a random order of its own, into trial-1/ .. trial-N/"
              + " of --out. A trial is the unit compare tests over (default 1; compare needs 4"
              + " a side, 6 is its default).")
  int trials;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "The trials' order seed (default: from the clock; each file records its own).")
  Long seed;

  @Parameters(
      paramLabel = "HARNESS_OPTIONS",
      description = "After --: passed to every point verbatim.")
  List<String> harnessOptions = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    SweepSettings s = settings();
    Thresholds checks = thresholds();
    Map<String, CatalogEntry> catalog = new LinkedHashMap<>();
    HarnessPoints.catalog().forEach(e -> catalog.put(e.id(), e));
    String resume =
        output.withOut(System.getenv().getOrDefault("RPCX_SWEEP_RESUME", defaultResume()));
    SweepLog log = new SweepLog(err);
    Sweep sweep =
        new Sweep(
            s,
            catalog,
            log,
            resume,
            envLong("RPCX_SWEEP_MIN_FREE_KB", 8192),
            1000 * envLong("RPCX_READY_TIMEOUT", 180));
    long base = seed != null ? seed : System.currentTimeMillis();
    List<Sweep> planned = new ArrayList<>();
    if (trials > 1) {
      for (int k = 1; k <= trials; k++) {
        planned.add(trial(s, catalog, log, resume, base, k));
      }
    } else {
      planned.add(sweep);
    }
    if (dryRun) {
      labDownNote(s, err);
      try {
        new PlanPrinter(s, planned, seed == null ? base : null)
            .print(spec.commandLine().getOut(), json);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
      return ExitCode.OK.code();
    }
    if (!yes && !PlanSize.of(s, planned).confirmed(err)) {
      return ExitCode.USAGE.code();
    }
    if (trials > 1) {
      // what its trials can tell here, before any work
      SweepForecast.lines(trials, PlanSize.of(s, planned), MachineCalibration.here().cached())
          .forEach(log::line);
    }
    planned.forEach(one -> one.closingOnInterrupt(closing(ExitCode.INTERRUPTED.code())));
    try {
      int code =
          trials > 1
              ? trials(planned, log, checks)
              : SweepReview.review(sweep, log, checks, sweep.run());
      if (output.defaulted() && code != ExitCode.LOCKED.code()) {
        log.line(SweepOutOptions.reportLine(output.rawFolder()));
      }
      if (summaryExport != null && code != ExitCode.LOCKED.code()) {
        boolean written = SweepSummary.write(install, output.rawFolder(), summaryExport, err);
        if (written) {
          log.line("summary: " + summaryExport);
        } else if (code == ExitCode.OK.code()) {
          code = ExitCode.FAILED.code();
        }
      }
      if (code != ExitCode.LOCKED.code() && planned.stream().noneMatch(Sweep::stoppedByHook)) {
        log.closing(closing(code));
      }
      return code;
    } catch (Sweep.NoSpace e) {
      err.println("rpcx-bench sweep: " + sweep.noSpaceLine(e.getMessage()));
      return ExitCode.NO_SPACE.code();
    } catch (UncheckedIOException | IOException e) {
      // --out (the log, a point's file, a folder) cannot be written: a full disk, most often
      String why = e instanceof UncheckedIOException u ? u.getMessage() : e.toString();
      err.println("rpcx-bench sweep: " + sweep.noSpaceLine(why));
      return ExitCode.NO_SPACE.code();
    } catch (IllegalStateException e) {
      err.println("rpcx-bench sweep: " + e.getMessage());
      return ExitCode.FAILED.code();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * The sweep's last line: its exit code's meaning; how sure a sweep of these trials is (one is a
   * measurement, no verdict; compare tests trials, from 4 a side); where its files are.
   */
  ClosingLine closing(int code) {
    ExitCode e = ExitCode.of(code);
    String decided = "exit " + code + (e == null ? "" : ": " + e.meaning());
    String sure =
        trials > 1
            ? trials
                + " trials: rpcx-bench compare tests them against another sweep's"
                + (trials < Shift.MIN_PER_SIDE
                    ? " from " + Shift.MIN_PER_SIDE + " a side (too few here)"
                    : "")
            : ClosingLine.ONE_TRIAL;
    return new ClosingLine("sweep", decided, sure, output.rawFolder().toString());
  }

  /**
   * The sweep {@link #trials} times, trial k into {@code trial-k/} with fresh servers and its own
   * order; a trial whose files are complete is skipped by the sweep's own resume. Stops at the
   * first trial that could not run (a lock, bad usage, interrupted).
   */
  private static int trials(List<Sweep> planned, SweepLog log, Thresholds checks)
      throws IOException, InterruptedException {
    int worst = ExitCode.OK.code();
    for (Sweep one : planned) {
      Sweep.Trial t = one.trial();
      log.line("trial " + t.number() + " of " + t.of() + " (order seed " + t.seed() + ")");
      int code = SweepReview.review(one, log, checks, one.run());
      if (code != ExitCode.OK.code() && code != ExitCode.FAILED.code()) {
        return code;
      }
      worst = Math.max(worst, code);
    }
    return worst;
  }

  /**
   * Trial k of {@link #trials}: into {@code trial-k/}, in its own order (seed {@code base + k});
   * the dry run plans the same sweeps the run runs.
   */
  private Sweep trial(
      SweepSettings s,
      Map<String, CatalogEntry> catalog,
      SweepLog log,
      String resume,
      long base,
      int k) {
    return new Sweep(
        s.in(s.out().resolve("trial-" + k)),
        catalog,
        log,
        resume + (seed == null ? " --seed " + base : ""),
        envLong("RPCX_SWEEP_MIN_FREE_KB", 8192),
        1000 * envLong("RPCX_READY_TIMEOUT", 180),
        new Sweep.Trial(k, trials, base + k));
  }

  private Thresholds thresholds() {
    try {
      return Thresholds.parse(thresholds);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private String defaultResume() {
    return "cd "
        + TypedAgain.quoted(Path.of("").toAbsolutePath().toString())
        + " && "
        + TypedAgain.line(install.home().resolve("rpcx-bench").toString(), spec);
  }

  private static long envLong(String name, long otherwise) {
    String v = System.getenv(name);
    return v == null || !v.matches("[0-9]{1,12}") ? otherwise : Long.parseLong(v);
  }

  /** The checked settings; bad usage throws with sweep.sh's messages. */
  SweepSettings settings() {
    try {
      plan.check();
      if (trials < 1) {
        throw new IllegalArgumentException("--trials must be a positive integer, got " + trials);
      }
      List<String> known = HarnessPoints.catalog().stream().map(CatalogEntry::id).toList();
      for (String id : target.ports().keySet()) {
        if (!known.contains(id)) {
          throw new IllegalArgumentException("--port: " + ProtocolCatalog.unknown(id, known));
        }
      }
      Scenario scenario = pointOptions.scenario();
      RunSite site = target.site(scenario.kind().id(), install.home());
      SweepSettings settings =
          new SweepSettings(
              plan.grid(known),
              plan.limits(),
              plan.stops(),
              site,
              new PointTemplate(
                  pointOptions.options(spec.commandLine(), harnessOptions),
                  pointOptions.warmup(spec.commandLine(), harnessOptions),
                  pointOptions.axes(),
                  scenario),
              new SweepRun(output.rawFolder(), retryFailed, inProcess, install.home()));
      checkHarnessOptions(settings);
      return settings;
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * The harness judges its options (a warm-up that contradicts --paper, a bad duration, a codec a
   * protocol's stack lacks) on the first point of each protocol at each place on the sweep's own
   * dimensions, before a lock, a log or a server: bad usage exits 2 at once.
   */
  private static void checkHarnessOptions(SweepSettings s) {
    Map<List<Object>, PlannedPoint> firsts = new java.util.LinkedHashMap<>();
    for (PlannedPoint p : s.plan().points()) {
      firsts.putIfAbsent(List.of(p.protocol(), p.axes()), p);
    }
    for (PlannedPoint p : firsts.values()) {
      SweepPoint.of(s, p, s.site().host(), 1, Map.of()).request();
    }
  }

  /** --lab --dry-run with no lab up: the plan is printed, and that the lab must be started. */
  private static void labDownNote(SweepSettings s, PrintWriter err) {
    if (s.site().target() != ServerSite.LAB) {
      return;
    }
    try {
      LabState.load(s.home());
    } catch (IllegalArgumentException | IOException e) {
      err.println("note: " + e.getMessage() + " before this plan can run");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
