package io.rpcxbench.runner.choose;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code choose} has found so far, in its folder: {@code capacity.tsv}, one row per round and
 * candidate (the report's input, and what a rerun on the same folder resumes from), rewritten whole
 * and atomically (a temp file moved over the old one), so a killed run leaves the last complete
 * version. The workload and settings are {@link io.rpcxbench.raw.ChooseFacts}'.
 *
 * <pre>{@code
 * ChooseLedger ledger = ChooseLedger.open(out);
 * ledger.add(new ChooseLedger.Row(1, "rpcx", 20480, 21299, 9, "server", ""));
 * ledger.find(1, "rpcx");   // resumes: that search is not run again
 * }</pre>
 */
final class ChooseLedger {
  static final String CAPACITY = "capacity.tsv";
  static final String HEADER = "round\tprotocol\tcapacity\tfailed_at\tprobes\tlimited_by\tnote";

  /**
   * One search: {@code capacity} the highest rate met (0: none), {@code failedAt} the lowest
   * failure above it (0: none found up to the ceiling, written empty).
   */
  record Row(
      int round,
      String candidate,
      int capacity,
      int failedAt,
      int probes,
      String limitedBy,
      String note) {
    String tsv() {
      return String.join(
          "\t",
          String.valueOf(round),
          candidate,
          String.valueOf(capacity),
          failedAt == 0 ? "" : String.valueOf(failedAt),
          String.valueOf(probes),
          clean(limitedBy),
          clean(note));
    }

    static Row parse(String line) {
      String[] f = line.split("\t", -1);
      if (f.length < 7) {
        throw new IllegalArgumentException("a capacity.tsv row has 7 fields: " + line);
      }
      return new Row(
          Integer.parseInt(f[0]),
          f[1],
          Integer.parseInt(f[2]),
          f[3].isEmpty() ? 0 : Integer.parseInt(f[3]),
          Integer.parseInt(f[4]),
          f[5],
          f[6]);
    }

    private static String clean(String s) {
      return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ');
    }
  }

  private final Path dir;
  private final List<Row> rows = new ArrayList<>();

  private ChooseLedger(Path dir) {
    this.dir = dir;
  }

  /** The ledger of {@code dir}, with the rows a previous run left. */
  static ChooseLedger open(Path dir) throws IOException {
    ChooseLedger ledger = new ChooseLedger(dir);
    Path file = dir.resolve(CAPACITY);
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank() && !line.startsWith("round\t")) {
          ledger.rows.add(Row.parse(line));
        }
      }
    }
    return ledger;
  }

  List<Row> rows() {
    return List.copyOf(rows);
  }

  Optional<Row> find(int round, String candidate) {
    return rows.stream()
        .filter(r -> r.round() == round && r.candidate().equals(candidate))
        .findFirst();
  }

  /** The candidate's capacities over the rounds so far, in round order. */
  List<Integer> capacities(String candidate) {
    return rows.stream()
        .filter(r -> r.candidate().equals(candidate))
        .sorted(java.util.Comparator.comparingInt(Row::round))
        .map(Row::capacity)
        .toList();
  }

  void add(Row row) throws IOException {
    rows.removeIf(r -> r.round() == row.round() && r.candidate().equals(row.candidate()));
    rows.add(row);
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    rows.stream()
        .sorted(java.util.Comparator.comparingInt(Row::round))
        .forEach(r -> b.append(r.tsv()).append('\n'));
    write(dir.resolve(CAPACITY), b.toString());
  }

  /** The settings a previous run wrote, name to value, or none (for tests and tools). */
  static Map<String, String> readSettings(Path dir) throws IOException {
    return io.rpcxbench.raw.ChooseFacts.readOrEmpty(dir).asMap();
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
