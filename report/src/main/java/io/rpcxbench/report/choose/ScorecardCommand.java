package io.rpcxbench.report.choose;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.report.cli.OutFileConverter;
import io.rpcxbench.report.cli.ReportOutConverter;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.choose.ScorecardVerdict;
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
 * {@code choose DIR}: the scorecard of a {@code rpcx-bench choose} folder ({@code
 * choose.properties}, {@code capacity.tsv}, {@code shared/round<k>/<candidate>/*.csv}): which
 * protocol for this workload, and how sure. Writes {@code scorecard.md}, {@code scorecard.html} and
 * {@code scorecard.json} atomically and prints the verdict and the ranked table.
 *
 * <pre>
 * java -jar report.jar choose results/choose/20261123T160000Z --threshold 'p99&lt;=5ms'
 * </pre>
 *
 * Exit codes: 0 ok, 1 an unreadable folder, 2 bad usage (a threshold it cannot parse), 99 a
 * threshold failed (k6's code).
 */
@Command(
    name = "choose",
    mixinStandardHelpOptions = true,
    description =
        "Write the scorecard of an rpcx-bench choose folder: SLO capacity per candidate with its"
            + " interval over rounds, latency, CPU and memory at the shared load, a ranking whose"
            + " ties are differences no test finds, and a verdict in words.",
    footer = {
      "",
      "Thresholds (k6 form) apply to the winner (rank 1; tied: the first listed):",
      "  capacity>20000  p99<=5ms  p99.9<20ms  p50<800us  errors==0  drops<1%%",
      "Latencies take ms, us or s (a plain number is ms).",
      "",
      "Example:",
      "  java -jar report/target/report.jar choose results/choose/20261123T160000Z \\",
      "    --threshold 'p99<=5ms' --summary-export summary.json"
    })
public final class ScorecardCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "rpcx-bench choose's folder.")
  Path dir;

  @Option(
      names = "--out",
      converter = ReportOutConverter.class,
      paramLabel = "DIR",
      description = "Where the scorecard goes (default: DIR/report).")
  Path out;

  @Option(
      names = "--summary-export",
      converter = OutFileConverter.class,
      paramLabel = "FILE",
      description = "Also write scorecard.json here.")
  Path summary;

  @Option(
      names = "--threshold",
      paramLabel = "EXPR",
      description = "A condition on the winner, beside choose.properties' threshold.N; repeatable.")
  List<String> thresholds = new ArrayList<>();

  @picocli.CommandLine.Mixin
  io.rpcxbench.report.cli.AaLedgerOption aaLedger = new io.rpcxbench.report.cli.AaLedgerOption();

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      List<Threshold> given =
          thresholds.stream().map(t -> Threshold.parse(t, Threshold.CHOOSE)).toList();
      ScorecardVerdict v;
      try {
        v = ScorecardVerdict.of(dir, given);
      } catch (IOException e) {
        err.println("error: " + e.getMessage());
        return ExitCode.FAILED.code();
      }
      Path to = out == null ? dir.resolve("report") : out;
      v.write(to, summary);
      aaLedger.add(aaLedger.given() ? v.aaEntries(java.time.Instant.now()) : List.of());
      List<String> lines = v.lines(to);
      lines.subList(0, lines.size() - 1).forEach(stdout::println);
      stdout.flush();
      err.println(ScorecardVerdict.where(to));
      err.flush();
      stdout.println(lines.get(lines.size() - 1));
      return v.exitCode().code();
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      stdout.flush();
      err.flush();
    }
  }
}
