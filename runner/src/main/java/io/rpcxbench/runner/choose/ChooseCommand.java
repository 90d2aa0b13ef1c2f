package io.rpcxbench.runner.choose;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.config.Call;
import io.rpcxbench.harness.config.CallOptions;
import io.rpcxbench.harness.config.CompressionOptions;
import io.rpcxbench.harness.config.MessageCall;
import io.rpcxbench.harness.config.MessageOptions;
import io.rpcxbench.harness.config.NoiseGuard;
import io.rpcxbench.harness.config.OutFolderConverter;
import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.runner.calibrate.CalibrateCommand;
import io.rpcxbench.runner.point.CommandVersion;
import io.rpcxbench.runner.point.ExperimentFolder;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.ServerSite;
import io.rpcxbench.runner.sweep.CountList;
import io.rpcxbench.runner.sweep.PointLimits;
import io.rpcxbench.runner.sweep.PointTemplate;
import io.rpcxbench.runner.sweep.RunSite;
import io.rpcxbench.runner.sweep.StopRules;
import io.rpcxbench.runner.sweep.SweepGrid;
import io.rpcxbench.runner.sweep.SweepRun;
import io.rpcxbench.runner.sweep.SweepSettings;
import io.rpcxbench.runner.sweep.SweepTargetOptions;
import io.rpcxbench.runner.sweep.Workload;
import io.rpcxbench.spi.ProtocolProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench choose}: which protocol sustains my load within my latency target, and how sure
 * is that. See {@link Choose} and docs/choose.md.
 */
@Command(
    name = "choose",
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    header = "Which protocol meets a latency objective at the highest load.",
    sortOptions = false,
    description = {
      "Which protocol for this workload: each candidate's SLO capacity (the highest open-loop rate",
      "whose latency percentile meets --slo with no errors), over alternating rounds, then all",
      "at one shared load; ends with a scorecard: intervals, significance and a verdict.",
      "Example: rpcx-bench choose --local --protocol rpcx,grpc-tuned,http-json --call items \\",
      "           --items 10 --slo p99=5ms --out results/choose-items10"
    })
public final class ChooseCommand implements Callable<Integer> {
  private final Install install;

  public ChooseCommand(Install install) {
    this.install = install;
  }

  @Spec CommandSpec spec;

  @Mixin SweepTargetOptions target = new SweepTargetOptions();

  @Option(
      names = {"--protocol", "-p"},
      split = ",",
      required = true,
      paramLabel = "ID[,ID...]",
      description =
          "The candidates (rpcx-bench list); an id given twice is an A/A pair; ID:CODEC is the"
              + " protocol with its stack's codec (grpc:gzip beside grpc).")
  List<String> protocols = new ArrayList<>();

  /** The call: hello by default, message with --message. */
  @Mixin CallOptions callOptions = new CallOptions();

  @Mixin MessageOptions message = new MessageOptions();

  /** Every candidate's messages compressed with its stack's codec (each must have it). */
  @Mixin CompressionOptions compression = new CompressionOptions();

  @Option(
      names = "--slo",
      required = true,
      paramLabel = "pQ=LIMIT",
      description = "The latency objective, from the intended start: p99=5ms, p99.9=800us.")
  String slo;

  @Option(
      names = "--errors",
      defaultValue = "0",
      paramLabel = "N",
      description = "Failed calls a probe may have and meet the SLO (default ${DEFAULT-VALUE}).")
  long errors;

  @Option(
      names = "--max-drop",
      defaultValue = "1%",
      paramLabel = "SHARE",
      description = "Planned calls a probe may drop (default ${DEFAULT-VALUE}).")
  String maxDrop;

  @Mixin ChooseSearchOptions search = new ChooseSearchOptions();

  @Mixin ChooseRoundOptions rounds = new ChooseRoundOptions();

  @Option(
      names = "--max-time",
      paramLabel = "DURATION",
      description =
          "A hard limit, e.g. 30m: no probe or shared-load run starts that would end after it.")
  String maxTime;

  @Mixin ChooseSharedOptions shared = new ChooseSharedOptions();

