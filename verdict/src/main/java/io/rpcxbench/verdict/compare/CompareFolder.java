package io.rpcxbench.verdict.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A side-by-side comparison's folder ({@code rpcx-bench compare}'s {@code --out}: {@code
 * raw/<point>/round<k>/<variant>/} holds each harness JVM's raw file, {@code steal.tsv} the CPU
 * time the hypervisor stole meanwhile) read into its {@link CompareTables}.
 *
 * <pre>{@code
 * CompareTables t = CompareFolder.tables(dir, 1, List.of("rpcx", "grpc"), 1, "", "rpcx");
 * String md = t.markdown(List.of());
 * }</pre>
 */
public final class CompareFolder {
  private CompareFolder() {}

  /** A folder without the raw files of any point: nothing to tabulate. */
  public static final class NothingHere extends Exception {
    NothingHere(String message) {
      super(message);
    }
  }

  /**
   * The tables of {@code dir}: the first {@code warmupRuns} runs of each harness JVM left out,
   * {@code variants} in table order (empty: every one found, sorted), the servers' cores and
   * placement for the server-side note, the variant server CPU per call is compared with.
   */
  public static CompareTables tables(
      Path dir,
      int warmupRuns,
      List<String> variants,
      int serverCores,
      String placement,
      String reference)
      throws IOException, NothingHere {
    if (warmupRuns < 0 || serverCores < 1) {
      throw new IllegalArgumentException(
          "--warmup-runs must be 0 or more, --server-cores 1 or more");
    }
    Path raw = dir.resolve("raw");
    if (!Files.isDirectory(raw)) {
      throw new NothingHere(raw + " is not a folder (compare's --out has one)");
    }
    Map<String, Map<String, CompareCell>> cells =
        read(raw, StealTable.read(dir), warmupRuns, variants);
    if (cells.isEmpty()) {
      throw new NothingHere("no point in " + raw);
    }
    return new CompareTables(cells, serverCores, placement, reference);
  }

  /** {@code raw/<point>/round<k>/<variant>/}: the cells by point and variant. */
  private static Map<String, Map<String, CompareCell>> read(
      Path raw, StealTable steal, int warmupRuns, List<String> variants) throws IOException {
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
                      steal.percent(point, v, k)));
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

  private static List<String> children(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
