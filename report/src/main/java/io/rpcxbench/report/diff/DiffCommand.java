package io.rpcxbench.report.diff;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Sequential;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.diff.DiffReport;
import io.rpcxbench.verdict.diff.DiffVerdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code diff BASE NEW}: what changed between two folders of raw files (two commits, machines or
 * settings), point by point, with a test before every "changed".
 *
 * <pre>
 * java -jar report.jar diff results/raw-main results/raw-branch --threshold 'delta.p99&lt;10%'
 * </pre>
 *
 * Exit codes: 0 ok, 1 a folder without raw files or no point in both, 2 bad usage, 98 a gate could
 * not decide (its interval straddles the margin), 99 a threshold failed.
 */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description =
        "Compare two folders of raw files point by point (points matched by their identity):"
            + " throughput and p50/p99/p99.9 on each side with 95 %% intervals, the change in %%"
            + " with its interval, and whether a test finds it. Each raw file is one trial (fresh"
            + " JVMs; rpcx-bench sweep --trials N records N): the Hodges-Lehmann ratio with its"
            + " Mann-Whitney interval over trials, no test below 4 trials a side, Holm-Bonferroni"
            + " over the points.",
    footer = {
      "",
      "Thresholds (k6 form) apply to every matched point: NEW's throughput, p50,",
      "p99, p99.9 (latencies in ms, us or s; the median of NEW's trials) and the",
      "changes in percent delta.throughput, delta.p50, delta.p99, delta.p99.9,",
      "which are margins checked against the change's 95 %% interval: PASS when",
      "the whole interval is inside, FAIL when it is wholly beyond, INCONCLUSIVE",
      "(exit 98) when it straddles the margin or a side has too few trials:",
      "  throughput>10000  p99<5ms  delta.p99<10%%  delta.throughput>-5%%",
      "",
      "Example:",
      "  java -jar report/target/report.jar diff results/raw-main results/raw-branch \\",
      "    --threshold 'delta.p99<10%%' --json diff.json"
    })
public final class DiffCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASE", description = "The folder compared against.")
  Path base;

  @Parameters(index = "1", paramLabel = "NEW", description = "The folder compared.")
  Path next;

  @Option(
      names = "--across-profiles",
      description =
          "Match points whatever their network profile (BASE over one link, NEW over another:"
              + " the change is what the link does). Without it, points of two profiles never"
              + " match.")
  boolean acrossProfiles;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the result as JSON.")
  Path json;

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      description = "A condition on every matched point; repeatable.")
  List<String> thresholds = new ArrayList<>();

  @Option(
      names = "--calibration",
      paramLabel = "FILE",
      description =
          "This machine's calibration (rpcx-bench calibrate writes it): two folders recorded apart"
              + " are tested with its spread between invocations. Without it they get no verdict:"
              + " invocations cannot be told from the change.")
  Path calibration;

  /** The calibration named, read; a file that is none is bad input. */
  private io.rpcxbench.stats.Calibration calibration() throws IOException {
    return calibration == null ? null : DiffVerdict.calibration(calibration);
  }

  @Option(
      names = "--sequential",
      paramLabel = "PLANNED,MOST",
      description =
          "The rounds were looked at after PLANNED and after each round added while undecided, up"
              + " to MOST (compare's --max-rounds): every test is made at the one lower level that"
              + " keeps a false difference at 5 %% over all the looks.")
  String sequential;

  @picocli.CommandLine.Mixin
  io.rpcxbench.report.cli.AaLedgerOption aaLedger = new io.rpcxbench.report.cli.AaLedgerOption();

  /** --sequential's design; one look without it. */
  private Sequential design() {
    if (sequential == null) {
      return Sequential.fixed(1);
    }
    String[] f = sequential.split(",");
    try {
      if (f.length != 2) {
        throw new NumberFormatException();
      }
      return new Sequential(Integer.parseInt(f[0].trim()), Integer.parseInt(f[1].trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--sequential: '" + sequential + "' is not PLANNED,MOST (two counts, e.g. 6,10)");
    }
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      List<Threshold> parsed =
          thresholds.stream().map(t -> Threshold.parse(t, Threshold.DIFF)).toList();
      DiffVerdict v;
      try {
        v =
            DiffVerdict.of(
                new DiffVerdict.Request(
                    base, next, acrossProfiles, parsed, calibration(), design()));
      } catch (IOException e) {
        err.println("error: " + e.getMessage());
        return ExitCode.FAILED.code();
      }
      DiffReport d = v.report();
      if (json != null) {
        AtomicText.write(json, d.json());
      }
      v.print(out, err, json == null ? "" : json.toString());
      if (aaLedger.given()) {
        List<AaLedger.Entry> made = v.aaEntries(java.time.Instant.now(), "compare");
        aaLedger.add(made);
        err.println(
            "A/A: "
                + made.stream().filter(AaLedger.Entry::significant).count()
                + " of "
                + made.size()
                + " verdicts differed; added to "
                + aaLedger.file());
      }
      return v.exitCode().code();
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      out.flush();
      err.flush();
    }
  }
}
