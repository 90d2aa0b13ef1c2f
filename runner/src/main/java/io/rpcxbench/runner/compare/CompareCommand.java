package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.config.CompressionOptions;
import io.rpcxbench.harness.config.OutFolderConverter;
import io.rpcxbench.harness.config.RunLengthOptions;
import io.rpcxbench.harness.config.WarmupOptions;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.point.CommandVersion;
import io.rpcxbench.runner.point.ExperimentFolder;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.PlacementOption;
import io.rpcxbench.runner.point.RunTls;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.runner.point.TypedAgain;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code rpcx-bench compare}: with {@code --variants} (or {@code --protocol}) the side-by-side
 * comparison of protocols on this machine ({@link CompareRounds}, then {@link CompareReport}); with
 * {@code --base-jar OLD.jar --new-jar NEW.jar} two builds of one protocol's server in interleaved
 * rounds, then the report's diff of the two sides, its exit code passed on; with two result folders
 * the report's diff of them. bench/compare.sh launches the first.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    sortOptions = false,
    header = "Protocols side by side here, or two result folders diffed.",
    description = {
      "With --variants (--protocol): runs the protocols side by side on loopback, servers pinned"
          + " to one half of the CPUs and the client to the other, the same JVM flags for all."
          + " Points: closed-T (T threads x R blocking calls, --threads) and inflight-N (N calls"
          + " outstanding, --in-flight). Per point --rounds rounds; each runs every variant once,"
          + " in one harness JVM (warm-up, then --runs runs, the first --warmup-runs dropped), the"
          + " order drawn at random (a seed per round); a JVM during which the hypervisor stole more than"
          + " --max-steal %% is run again. Writes <out>/raw/<point>/round<k>/<variant>/,"
          + " steal.tsv, machine.txt, logs/ and the tables (report compare) to compare.md;"
          + " --write-doc puts them into docs/performance.md. A rerun on the same --out skips"
          + " what is complete. Every unit is a trial: the variant's server is started afresh for"
          + " it and stopped after; its file records its round, its place in the round's order"
          + " and when it started.",
      "",
      "With --base-jar OLD.jar --new-jar NEW.jar (two builds of one protocol's server, named by"
          + " --protocol or by the jar's name): the same, the candidates being the two builds"
          + " (default 6 rounds); trials go to <out>/base/ and <out>/new/, then report diff"
          + " base new (with --threshold) tests them, into diff.md and its JSON, and its exit"
          + " code is the comparison's.",
      "",
      "With two folders BASE NEW (and no --variants): per point the change with its interval"
          + " and whether it is significant (report diff; its options pass on, e.g. --threshold).",
      "",
      "Example: rpcx-bench compare --variants rpcx,grpc --threads 1,64 --in-flight none",
      "Example: rpcx-bench compare --base-jar old.jar --new-jar new.jar --protocol rpcx --threads 8",
      "         --in-flight none --requests 2000 --threshold 'delta.p50<10%%'",
      "Example: rpcx-bench compare results/before results/after --threshold 'delta.p99<10%%'",
      ""
    })
public final class CompareCommand implements Callable<Integer> {
  private final Install install;

  public CompareCommand(Install install) {
    this.install = install;
  }

  static final String DEFAULT_JVM_FLAGS = "-Xms512m -Xmx512m -XX:+UseG1GC";

  @Spec CommandSpec spec;

  @Mixin CompareVariantOptions variants = new CompareVariantOptions();

