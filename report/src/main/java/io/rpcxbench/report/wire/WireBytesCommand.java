package io.rpcxbench.report.wire;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wire-bytes OUT --protocols LIST --n1 N --n2 N}: bench/wire-bytes.sh's table from the
 * loopback counters it copied, so that the script drives the namespaces and this computes (see
 * {@link WireCost}, {@link WireTable}).
 *
 * <pre>
 * java -jar report.jar wire-bytes results/wire-bytes/x --protocols rpcx,grpc,bare \
 *     --n1 1000 --n2 6000 > results/wire-bytes/x/wire.md
 * </pre>
 */
@Command(
    name = "wire-bytes",
    mixinStandardHelpOptions = true,
    description =
        "Print bench/wire-bytes.sh's table from the loopback counters in OUT/counters/PROTOCOL/nN/"
            + "{before,after}: bytes, packets and TCP payload per call, connections opened, each "
            + "framework's rank by bytes (the floor not ranked), the subject's rank and its "
            + "distance from the floor.")
public final class WireBytesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "OUT", description = "wire-bytes.sh's result folder.")
  Path out;

  @Option(
      names = "--protocols",
      required = true,
      split = ",",
      paramLabel = "LIST",
      description = "The protocol ids measured, in the table's order.")
  List<String> protocols;

  @Option(names = "--n1", required = true, paramLabel = "N", description = "The short run's calls.")
  long n1;

  @Option(names = "--n2", required = true, paramLabel = "N", description = "The long run's calls.")
  long n2;

  @Option(
      names = "--floor",
      defaultValue = "bare",
      paramLabel = "ID",
      description = "The baseline, not ranked (default: ${DEFAULT-VALUE}).")
  String floor;

  @Option(
      names = "--subject",
      defaultValue = "rpcx",
      paramLabel = "ID",
      description = "The protocol whose rank is judged (default: ${DEFAULT-VALUE}).")
  String subject;

  @Option(
      names = "--header-bytes",
      defaultValue = "52",
      paramLabel = "B",
      description =
          "Header bytes a packet as lo counts it: IPv4 20 + TCP 20 + timestamps 12"
              + " (default: ${DEFAULT-VALUE}).")
  int headerBytes;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (n1 < 1 || n2 <= n1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--n2 (" + n2 + ") must be larger than --n1 (" + n1 + "), both > 0");
    }
    List<WireCost> costs = new ArrayList<>();
    try {
      for (String p : protocols) {
        if (!Files.isDirectory(WireCost.counters(out, p))) {
          err.println("wire-bytes: " + p + ": no counters in " + out + " (not measured)");
          continue;
        }
        WireCost c = WireCost.read(out, p, n1, n2, headerBytes);
        if (!c.rxMatchesTx()) {
          err.println("note: " + p + " rx != tx on lo");
        }
        costs.add(c);
      }
    } catch (NoSuchFileException e) {
      err.println("error: wire-bytes " + out + ": missing " + e.getMessage());
      return ExitCode.FAILED.code();
    } catch (IOException | RuntimeException e) {
      err.println("error: wire-bytes " + out + ": " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    if (costs.isEmpty()) {
      err.println("error: wire-bytes " + out + ": no protocol has counters");
      return ExitCode.FAILED.code();
    }
    new WireTable(costs, floor, subject).lines().forEach(stdout::println);
    stdout.flush();
    return ExitCode.OK.code();
  }
}
