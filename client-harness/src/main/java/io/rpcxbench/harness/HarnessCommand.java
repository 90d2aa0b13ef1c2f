package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.RpcxBenchVersion;
import io.rpcxbench.harness.config.Call;
import io.rpcxbench.harness.config.CallOptions;
import io.rpcxbench.harness.config.CompressionOptions;
import io.rpcxbench.harness.config.ConsoleOptions;
import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.LoadModelOptions;
import io.rpcxbench.harness.config.LoadOptions;
import io.rpcxbench.harness.config.MessageCall;
import io.rpcxbench.harness.config.MessageOptions;
import io.rpcxbench.harness.config.OutputOptions;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.config.ScenarioOptions;
import io.rpcxbench.harness.config.Target;
import io.rpcxbench.harness.config.TargetOptions;
import io.rpcxbench.harness.config.UsageError;
import io.rpcxbench.harness.config.WarmupOptions;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.harness.fleet.FleetOptions;
import io.rpcxbench.harness.measure.ProcessStats;
import io.rpcxbench.harness.metrics.LiveConsole;
import io.rpcxbench.harness.metrics.LiveFigures;
import io.rpcxbench.harness.metrics.LiveMetrics;
import io.rpcxbench.harness.metrics.MetricsSpec;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.harness.review.PointReview;
import io.rpcxbench.harness.review.Thresholds;
import io.rpcxbench.raw.ClosingLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs one point (threads x requests, repeated {@code --runs} times) against each named protocol
 * and writes one raw result file per protocol (docs/raw-format.md).
 *
 * <pre>{@code
 * java -jar client-harness.jar --protocol rpcx,grpc,openfeign --threads 10 --requests 100
 * }</pre>
 *
 * <p>Exit codes: 0 every call answered correctly; 1 calls failed, timed out or answered wrongly, or
 * a server could not be reached; 2 bad usage; 3 every call answered correctly but the open loop
 * dropped calls (the point did not offer its load); 5 {@code --noise-guard strict} and a kept run
 * ran on a contended machine (the file is written, complete); 99 a {@code --threshold} failed (and
 * nothing above did: 2, 1 and 5 take precedence, as an interrupt's 130/143 does).
 */
@Command(
    name = "client-harness",
    resourceBundle = "io.rpcxbench.api.ExitCodes",
    mixinStandardHelpOptions = true,
    versionProvider = HarnessCommand.Version.class,
    sortOptions = false,
    description = {
      "Stress client of rpcx-bench: T threads x R blocking calls, --runs times, per protocol.",
      "Several protocols run one after another, each in a JVM of its own (forked).",
      "Each warms up to steady state first; --paper: the paper's cold method (no warm-up).",
      "Example: --protocol rpcx,grpc,openfeign --threads 10 --requests 100 --host 198.18.0.2",
      "The protocols: --list-protocols"
    })
public final class HarnessCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  What what = new What();

  @Mixin LoadOptions load = new LoadOptions();

  @Mixin CallOptions callOptions = new CallOptions();

  @Mixin WarmupOptions warmupOptions = new WarmupOptions();

  @Mixin TargetOptions target = new TargetOptions();

  @Mixin CompressionOptions compression = new CompressionOptions();

  @Mixin LoadModelOptions models = new LoadModelOptions();

  @Mixin FleetOptions fleet = new FleetOptions();

  @Mixin ScenarioOptions scenario = new ScenarioOptions();

  @Mixin OutputOptions output = new OutputOptions();

  @Mixin MessageOptions message = new MessageOptions();
  @Mixin ConsoleOptions console = new ConsoleOptions();

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      description =
          "A pass/fail criterion on each protocol's kept runs, k6's form METRIC OP VALUE[UNIT]:"
              + " p50, p90, p99, p99.9 (us, ms, s), throughput (calls/s), errors, drops; < <= >"
              + " >= ==, e.g. 'p99<5ms' (repeatable). A failed one exits 99.")
  List<String> thresholds = new ArrayList<>();

  /** Set by the parent on the JVM it forks for one protocol: run it here, print no table. */
  @Option(names = "--worker", hidden = true)
  boolean worker;

  /** The command line with the settings every caller (main, tests) uses. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new HarnessCommand());
    // Bad usage: the message and a hint, not the whole help text.
    cl.setParameterExceptionHandler(
        (e, args) -> {
          PrintWriter err = e.getCommandLine().getErr();
          err.println("error: " + UsageError.line(e));
          err.println("try --help");
          err.flush();
          return ExitCode.USAGE.code();
        });
    return cl;
  }

  /** Either a point's protocols or the catalog. */
  static final class What {
    @Option(
        names = "--protocol",
        split = ",",
        paramLabel = "ID",
        converter = Protocol.Converter.class,
        description =
            "Protocols to run, in this order, e.g. rpcx,grpc,openfeign; ids from"
                + " --list-protocols.")
    List<Protocol> protocols = new ArrayList<>();

    @Option(
        names = "--list-protocols",
        description =
            "Print the protocol catalog (tab-separated: id,"
                + " label, type, port, server jar, server args, external server, whether its"
                + " client balances across several --host servers) and exit.")
    boolean listProtocols;
  }

  @Override
  public Integer call() {
    if (what.listProtocols) {
      ProtocolCatalog.onClassPath().print(spec.commandLine().getOut());
      return ExitCode.OK.code();
    }
    RunConfig config = config();
    try {
      config.target().checkTlsFiles();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    Thresholds checks = thresholds();
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    for (Protocol p : config.protocols()) {
      Path file = PointRecorder.resultFile(config, p);
      if (Files.exists(file) && !config.output().force()) {
        throw new ParameterException(
            spec.commandLine(), file + " exists; pass --force to replace it");
      }
      Path hlog = config.forProtocol(p).instruments().hlog();
      if (hlog != null && Files.exists(hlog) && !config.output().force()) {
        throw new ParameterException(
            spec.commandLine(), hlog + " exists; pass --force to replace it");
      }
    }
    MetricsSpec metrics = metricsSpec();
    Path export = summaryExport();
    boolean terminal = System.console() != null;
    List<PointOutcome> outcomes = new ArrayList<>();
    if (worker) {
      ParentWatch.startForWorker();
    }
    if (worker || config.protocols().size() == 1) {
      // One protocol: this JVM is already fresh and dedicated to it, so it runs here.
      Protocol p = config.protocols().get(0);
      outcomes.add(new PointOutcome(p, runHere(config.forProtocol(p), metrics, terminal)));
    } else {
      outcomes.addAll(new WorkerForks(config, err, console.workerArgs(terminal)).runEach());
    }
    int code =
        outcomes.stream()
            .mapToInt(PointOutcome::exitCode)
            .reduce(ExitCode.OK.code(), HarnessCommand::worse);
    if (!worker) {
      new SummaryTable(config, outcomes).print(out);
      code = review(config, checks, code);
      if (export != null) {
        code = export(config, outcomes, code, export);
      }
      out.flush();
      // a point that wrote no file (no server reached) ends on its one clear line
      if (config.protocols().stream()
          .anyMatch(p -> Files.exists(PointRecorder.resultFile(config, p)))) {
        err.println(closing(config, code).text());
      }
    }
    out.flush();
    err.flush();
    return code;
  }

  /**
   * The last line of a point ({@link ClosingLine}): its exit code's meaning, that one trial is a
   * measurement and no verdict, and its file (the folder, for several protocols).
   */
  static ClosingLine closing(RunConfig config, int code) {
    io.rpcxbench.api.ExitCode e = io.rpcxbench.api.ExitCode.of(code);
    List<Protocol> ps = config.protocols();
    Path file = PointRecorder.resultFile(config, ps.get(0));
    return new ClosingLine(
        "run",
        "exit " + code + (e == null ? "" : ": " + e.meaning()),
        ClosingLine.ONE_TRIAL,
        (ps.size() == 1 ? file : file.getParent()).toString());
  }

  /** One protocol's point in this JVM, with its live line and metrics endpoint if asked. */
  private int runHere(RunConfig config, MetricsSpec metrics, boolean terminal) {
    PrintWriter err = spec.commandLine().getErr();
    Protocol p = config.protocols().get(0);
    List<LiveFigures.Sink> sinks = new ArrayList<>();
    if (console.live(terminal)) {
      sinks.add(new LiveConsole(err));
    }
    LiveMetrics endpoint = null;
    if (metrics != null) {
      try {
        endpoint = LiveMetrics.start(metrics);
      } catch (IOException | RuntimeException e) {
        err.println(
            "error: --metrics "
                + console.metrics
                + ": cannot "
                + metrics.action()
                + " ("
                + OutWriteProbe.describe(e)
                + ")");
        return ExitCode.USAGE.code();
      }
      err.println(p + " metrics: " + endpoint.where());
      err.flush();
      // first: a second's figures are on the endpoint before its live line is printed, so a
      // scrape prompted by the line sees them
      sinks.add(0, endpoint);
    }
    LiveFigures live =
        sinks.isEmpty() ? null : new LiveFigures(p.id(), config.load().runs(), sinks);
    try {
      return new ProtocolRun(config, err, live).execute();
    } finally {
      if (endpoint != null) {
        endpoint.close();
      }
    }
  }

  private MetricsSpec metricsSpec() {
    return usage(() -> console.metrics == null ? null : MetricsSpec.parse(console.metrics));
  }

  /** --summary-export: not a folder; its folder is made when the summary is written. */
  private Path summaryExport() {
    Path file = console.summaryExport;
    if (file != null && Files.isDirectory(file)) {
      throw new ParameterException(
          spec.commandLine(), "--summary-export " + file + ": is a folder, not a file");
    }
    return file;
  }

  /** Writes the summary; the exit code after it (a summary that cannot be written fails). */
  private int export(RunConfig config, List<PointOutcome> outcomes, int code, Path file) {
    try {
      new SummaryExport(config, outcomes, code).write(file);
      return code;
    } catch (IOException | RuntimeException e) {
      spec.commandLine().getErr().println("cannot write --summary-export " + file + ": " + e);
      return code == ExitCode.OK.code() ? ExitCode.FAILED.code() : code;
    }
  }

  /** The point's trend warnings and thresholds ({@link PointReview}); the exit code after them. */
  private int review(RunConfig config, Thresholds checks, int code) {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter out = spec.commandLine().getOut();
    List<PointReview.PointFile> files = new ArrayList<>();
    config
        .protocols()
        .forEach(
            p ->
                files.add(
                    new PointReview.PointFile("", p.id(), PointRecorder.resultFile(config, p))));
    try {
      boolean failed = new PointReview(checks, err::println, out::println).review(files, true);
      return failed && code == ExitCode.OK.code() ? ExitCode.GATE_FAILED.code() : code;
    } catch (IOException e) {
      err.println("cannot review the result files: " + e);
      return code == ExitCode.OK.code() ? ExitCode.FAILED.code() : code;
    }
  }

  private Thresholds thresholds() {
    return usage(() -> Thresholds.parse(thresholds));
  }

  /**
   * Of two protocols' codes, the one to exit with: bad usage, then failures, then drops, then
   * contention.
   */
  static int worse(int a, int b) {
    for (int code :
        new int[] {
          ExitCode.USAGE.code(),
          ExitCode.FAILED.code(),
          ExitCode.DROPPED.code(),
          ExitCode.CONTENDED.code()
        }) {
      if (a == code || b == code) {
        return code;
      }
    }
    return Math.max(a, b);
  }

  private RunConfig config() {
    RunConfig config = validConfig();
    try {
      config
          .protocols()
          .forEach(
              p ->
                  OutWriteProbe.requireWritable(
                      PointRecorder.resultFile(config, p).getParent(), output.out));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    return config;
  }

  /** The validated configuration, --out not probed (also read by {@link HarnessPoints}). */
  RunConfig validConfig() {
    LoadModel model = models.resolve(load, spec.commandLine());
    requireLoad();
    // in this order: the first bad option is the one reported
    Instruments instruments = models.instruments(spec.commandLine());
    Scenario behindTarget = scenario();
    WarmupPlan warmup = warmupOptions.resolve(spec.commandLine());
    RunConfig config =
        new RunConfig(
            target(),
            load(),
            warmup,
            model,
            instruments,
            fleet.member(),
            behindTarget,
            output.output(),
            message());
    try {
      config.validate();
      ProcessStats.check(config.instruments());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    return config;
  }

  /** The user's message of --call message (docs/messages.md), loaded and checked; else null. */
  private MessageCall message() {
    return usage(() -> message.resolve(pointCall().kind()));
  }

  private io.rpcxbench.harness.config.Load load() {
    return usage(() -> load.load(pointCall()));
  }

  /** --call, --payload, --items: one point's call (hello when none is given). */
  private Call pointCall() {
    return usage(() -> callOptions.call(CallKind.HELLO));
  }

  private Target target() {
    return usage(() -> compression.applyTo(target.target(what.protocols)));
  }

  private Scenario scenario() {
    return usage(() -> scenario.scenario());
  }

  /** --threads and --requests are required for a point (not for --list-protocols). */
  private void requireLoad() {
    if (load.threads == null || load.requests == null) {
      throw new ParameterException(
          spec.commandLine(), "Missing required options: --threads=T and --requests=R");
    }
  }

  /** The value, or bad usage: an IllegalArgumentException's message as picocli's one line. */
  private <T> T usage(Supplier<T> value) {
    try {
      return value.get();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** --version: the one version string of every rpcx-bench jar. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {RpcxBenchVersion.line()};
    }
  }

  /** How one protocol's point ended. */
  record PointOutcome(Protocol protocol, int exitCode) {}
}
