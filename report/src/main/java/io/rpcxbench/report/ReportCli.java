package io.rpcxbench.report;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.RpcxBenchVersion;
import io.rpcxbench.report.archive.MeasurementsCommand;
import io.rpcxbench.report.capacity.CapacityPointCommand;
import io.rpcxbench.report.capacity.CapacitySizeCommand;
import io.rpcxbench.report.choose.ScorecardCommand;
import io.rpcxbench.report.cli.AllCommand;
import io.rpcxbench.report.cli.AnnotateCommand;
import io.rpcxbench.report.cli.CleanCommand;
import io.rpcxbench.report.cli.ExportCommand;
import io.rpcxbench.report.cli.IngestCommand;
import io.rpcxbench.report.cli.KneeCommand;
import io.rpcxbench.report.cli.ReportCommand;
import io.rpcxbench.report.cli.ShowCommand;
import io.rpcxbench.report.compare.CompareTablesCommand;
import io.rpcxbench.report.diff.CalibrationCommand;
import io.rpcxbench.report.diff.DiffCommand;
import io.rpcxbench.report.diff.ProfilesCommand;
import io.rpcxbench.report.gc.GcCheckCommand;
import io.rpcxbench.report.merge.MergeHostsCommand;
import io.rpcxbench.report.reproduction.ReproductionCommand;
import io.rpcxbench.report.text.DocSectionCommand;
import io.rpcxbench.report.wire.WireBytesCommand;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Raw result files to database, cleaned averages, the paper's tables and figures, and an HTML page.
 *
 * <pre>
 * java -jar report/target/report.jar all results/raw          # ingest + clean + report
 * java -jar report/target/report.jar ingest --db jdbc:postgresql://db/bench?user=me results/raw
 * </pre>
 *
 * Exit codes: 0 ok, 1 failures (e.g. malformed lines were skipped), 2 bad usage.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    versionProvider = ReportCli.Version.class,
    description =
        "Reads rpcx-bench raw result files into a database, cleans them as the paper does "
            + "(drop order 0, average the rest) and writes Tables 3-4, Figs. 8-10 and index.html.",
    subcommands = {
      IngestCommand.class,
      CleanCommand.class,
      ReportCommand.class,
      AllCommand.class,
      ShowCommand.class,
      AnnotateCommand.class,
      ReproductionCommand.class,
      MergeHostsCommand.class,
      KneeCommand.class,
      CompareTablesCommand.class,
      ScorecardCommand.class,
      io.rpcxbench.report.map.MapCommand.class,
      DiffCommand.class,
      CalibrationCommand.class,
      ProfilesCommand.class,
      ExportCommand.class,
      CapacityPointCommand.class,
      CapacitySizeCommand.class,
      WireBytesCommand.class,
      DocSectionCommand.class,
      GcCheckCommand.class,
      MeasurementsCommand.class
    },
    resourceBundle = "io.rpcxbench.api.ExitCodes")
public final class ReportCli implements Callable<Integer> {
  @Spec CommandSpec spec;

  public static void main(String[] args) {
    // Charts are drawn off-screen; without this AWT looks for a display.
    System.setProperty("java.awt.headless", "true");
    System.exit(commandLine().execute(args));
  }

  /** The command line every caller (main, tests) uses: bad usage is one line and a hint, exit 2. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new ReportCli());
    cl.setParameterExceptionHandler(ReportCli::badUsage);
    return cl;
  }

  private static int badUsage(CommandLine.ParameterException e, String[] args) {
    CommandLine at = e.getCommandLine();
    at.getErr()
        .println(
            "error: " + message(e) + " (try '" + at.getCommandSpec().qualifiedName() + " --help')");
    at.getErr().flush();
    return ExitCode.USAGE.code();
  }

  /**
   * picocli's message; for a misspelt command or option, the word and picocli's nearest suggestion,
   * in the words of rpcx-bench's own usage errors: {@code unknown command 'shw'; did you mean
   * show?}.
   */
  static String message(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
      return e.getMessage();
    }
    String typed = u.getUnmatched().get(0);
    String what;
    if (u.isUnknownOption()) {
      what = "unknown option '" + typed.replaceFirst("=.*", "") + "'";
    } else if (!e.getCommandLine().getSubcommands().isEmpty()) {
      what = "unknown command '" + typed + "'";
    } else {
      return e.getMessage();
    }
    List<String> near = u.getSuggestions();
    return what + (near.isEmpty() ? "" : "; did you mean " + near.get(0) + "?");
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCode.USAGE.code();
  }

  /** --version: the one version string of every rpcx-bench jar. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {RpcxBenchVersion.line()};
    }
  }
}
