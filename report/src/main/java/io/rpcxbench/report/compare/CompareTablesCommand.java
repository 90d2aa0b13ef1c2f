package io.rpcxbench.report.compare;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
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
      if (warmupRuns < 0 || serverCores < 1) {
        err.println("error: --warmup-runs must be 0 or more, --server-cores 1 or more");
        return ExitCode.USAGE.code();
      }
      List<CompareTarget> goals = targets == null ? List.of() : CompareTarget.read(targets);
      Path raw = dir.resolve("raw");
      if (!Files.isDirectory(raw)) {
        err.println("error: " + raw + " is not a folder (compare.sh's --out has one)");
        return ExitCode.FAILED.code();
      }
      Map<String, Map<String, CompareCell>> cells = read(raw, steal());
      if (cells.isEmpty()) {
        err.println("error: no point in " + raw);
        return ExitCode.FAILED.code();
      }
      out.print(new CompareTables(cells, serverCores, placement, reference).markdown(goals));
      return ExitCode.OK.code();
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

  /** {@code raw/<point>/round<k>/<variant>/}: the cells by point and variant. */
  private Map<String, Map<String, CompareCell>> read(Path raw, Map<String, Double> steal)
      throws IOException {
    Map<String, Map<String, CompareCell>> cells = new LinkedHashMap<>();
    for (String point : children(raw)) {
      if (!point.matches("(closed|inflight)-[1-9][0-9]*")) {
        continue;
      }
      Map<String, List<CompareRound>> byVariant = new LinkedHashMap<>();
      for (String round : children(raw.resolve(point))) {
        if (!round.matches("round[1-9][0-9]*")) {
          continue;
        }
        int k = Integer.parseInt(round.substring(5));
        for (String v : children(raw.resolve(point).resolve(round))) {
          byVariant
              .computeIfAbsent(v, x -> new ArrayList<>())
              .add(
                  CompareRound.read(
                      raw.resolve(point).resolve(round).resolve(v),
                      point,
                      v,
                      k,
                      warmupRuns,
                      steal.get(point + "\t" + v + "\t" + k)));
        }
      }
      List<String> order =
          variants.isEmpty() ? new ArrayList<>(new TreeSet<>(byVariant.keySet())) : variants;
      Map<String, CompareCell> row = new LinkedHashMap<>();
      for (String v : order) {
        List<CompareRound> rounds = byVariant.getOrDefault(v, List.of());
        rounds.sort((a, b) -> Integer.compare(a.round(), b.round()));
        row.put(v, CompareCell.of(v, rounds));
      }
      cells.put(point, row);
    }
    return cells;
  }

  /** {@code steal.tsv}: point, variant, round, steal % (or nan) of the kept attempt. */
  private Map<String, Double> steal() throws IOException {
    Map<String, Double> m = new HashMap<>();
    Path file = dir.resolve("steal.tsv");
    if (!Files.exists(file)) {
      return m;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] f = line.split("\t");
      if (f.length >= 4 && !f[3].equals("nan")) {
        try {
          m.put(f[0] + "\t" + f[1] + "\t" + f[2], Double.parseDouble(f[3]));
        } catch (NumberFormatException e) {
          // a line compare.sh did not write: no steal known
        }
      }
    }
    return m;
  }

  private static List<String> children(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