  @Mixin CompareBuildOptions buildOptions = new CompareBuildOptions();

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      description =
          "With --base-jar/--new-jar (or two folders): a gate report diff checks, repeatable,"
              + " e.g. 'delta.p99<10%%': PASS, FAIL (exit 99) or INCONCLUSIVE (exit 98).")
  List<String> thresholds = new ArrayList<>();

  /** --threshold parsed, once; none without two builds. */
  private List<io.rpcxbench.stats.Threshold> gates = List.of();

  /**
   * --run-time (compare's default {@link #RUN_TIME}: JMH's fixed-time iterations; with --runs 4 and
   * --warmup-runs 1, 3 kept runs of 2 s; none: runs of --requests calls) and --requests-per.
   */
  @Mixin ComparePointOptions points = new ComparePointOptions();

  @Mixin RunLengthOptions runLength = new RunLengthOptions();

  /** Every variant's messages compressed with its stack's codec (each must have it). */
  @Mixin CompressionOptions compression = new CompressionOptions();

  /** Each run's length unless --run-time is given: a comparison's windows. */
  static final Duration RUN_TIME = Duration.ofSeconds(2);

  /** --quick's run length unless --run-time is given. */
  static final Duration QUICK_RUN_TIME = Duration.ofSeconds(1);

  @Mixin PlacementOption placement = new PlacementOption();

  @Mixin WarmupOptions warmupOptions = new WarmupOptions();

  @Mixin CompareRoundOptions roundOptions = new CompareRoundOptions();

  /** --quick's warm-up unless one is given: a fixed second. */
  static final WarmupPlan QUICK_WARMUP = WarmupPlan.fixed(Duration.ofSeconds(1));

  @Option(
      names = "--jvm-flags",
      paramLabel = "FLAGS",
      defaultValue = DEFAULT_JVM_FLAGS,
      description = "JVM flags of servers and clients (default ${DEFAULT-VALUE}).")
  String jvmFlags;

  @Option(
      names = "--out",
      converter = OutFolderConverter.class,
      paramLabel = "DIR",
      description =
          "Result folder (default: a new experiment's results/<UTC time>-compare); rerun with"
              + " --out on it to resume.")
  Path out;

  @Mixin CompareDocOptions docOptions = new CompareDocOptions();

  @Option(
      names = "--tls",
      paramLabel = "off|tls|mtls",
      defaultValue = "off",
      description =
          "The servers serve TLS (mtls: clients present a certificate too) with a test authority"
              + " made for the comparison in OUT/tls, and every harness calls over it; only"
              + " protocols with TLS wired (docs/tls.md). Default: ${DEFAULT-VALUE}.")
  String tls = "off";

  @Mixin ComparePairingOptions pairing = new ComparePairingOptions();

  @Option(
      names = "--local",
      description = "Servers on loopback, started and stopped here (the only target; accepted).")
  boolean local;

  @Parameters(
      paramLabel = "BASE NEW | -- HARNESS_OPTIONS",
      description = "Two folders to diff; or, after --, harness options for every run.")
  List<String> positional = new ArrayList<>();

  @Unmatched List<String> unmatched = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    if (!variants.given() && !buildOptions.given()) {
      try {
        return FolderDiff.run(
            TypedAgain.args(spec), spec.commandLine().getOut(), spec.commandLine().getErr());
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
    }
    PrintWriter err = spec.commandLine().getErr();
    CompareSettings s = settings();
    if (s.jars() != null) {
      // what it can tell here, before any work
      if (roundOptions.quick) {
        err.println(CompareForecast.quickLine(s));
      }
      CompareForecast.lines(s, MachineCalibration.here().cached()).forEach(err::println);
      err.flush();
    }
    Map<String, CatalogEntry> catalog = new LinkedHashMap<>();
    HarnessPoints.catalog().forEach(e -> catalog.put(e.id(), e));
    CompareRounds rounds =
        new CompareRounds(
            s,
            catalog,
            new SweepLog(err),
            placement.here(),
            StealRetry.Meter.proc(),
            spec.commandLine().getOut());
    try {
      return rounds.run(1000L * envLong("RPCX_READY_TIMEOUT", 180));
    } catch (IllegalStateException e) {
      err.println("rpcx-bench compare: " + e.getMessage());
      return ExitCode.FAILED.code();
    } catch (IllegalArgumentException e) {
      err.println("rpcx-bench compare: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
  }

  /** The checked settings; bad usage throws a ParameterException with one clear line. */
  CompareSettings settings() {
    try {
      return check();
    } catch (IllegalArgumentException | IOException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private CompareSettings check() throws IOException {
    if (!unmatched.isEmpty()) {
      throw new IllegalArgumentException("unknown option '" + unmatched.get(0) + "'");
    }
    List<String> original = TypedAgain.args(spec);
    if (!positional.isEmpty() && !original.contains("--")) {
      throw new IllegalArgumentException(
          (buildOptions.given() ? "with --base-jar/--new-jar" : "with --variants")
              + " no folders: '"
              + positional.get(0)
              + "' (harness options go after --)");
    }
    quickDefaults();
    Path home = install.home();
    JarPair builds = builds();
    ComparePlan plan =
        builds == null
            ? points.protocols(home, variants.ids(), roundOptions.roundsOr(3))
            : points.builds(home, builds, roundOptions.roundsOr(6));
    WarmupPlan w =
        roundOptions.quick
            ? warmupOptions.resolve(spec.commandLine(), QUICK_WARMUP)
            : warmupOptions.resolve(spec.commandLine());
    Path goals = docOptions.goals(home);
    Path folder =
        out != null
            ? out
            : ExperimentFolder.fresh(home.resolve("results"), "compare", Clock.systemUTC());
    CompareSettings s =
        new CompareSettings(
            plan,
            w,
            roundOptions.runs(),
            roundOptions.warmupRuns,
            roundOptions.maxSteal,
            roundOptions.retries,
            jvmFlags,
            folder.toAbsolutePath().normalize(),
            goals,
            docOptions.writeDoc,
            docOptions.doc(home),
            harnessExtra(),
            commandLine(),
            home,
            RunTls.of(tls, folder.toAbsolutePath().normalize()),
            builds,
            gates,
            roundOptions.mostRounds(plan.rounds(), builds != null && !thresholds.isEmpty()),
            pairing.windows(this::runTime));
    // the harness judges its options (the extras after --, TLS for each variant) before a server
    // starts; the TLS files are made then, so only whether each protocol has TLS is checked here
    for (String variant : builds == null ? plan.variants() : List.of(JarPair.BASE)) {
      ComparePlan.Unit first =
          plan.units().stream().filter(u -> u.variant().equals(variant)).findFirst().orElseThrow();
      s.point(first, 1, s.unitDir(first)).request();
    }
    return s;
  }

  /** Each run's length unless --run-time is given: --quick's or compare's. */
  private Duration methodRunTime() {
    return roundOptions.quick ? QUICK_RUN_TIME : RUN_TIME;
  }

  /** Each run's length: --run-time, or compare's (zero: none, runs of a count of calls). */
  private Duration runTime() {
    return runLength.runTime(spec.commandLine(), methodRunTime());
  }

  /**
   * The harness options of every run: the run's length (--run-time unless none, --requests-per when
   * given), the compression when given, then those after "--".
   */
  private List<String> harnessExtra() {
    if (positional.contains("--run-time")
        || positional.stream().anyMatch(a -> a.startsWith("--run-time="))) {
      throw new IllegalArgumentException(
          "--run-time is compare's own (default 2s): give it before \"--\"");
    }
    WarmupOptions.requireNoneAfterDashes(positional, "compare");
    List<String> extra = new ArrayList<>(runLength.args(spec.commandLine(), methodRunTime()));
    extra.addAll(compression.args(spec.commandLine()));
    extra.addAll(positional);
    return extra;
  }

  /**
   * The two builds of --base-jar and --new-jar, checked before any work (null without them); what
   * only the side-by-side tables or only the diff take is refused with the other.
   */
  private JarPair builds() throws IOException {
    if (!buildOptions.given()) {
      buildOptions.pair(variants.variants); // refuses a side's server arguments without its jar
      if (!thresholds.isEmpty()) {
        throw new IllegalArgumentException(
            "--threshold: a gate on a diff, with --base-jar/--new-jar or two folders (BASE NEW);"
                + " --variants makes tables, not a test");
      }
      return null;
    }
    docOptions.requireNoneForBuilds();
    gates =
        thresholds.stream()
            .map(t -> io.rpcxbench.stats.Threshold.parse(t, io.rpcxbench.stats.Threshold.DIFF))
            .toList();
    JarPair pair = buildOptions.pair(variants.variants);
    roundOptions.warnFewRounds(spec.commandLine().getErr());
    return pair;
  }

  /**
   * --quick's settings, where the command line did not give its own: {@value
   * CompareRoundOptions#QUICK_ROUNDS} rounds, none added, one point of 3 runs of 1 s (the first
   * dropped) after a fixed 1 s warm-up.
   */
  private void quickDefaults() {
    if (!roundOptions.quick) {
      return;
    }
    if (!buildOptions.given()) {
      throw new IllegalArgumentException(
          "--quick is for two builds (--base-jar/--new-jar): a first look at their difference");
    }
    CommandLine.ParseResult given = spec.commandLine().getParseResult();
    roundOptions.applyQuick(given, !thresholds.isEmpty());
    points.applyQuick(given);
  }

  /** How the user started it: the launcher's line (RPCX_COMPARE_COMMAND), else this command's. */
  private String commandLine() {
    String launcher = System.getenv("RPCX_COMPARE_COMMAND");
    return launcher != null && !launcher.isBlank() ? launcher : TypedAgain.line("rpcx-bench", spec);
  }

  private static long envLong(String name, long otherwise) {
    String v = System.getenv(name);
    return v == null || !v.matches("[0-9]{1,12}") ? otherwise : Long.parseLong(v);
  }
}
