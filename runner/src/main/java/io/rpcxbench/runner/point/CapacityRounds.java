package io.rpcxbench.runner.point;

import io.rpcxbench.stats.Detectable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code choose}'s capacities over its rounds on this machine, beside its calibration: how
 * much a candidate's capacity moves from round to round here, which tells before the next {@code
 * choose} runs how small a capacity difference its rounds detect. The calibration measures a closed
 * loop's throughput and latency, not a capacity under an SLO: this is the capacity's own spread.
 * One row per candidate of a choose (ended, workload, candidate, its capacities in round order),
 * the newest {@value #KEEP} kept, the file rewritten whole and moved into place.
 *
 * <pre>{@code
 * CapacityRounds rounds = MachineCalibration.here().capacityRounds();
 * rounds.add(Instant.now(), "echo 64 B", Map.of("rpcx", List.of(80000, 76000, 84000)));
 * rounds.spread("echo 64 B").get().detectable().percent(5);   // capacity detectable at 5 rounds
 * }</pre>
 */
public record CapacityRounds(Path file) {
  static final String HEADER = "ended\tworkload\tcandidate\tcapacities";

  /** The newest rows kept: older chooses say less about the machine as it is now. */
  static final int KEEP = 200;

  /**
   * What the kept rounds say: their pooled spread, from how many candidates' rounds in how many
   * chooses, and of which workload (null: of every workload, none of this one's being kept).
   */
  public record Spread(Detectable detectable, int candidates, int chooses, String workload) {}

  private record Row(String ended, String workload, String candidate, List<Double> capacities) {
    String tsv() {
      return String.join(
          "\t",
          ended,
          workload,
          candidate,
          String.join(",", capacities.stream().map(c -> String.valueOf(c.longValue())).toList()));
    }

    static Optional<Row> parse(String line) {
      String[] f = line.split("\t", -1);
      if (f.length != 4) {
        return Optional.empty();
      }
      try {
        List<Double> c = new ArrayList<>();
        for (String v : f[3].split(",")) {
          c.add(Double.parseDouble(v));
        }
        return Optional.of(new Row(f[0], f[1], f[2], c));
      } catch (NumberFormatException e) {
        return Optional.empty(); // a row cut short: skipped
      }
    }
  }

  /**
   * Adds one choose's candidates: each with two rounds or more that met the SLO in every round (a
   * round at 0 is no capacity to spread around).
   */
  public void add(Instant ended, String workload, Map<String, List<Integer>> capacities)
      throws IOException {
    List<Row> rows = rows();
    capacities.forEach(
        (candidate, c) -> {
          if (c.size() >= 2 && c.stream().allMatch(x -> x > 0)) {
            rows.add(
                new Row(
                    ended.toString(),
                    clean(workload),
                    clean(candidate),
                    c.stream().map(Integer::doubleValue).toList()));
          }
        });
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    rows.subList(Math.max(0, rows.size() - KEEP), rows.size()).forEach(r -> lines.add(r.tsv()));
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, lines, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * The pooled spread of the kept rounds of {@code workload}'s chooses, or of every choose's when
   * none of its is kept; empty when no choose is.
   */
  public Optional<Spread> spread(String workload) {
    List<Row> all = rows();
    List<Row> same = all.stream().filter(r -> r.workload().equals(clean(workload))).toList();
    List<Row> used = same.isEmpty() ? all : same;
    return Detectable.pooled(used.stream().map(Row::capacities).toList())
        .map(
            d ->
                new Spread(
                    d,
                    used.size(),
                    (int) used.stream().map(Row::ended).distinct().count(),
                    same.isEmpty() ? null : workload));
  }

  private List<Row> rows() {
    List<Row> rows = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return rows;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.equals(HEADER)) {
          Row.parse(line).ifPresent(rows::add);
        }
      }
    } catch (IOException e) {
      return new ArrayList<>(); // unreadable: as if none were kept
    }
    return rows;
  }

  private static String clean(String s) {
    return s.replace('\t', ' ').replace('\n', ' ');
  }
}
