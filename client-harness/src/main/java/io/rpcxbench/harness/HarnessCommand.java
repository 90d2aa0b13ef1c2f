package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
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
import io.rpcxbench.harness.metrics.MetricsSpec;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.harness.review.Thresholds;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Runs one point (threads x requests, repeated {@code --runs} times) against each named protocol
 * and writes one raw result file per protocol (docs/raw-format.md). The options become one checked
 * {@link RunConfig} ({@link #validConfig}, bad usage through {@link UsageChecks}); {@link PointRun}
 * runs it.
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
    versionProvider = HarnessVersion.class,
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
    UsageChecks usage = usage();
    RunConfig config = validConfig();
    usage.outWritable(config, output.out);
    usage.check(() -> config.target().checkTlsFiles());
    Thresholds checks = usage.value(() -> Thresholds.parse(thresholds));
    usage.nothingReplaced(config);
    MetricsSpec metrics =
        usage.value(() -> console.metrics == null ? null : MetricsSpec.parse(console.metrics));
    Path export = usage.summaryExport(console.summaryExport);
    return new PointRun(
            config,
            checks,
            metrics,
            export,
            console,
            worker,
            spec.commandLine().getOut(),
            spec.commandLine().getErr())
        .execute();
  }

  /**
   * What the point's run is told beside its configuration: the console's options and the
   * thresholds, as given (no part of {@link RunConfig}).
   */
  List<String> consoleArgs() {
    List<String> args = new ArrayList<>(console.args());
    thresholds.forEach(t -> args.addAll(List.of("--threshold", t)));
    return args;
  }

  /** The validated configuration, --out not probed (also read by {@link HarnessPoints}). */
  RunConfig validConfig() {
    LoadModel model = models.resolve(load, spec.commandLine());
    usage().loadGiven(load);
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
    usage()
        .check(
            () -> {
              config.validate();
              ProcessStats.check(config.instruments());
            });
    return config;
  }

  /** The user's message of --call message (docs/messages.md), loaded and checked; else null. */
  private MessageCall message() {
    return usage().value(() -> message.resolve(pointCall().kind()));
  }

  private io.rpcxbench.harness.config.Load load() {
    return usage().value(() -> load.load(pointCall()));
  }

  /** --call, --payload, --items: one point's call (hello when none is given). */
  private Call pointCall() {
    return usage().value(() -> callOptions.call(CallKind.HELLO));
  }

  private Target target() {
    return usage().value(() -> compression.applyTo(target.target(what.protocols)));
  }

  private Scenario scenario() {
    return usage().value(() -> scenario.scenario());
  }

  private UsageChecks usage() {
    return new UsageChecks(spec.commandLine());
  }
}
