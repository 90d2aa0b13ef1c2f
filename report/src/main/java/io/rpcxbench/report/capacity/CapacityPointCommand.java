package io.rpcxbench.report.capacity;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code capacity-point DIR --exit N --relative-to OUT | --header}: the {@code points.tsv} line of
 * one bench/capacity.sh point, so that the script copies the OS's counters and this computes (see
 * {@link CapacityPoint}).
 *
 * <pre>
 * java -jar report.jar capacity-point --header > points.tsv
 * java -jar report.jar capacity-point results/capacity/x/grpc/q0.2-n64 --exit 0 \
 *     --relative-to results/capacity/x >> points.tsv
 * </pre>
 */
@Command(
    name = "capacity-point",
    mixinStandardHelpOptions = true,
    description =
        "Print the points.tsv line of one bench/capacity.sh point: calls/s, server cores and calls "
            + "per server core of its kept runs (order 0 dropped), the quota cgroup's CPU and "
            + "throttling between the before/ and after/ snapshots in DIR, and the box's load and CPU "
            + "pressure; or, with --header, the file's header.")
public final class CapacityPointCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..1",
      paramLabel = "DIR",
      description = "The point's folder: the harness's --out, with before/ and after/ beside.")
  Path folder;

  @Option(names = "--header", description = "Print points.tsv's header line instead.")
  boolean header;

  @Option(
      names = "--exit",
      paramLabel = "N",
      description =
          "The harness's exit code, for the line's exit column (default: ${DEFAULT-VALUE}).")
  int harnessExit;

  @Option(
      names = "--relative-to",
      paramLabel = "OUT",
      description = "Name the result file relative to this folder (default: DIR).")
  Path root;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (header == (folder != null)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give either DIR or --header");
    }
    try {
      out.println(
          header
              ? String.join("\t", CapacityPoint.COLUMNS)
              : CapacityPoint.read(folder, harnessExit, root == null ? folder : root).tsvLine());
      return ExitCode.OK.code();
    } catch (IOException | RuntimeException e) {
      err.println("error: capacity-point " + folder + ": " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      out.flush();
      err.flush();
    }
  }
}
