package io.rpcxbench.report.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.cli.OutFileConverter;
import io.rpcxbench.verdict.diff.AaCalibration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
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
      defaultValue = AaCalibration.DEFAULT_SEED,
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
    AaCalibration c;
    try {
      c = AaCalibration.of(dirs, fingerprint, seed, ledger, source);
    } catch (AaCalibration.NotAnAa e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return ExitCode.FAILED.code();
    }
    if (out != null) {
      io.rpcxbench.raw.AtomicText.write(out, c.properties());
    }
    c.lines().forEach(o::println);
    o.flush();
    if (c.calibration().aaFailed()) {
      err.println(c.failedLine());
      err.flush();
    }
    return c.exitCode().code();
  }
}
