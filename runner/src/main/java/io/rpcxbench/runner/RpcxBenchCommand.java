package io.rpcxbench.runner;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.config.UsageError;
import io.rpcxbench.harness.protocol.CatalogTable;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.runner.calibrate.CalibrateCommand;
import io.rpcxbench.runner.choose.ChooseCommand;
import io.rpcxbench.runner.compare.CompareCommand;
import io.rpcxbench.runner.handshake.HandshakeCommand;
import io.rpcxbench.runner.point.CommandVersion;
import io.rpcxbench.runner.point.Install;
import io.rpcxbench.runner.repeat.RepeatCommand;
import io.rpcxbench.runner.sweep.SweepCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench}: one command with subcommands, in the manner of k6 and ghz. {@code run} is one
 * point (the harness), {@code sweep} the experiment, {@code choose} the decision between protocols
 * for one workload, {@code compare} protocols side by side (or two result folders, by the report's
 * diff), {@code list} the catalog; {@code report} hands on to the report jar, {@code lab} to
 * deploy/lab.sh; {@code help exit-codes} prints the exit codes every other help points to. {@code
 * repeat}, the plan deploy/repro-repeat.sh asks, works but is hidden: no user types it. Each has a
 * one-line {@code header}: the command list shows it.
 *
 * <pre>{@code
 * rpcx-bench run --protocol rpcx --threads 10 --requests 100 --host 198.18.0.2
 * rpcx-bench sweep --local --protocol rpcx,grpc --threads 2 --requests 10 --runs 2
 * }</pre>
 */
@Command(
    name = "rpcx-bench",
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    description = {
      "Benchmark of RPC protocols: one point, the paper's sweep, the choice of a protocol, a",
      "side-by-side comparison, the report, the lab.",
      "Example: rpcx-bench sweep --local --protocol rpcx,grpc --threads 2 --requests 10 --runs 2"
    },
    commandListHeading = "%nCommands (rpcx-bench COMMAND --help for each):%n",
    resourceBundle = "io.rpcxbench.api.ExitCodes")
