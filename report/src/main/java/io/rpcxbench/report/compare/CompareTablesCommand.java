package io.rpcxbench.report.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.verdict.compare.CompareFolder;
import io.rpcxbench.verdict.compare.CompareTables;
import io.rpcxbench.verdict.compare.CompareTarget;
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
 * {@code compare DIR}: the tables of a side-by-side run of {@code bench/compare.sh} (its {@code
 * --out}: {@code raw/<point>/round<k>/<variant>/} holds each harness JVM's raw file, {@code
 * steal.tsv} the CPU time the hypervisor stole meanwhile), every figure from {@link Estimate}.
 *
 * <pre>
 * java -jar report.jar compare results/compare/20261123T120000Z --warmup-runs 1 --server-cores 1
 * java -jar report.jar compare DIR --targets bench/compare-targets.tsv   # the project's own goals
 * </pre>
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Print the tables of a bench/compare.sh folder as Markdown: closed loop, in flight, the"
            + " server side; every figure with its estimator in the header and a 95 %% interval"
            + " where there are rounds or runs to give one.",
    footer = {
      "",
      "Example:",
      "  java -jar report/target/report.jar compare results/compare/20261123T120000Z \\",
      "    --variants rpcx,grpc-tuned --warmup-runs 1 --server-cores 1"
    })
public final class CompareTablesCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "compare.sh's result folder.")
  Path dir;

  @Option(
      names = "--warmup-runs",
      defaultValue = "1",
      description = "First runs (orders) of each harness JVM left out (default: ${DEFAULT-VALUE}).")
  int warmupRuns;

  @Option(
      names = "--variants",
      split = ",",
      paramLabel = "ID[,ID...]",
      description = "The variants, in table order (default: every one found, sorted).")
  List<String> variants = new ArrayList<>();

  @Option(
      names = "--server-cores",
      defaultValue = "1",
      description =
          "Cores the servers could use, for the capacity estimate (default: ${DEFAULT-VALUE}).")
  int serverCores;

  @Option(
      names = "--placement",
      defaultValue = "",
      description = "Where client and servers ran, for the server-side note (e.g. taskset CPUs).")
  String placement;

  @Option(
      names = "--reference",
      defaultValue = "rpcx",
      description = "Variant the server CPU per call is compared with (default: ${DEFAULT-VALUE}).")
  String reference;

  @Option(
      names = "--targets",
      paramLabel = "FILE",
      description =
          "Goals to check (bench/compare-targets.tsv: the project's own); none: no targets table.")
  Path targets;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      List<CompareTarget> goals = targets == null ? List.of() : CompareTarget.read(targets);
      CompareTables tables =
          CompareFolder.tables(dir, warmupRuns, variants, serverCores, placement, reference);
      out.print(tables.markdown(goals));
      return ExitCode.OK.code();
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    } catch (IOException | CompareFolder.NothingHere e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      out.flush();
      err.flush();
    }
  }
}
