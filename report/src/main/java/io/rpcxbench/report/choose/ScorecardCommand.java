package io.rpcxbench.report.choose;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.report.cli.OutFileConverter;
import io.rpcxbench.report.cli.ReportOutConverter;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.choose.ChooseCandidate;
import io.rpcxbench.verdict.choose.ChooseRecord;
import io.rpcxbench.verdict.choose.ChooseVerdict;
import io.rpcxbench.verdict.choose.ChooseWorkload;
import io.rpcxbench.verdict.choose.ClosestApproach;
import io.rpcxbench.verdict.choose.ProbeRows;
import io.rpcxbench.verdict.choose.Scorecard;
import io.rpcxbench.verdict.choose.ScorecardInputs;
import io.rpcxbench.verdict.choose.ScorecardJson;
import io.rpcxbench.verdict.page.Page;
import io.rpcxbench.verdict.significance.PairTest;
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
      List<Threshold> given = parse(thresholds);
      ChooseRecord settings;
      List<ChooseCandidate> candidates;
      try {
        settings = ChooseRecord.read(dir);
        candidates = ScorecardInputs.candidates(dir, settings);
      } catch (IOException | IllegalArgumentException e) {
        err.println("error: " + e.getMessage());
        return ExitCode.FAILED.code();
      }
      List<Threshold> all = new ArrayList<>(parse(settings.thresholds()));
      all.addAll(given);
      Scorecard s =
          Scorecard.of(
              settings, candidates, all, ScorecardInputs.calibration(dir), ProbeRows.rows(dir));
      ChooseWorkload workload = ChooseWorkload.read(dir, settings);
      Page page = ScorecardPage.of(s, workload);
      Path to = out == null ? dir.resolve("report") : out;
      String json = ScorecardJson.of(s, workload);
      AtomicText.write(to.resolve("scorecard.md"), page.markdown());
      AtomicText.write(to.resolve("scorecard.html"), page.html());
      AtomicText.write(to.resolve("scorecard.json"), json);
      if (summary != null) {
        AtomicText.write(summary, json);
      }
      if (aaLedger.given()) {
        List<AaLedger.Entry> made = new ArrayList<>();
        for (PairTest t : Scorecard.aa(s.capacityPairs())) {
          if (t.tested()) {
            made.add(
                new AaLedger.Entry(
                    java.time.Instant.now(),
                    AaLedger.invocationOf("choose", dir) + "-" + t.b().replace('#', '-'),
                    "choose",
                    AaLedger.Design.INTERLEAVED,
                    "capacity",
                    t.significant()));
          }
        }
        aaLedger.add(made);
      }
      stdout.println(ChooseVerdict.of(s).text());
      stdout.println();
      stdout.print((s.noneMet() ? ClosestApproach.table(s) : ScorecardPage.table(s)).markdown());
      if (!s.checks().isEmpty()) {
        stdout.println();
        s.checks().forEach(c -> stdout.println(c.line()));
      }
      err.println("scorecard: " + to.resolve("scorecard.md") + " (.html, .json)");
      err.flush();
      stdout.println(ChooseVerdict.of(s).closing(to.resolve("scorecard.html")).text());
      return s.passed() ? ExitCode.OK.code() : ExitCode.GATE_FAILED.code();
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

  private static List<Threshold> parse(List<String> texts) {
    return texts.stream().map(t -> Threshold.parse(t, Threshold.CHOOSE)).toList();
  }
}