public final class RpcxBenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }

  /** The command line with every subcommand, {@code run} the harness's own command. */
  /** The width of every command's --help, and the longest line its descriptions may have. */
  static final int HELP_WIDTH = 100;

  public static CommandLine commandLine() {
    return commandLine(Install.fromEnvironment());
  }

  /** The command line of this install: every command gets it, none looks for it. */
  public static CommandLine commandLine(Install install) {
    CommandLine cl = new CommandLine(new RpcxBenchCommand());
    CommandLine run = HarnessPoints.runCommand();
    run.getCommandSpec().versionProvider(new CommandVersion());
    run.getCommandSpec()
        .usageMessage()
        .header("One point: T threads x R calls per protocol (the client harness).")
        .description(
            "One point: T threads x R calls, --runs times, per protocol (the client harness).",
            "Example: rpcx-bench run --protocol rpcx,grpc --threads 10 --requests 100 --host 198.18.0.2");
    cl.addSubcommand("run", run);
    cl.addSubcommand("sweep", new SweepCommand(install));
    cl.addSubcommand("choose", new ChooseCommand(install));
    cl.addSubcommand("compare", new CompareCommand(install));
    cl.addSubcommand("calibrate", new CalibrateCommand(install));
    cl.addSubcommand("handshake", new HandshakeCommand(install));
    cl.addSubcommand("report", new ReportCommand(install));
    cl.addSubcommand("lab", new LabCommand(install));
    cl.addSubcommand("repeat", new RepeatCommand());
    cl.addSubcommand("list", new ListCommand());
    cl.addSubcommand("help", new HelpCommand());
    // report and lab pass their arguments on verbatim, options too ("report show FILE --cleaned",
    // "lab up --rate 1gbit"): picocli refused them as unknown options of rpcx-bench's own
    cl.getSubcommands().get("report").setUnmatchedOptionsArePositionalParams(true);
    cl.getSubcommands().get("lab").setUnmatchedOptionsArePositionalParams(true);
    // the descriptions are written in lines of up to this many characters: none wraps mid-line
    cl.setUsageHelpWidth(HELP_WIDTH);
    cl.setParameterExceptionHandler(
        (e, args) -> {
          PrintWriter err = e.getCommandLine().getErr();
          err.println("error: " + UsageError.line(e));
          err.println("try: " + typedName(e.getCommandLine()) + " --help");
          err.flush();
          return ExitCode.USAGE.code();
        });
    return cl;
  }

  /**
   * The command as a user types it: each level by the name it is registered under in its parent
   * ({@code rpcx-bench run}), not its own spec's name ({@code client-harness} is no command).
   */
  static String typedName(CommandLine cl) {
    CommandLine parent = cl.getParent();
    if (parent == null) {
      return cl.getCommandName();
    }
    String name =
        parent.getSubcommands().entrySet().stream()
            .filter(e -> e.getValue() == cl)
            .map(java.util.Map.Entry::getKey)
            .findFirst()
            .orElse(cl.getCommandName());
    return typedName(parent) + " " + name;
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      versionProvider = CommandVersion.class,
      header = "The protocol catalog: id, description, port, TLS, compression, message.",
      description = {
        "The protocol catalog: id, description, port, whether it serves TLS (--tls), its"
            + " message compressions (--compression), whether it carries a user's own message"
            + " (--call message), its server jar.",
        "Example: rpcx-bench list"
      })
  static final class ListCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
      new CatalogTable(ProtocolCatalog.onClassPath()).print(spec.commandLine().getOut());
      return ExitCode.OK.code();
    }
  }

  /** A subcommand that hands its arguments to a program of the repository. */
  abstract static class Delegate implements Callable<Integer> {
    @Spec CommandSpec spec;
    final Install install;

    Delegate(Install install) {
      this.install = install;
    }

    @Parameters(paramLabel = "ARGS", description = "Passed on verbatim.")
    List<String> args = new ArrayList<>();

    abstract List<String> command() throws IOException;

    @Override
    public Integer call() throws IOException, InterruptedException {
      List<String> command = new ArrayList<>(command());
      command.addAll(args);
      return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    static Path existing(Path p, String hint) throws IOException {
      if (!Files.exists(p)) {
        throw new IOException(p + " not found; " + hint);
      }
      return p;
    }
  }

  @Command(
      name = "report",
      mixinStandardHelpOptions = true,
      versionProvider = CommandVersion.class,
      header = "The report tool: figures, tables, scorecards from result files.",
      description = {
        "The report tool (report.jar): figures and tables from the raw files; ARGS go to it.",
        "Example: rpcx-bench report all results/raw",
        "         rpcx-bench report show results/raw/rpcx/t10-r100.csv --cleaned"
      })
  static final class ReportCommand extends Delegate {
    ReportCommand(Install install) {
      super(install);
    }

    @Override
    List<String> command() throws IOException {
      return List.of(
          install.java(),
          "-jar",
          existing(install.reportJar(), "build it: mvn -B -q -pl report -am package -DskipTests")
              .toString());
    }
  }

  @Command(
      name = "lab",
      mixinStandardHelpOptions = true,
      versionProvider = CommandVersion.class,
      header = "The two-host lab on this machine (deploy/lab.sh, as root).",
      description = {
        "The two-host lab on this machine (deploy/lab.sh, as root); ARGS go to it.",
        "Example: sudo rpcx-bench lab up --rate 1gbit"
      })
  static final class LabCommand extends Delegate {
    LabCommand(Install install) {
      super(install);
    }

    @Override
    List<String> command() throws IOException {
      return List.of(
          existing(install.home().resolve("deploy/lab.sh"), "run from the repository").toString());
    }
  }
}