  @Option(
      names = "--noise-guard",
      defaultValue = "warn",
      paramLabel = "off|warn|strict",
      description = "Contended runs: off, warn (default), strict (probes repeated up to twice).")
  String noiseGuard;

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      description = "On the winner, k6's form: capacity>20000, p99<5ms (repeatable; exit 99).")
  List<String> thresholds = new ArrayList<>();

  @Option(
      names = "--summary-export",
      paramLabel = "FILE",
      description = "The scorecard's JSON here too.")
  Path summaryExport;

  @Option(
      names = "--no-report",
      description = "Measure only; make the scorecard later: rpcx-bench report choose DIR.")
  boolean noReport;

  @Option(
      names = "--out",
      converter = OutFolderConverter.class,
      paramLabel = "DIR",
      description =
          "The folder (default: a new experiment's results/<UTC time>-choose, so two runs never"
              + " mix); rerun with --out on it to resume.")
  Path out;

  @Option(
      names = "--fork",
      description =
          "Each probe in a JVM of its own, its steady warm-up 4 calls kept outstanding"
              + " (--warmup-in-flight; at its own rate a low-rate probe would warm nothing); default:"
              + " every probe in this JVM, warmed per candidate and round; with --lab and --fleet"
              + " always forked (this JVM cannot reach host B).")
  boolean fork;

  @Option(
      names = "--quick",
      description =
          "A first look in a few minutes: "
              + ChooseSettings.MIN_ROUNDS_FOR_PRECISION
              + " rounds (the fewest that rank), none added, 1 s probes, the search stopping at"
              + " 25 %% resolution, 2 shared-load runs, and no calibration measured first (each"
              + " of these given explicitly wins). The same test at the same 5 %% false-positive"
              + " rate, with less power: it ranks only capacities far apart, and its \"cannot"
              + " rank\" says little; the pre-run lines say how little here.")
  boolean quick;

  @Option(
      names = "--calibration",
      paramLabel = "auto|off",
      defaultValue = "auto",
      description =
          "auto: this machine's calibration (rpcx-bench calibrate) goes into the folder and beside"
              + " the verdict; on a machine never calibrated, --local measures it first (about 5"
              + " min, once); off: none (default ${DEFAULT-VALUE}).")
  ChooseCalibration.Use calibration;

  @Mixin ChooseMapOptions map = new ChooseMapOptions();

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    ChooseSettings all = settings();
    ChooseCalibration calibrates = new ChooseCalibration(install, calibration);
    if (quick) {
      err.println(ChooseForecast.quickLine(all));
    }
    // what it can tell here, before any work: the calibration included
    ChooseForecast.lines(
            all,
            all.target().site().profiles().size(),
            map.grid() == null ? OptionalInt.empty() : OptionalInt.of(map.refine),
            calibrates.calibratesFirst(all)
                ? OptionalLong.of(CalibrateCommand.expectedSecondsByDefault())
                : OptionalLong.empty(),
            MachineCalibration.here().capacityRounds().spread(all.roundsKey()),
            ChooseProbes.warmsUp(all))
        .forEach(err::println);
    err.flush();
    long before = System.currentTimeMillis();
    calibrates.beforeTheRun(all, err);
    all = all.spent(Duration.ofMillis(System.currentTimeMillis() - before));
    ChooseRuns runs = new ChooseRuns(calibrates, spec.commandLine().getOut(), err);
    return map.grid() == null ? runs.run(all) : runs.map(all, map.grid(), map.refine);
  }

  ChooseSettings settings() {
    try {
      ChooseSettings s = check();
      ChooseProbes.judgeHarnessOptions(s);
      return s;
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * The call every probe makes; with {@code --message} the user's message, which every candidate
   * must carry (refused here, before anything starts, when one does not).
   */
  private Workload workload() {
    Call call = callOptions.call(message.given() ? CallKind.MESSAGE : CallKind.HELLO);
    MessageCall m = message.resolve(call.kind());
    if (m == null) {
      return Workload.of(call);
    }
    ProtocolCatalog catalog = ProtocolCatalog.onClassPath();
    List<String> refused = new ArrayList<>();
    for (String p : protocolIds()) {
      catalog
          .find(p)
          .map(ProtocolProvider::messages)
          .filter(support -> !support.carried())
          .ifPresent(support -> refused.add(p + " (" + support.reason() + ")"));
    }
    if (!refused.isEmpty()) {
      throw new IllegalArgumentException(
          "--message: these candidates carry no message: "
              + String.join("; ", refused)
              + " (docs/messages.md lists the carriers)");
    }
    return Workload.message(m);
  }

  /**
   * --quick's settings, where the command line did not give its own: the fewest rounds that rank,
   * none added, 1 s probes, a 25 % resolution, 2 shared-load runs, no calibration measured first.
   */
  private void quickDefaults() {
    if (!quick) {
      return;
    }
    CommandLine.ParseResult given = spec.commandLine().getParseResult();
    if (given == null) {
      return;
    }
    rounds.applyQuick(given);
    search.applyQuick(given);
    shared.applyQuick(given);
    if (!given.hasMatchedOption("--calibration")) {
      calibration = ChooseCalibration.Use.off;
    }
  }

  /** The protocols the candidates run, each once (their servers). */
  private List<String> protocolIds() {
    return protocols.stream().map(p -> CandidateName.of(p).protocol()).distinct().toList();
  }

  /**
   * A candidate's own codec ({@code grpc:gzip}) names one; it and {@code --compression} (every
   * candidate's) are one or the other.
   */
  private void checkCodecs() {
    CommandLine.ParseResult given = spec.commandLine().getParseResult();
    boolean everyOne = given != null && given.hasMatchedOption("--compression");
    for (String p : protocols) {
      CandidateName n = CandidateName.of(p);
      if (n.hasCodec() && (n.codec().isEmpty() || p.indexOf(':') != p.lastIndexOf(':'))) {
        throw new IllegalArgumentException(
            "--protocol: " + p + " is not ID:CODEC (grpc:gzip): one codec after one colon");
      }
      if (n.hasCodec() && everyOne) {
        throw new IllegalArgumentException(
            "--protocol "
                + p
                + " gives that candidate its own codec; --compression gives every candidate one:"
                + " give one or the other");
      }
    }
  }

  private ChooseSettings check() {
    quickDefaults();
    if (out == null) {
      out = ExperimentFolder.fresh("choose"); // once: settings() may be asked again
    }
    List<String> known = HarnessPoints.catalog().stream().map(CatalogEntry::id).toList();
    for (String p : protocolIds()) {
      if (!known.contains(p)) {
        throw new IllegalArgumentException("--protocol: " + ProtocolCatalog.unknown(p, known));
      }
    }
    checkCodecs();
    if (protocols.size() < 2) {
      throw new IllegalArgumentException("--protocol: choose compares at least two candidates");
    }
    if (!List.of("off", "warn", "strict").contains(noiseGuard)) {
      throw new IllegalArgumentException(
          "--noise-guard must be off, warn or strict, got '" + noiseGuard + "'");
    }
    for (String t : thresholds) {
      // the report judges them on the winner at the end: a typo is refused before the search
      io.rpcxbench.stats.Threshold.parse(t, io.rpcxbench.stats.Threshold.CHOOSE);
    }
    Workload workload = workload();
    Slo objective = Slo.parse(slo, errors, ChooseValues.share("--max-drop", maxDrop));
    CapacitySearch capacitySearch = search.search();
    Double precisionShare = rounds.precisionShare();
    int planned = rounds.planned(precisionShare);
    Integer start = search.start();
    rounds.checkMaxRounds(planned, precisionShare);
    if (planned < 1
        || shared.sharedRuns < 1
        || (start != null && start < 1)
        || (shared.sharedRate != null && shared.sharedRate < 1)) {
      throw new IllegalArgumentException(
          "--rounds, --shared-runs, --start-rate and --shared-rate must be at least 1");
    }
    double fraction = shared.fraction();
    int probeS = search.probeS();
    Duration limit =
        maxTime == null ? null : Duration.ofSeconds(ChooseValues.seconds("--max-time", maxTime));
    List<String> harness = new ArrayList<>(workload.args());
    harness.addAll(compression.args(spec.commandLine()));
    if (noiseGuard.equals("off")) {
      // warn is the harness's default; strict is choose's own (it repeats a contended probe)
      harness.addAll(NoiseGuard.OFF.args());
    }
    map.grid(target, install.home());
    RunSite site = target.site("single", install.home());
    boolean inProcess =
        !fork && site.target() != ServerSite.LAB; // host B: only from host A's netns
    SweepSettings sweep =
        new SweepSettings(
            SweepGrid.open(
                protocolIds(),
                new CountList(
                    List.of(start != null ? start : ChooseSettings.FALLBACK_START), "search"),
                probeS),
            // the longest point's limit, for the backstop: each point gets its own (ChooseTiming)
            new PointLimits(1, ChooseTiming.longestLimitS(probeS, shared.sharedRuns), "point"),
            StopRules.NONE,
            site,
            new PointTemplate(
                harness, ChooseProbes.warmup(inProcess, site), List.of(), Scenario.SINGLE),
            new SweepRun(ChooseSettings.staging(out), false, inProcess, install.home()));
    return new ChooseSettings(
        ChooseSettings.names(protocols),
        workload.label(),
        workload.args(),
        objective,
        capacitySearch,
        start,
        probeS,
        search.probeWarmup(),
        rounds.design(planned, precisionShare),
        precisionShare,
        limit,
        fraction,
        shared.sharedRate,
        shared.sharedRuns,
        noiseGuard,
        thresholds,
        summaryExport,
        noReport,
        out,
        sweep);
  }
}
