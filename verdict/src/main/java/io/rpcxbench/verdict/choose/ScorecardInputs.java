package io.rpcxbench.verdict.choose;

import io.rpcxbench.verdict.compare.CompareRound;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a {@code rpcx-bench choose} folder holds for its scorecard: each candidate's capacity rounds
 * ({@code capacity.tsv}) and raw files at the shared load ({@code shared/round<k>/<candidate>/}),
 * and the machine's calibration the choose copied in.
 */
public final class ScorecardInputs {
  private ScorecardInputs() {}

  /** The machine's calibration the choose copied into its folder; null without one. */
  public static io.rpcxbench.stats.Calibration calibration(Path dir) throws IOException {
    Path f = dir.resolve("calibration.properties");
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try (java.io.Reader r = Files.newBufferedReader(f)) {
      return io.rpcxbench.stats.Calibration.read(r);
    } catch (IllegalArgumentException e) {
      throw new IOException(f + ": " + e.getMessage(), e);
    }
  }

  /** Each candidate's capacity rounds and its raw files at the shared load, in the given order. */
  public static List<ChooseCandidate> candidates(Path dir, ChooseRecord settings)
      throws IOException {
    Map<String, List<CapacityRound>> capacity = CapacityRound.read(dir.resolve(CapacityRound.FILE));
    Path shared = dir.resolve("shared");
    List<Integer> rounds = rounds(shared);
    List<ChooseCandidate> out = new ArrayList<>();
    for (String name : settings.candidates()) {
      List<CompareRound> files = new ArrayList<>();
      for (int k : rounds) {
        files.add(
            CompareRound.read(
                shared.resolve("round" + k).resolve(name), "shared", name, k, 1, null));
      }
      out.add(ChooseCandidate.of(name, capacity.getOrDefault(name, List.of()), files));
    }
    return out;
  }

  private static List<Integer> rounds(Path shared) throws IOException {
    if (!Files.isDirectory(shared)) {
      return List.of();
    }
    TreeSet<Integer> rounds = new TreeSet<>();
    try (Stream<Path> s = Files.list(shared)) {
      s.map(p -> p.getFileName().toString())
          .filter(n -> n.matches("round[1-9][0-9]{0,5}"))
          .forEach(n -> rounds.add(Integer.parseInt(n.substring(5))));
    }
    return List.copyOf(rounds);
  }
}
