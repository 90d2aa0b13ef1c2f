package io.rpcxbench.harness.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What {@code choose} has found so far, in its folder: {@code capacity.tsv}, one row per round and
 * candidate (the report's input, and what a rerun on the same folder resumes from), and {@code
 * choose.properties}, the workload and settings. Both rewritten whole and atomically (a temp file
 * moved over the old one), so a killed run leaves the last complete version.
 *
 * <pre>{@code
 * ChooseLedger ledger = ChooseLedger.open(out);
 * ledger.add(new ChooseLedger.Row(1, "rpcx", 20480, 21299, 9, "server", ""));
 * ledger.find(1, "rpcx");   // resumes: that search is not run again
 * }</pre>
 */
final class ChooseLedger {
  static final String CAPACITY = "capacity.tsv";
  static final String SETTINGS = "choose.properties";
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

  /** Writes {@code choose.properties}: {@code settings} sorted by key, no date comment. */
  void settings(Map<String, String> settings) throws IOException {
    StringBuilder b = new StringBuilder("# rpcx-bench choose: the workload and its settings\n");
    new TreeMap<>(settings)
        .forEach(
            (k, v) -> b.append(escape(k, true)).append('=').append(escape(v, false)).append('\n'));
    write(dir.resolve(SETTINGS), b.toString());
  }

  /** The settings a previous run wrote, or none. */
  static Map<String, String> readSettings(Path dir) throws IOException {
    Path file = dir.resolve(SETTINGS);
    Map<String, String> m = new TreeMap<>();
    if (Files.exists(file)) {
      Properties p = new Properties();
      try (var r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(r);
      }
      p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
    }
    return m;
  }

  /** A properties value or key as {@link Properties#load} reads it back. */
  private static String escape(String s, boolean key) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '=', ':', ' ', '#', '!' -> b.append(key ? "\\" + c : String.valueOf(c));
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
