package io.rpcxbench.runner.choose;

import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.runner.choose.CapacitySearch.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every probe {@code choose} ran, in its folder's {@code probes.tsv}: one row per probe (a repeat
 * and a probe that gave no data included), so that the report can fit the chance of meeting the SLO
 * at a rate over all of them: a probe that missed by a hair and one that missed badly are both
 * kept, which the capacities alone are not. Rewritten whole and atomically after every probe, so a
 * killed run leaves the probes that ended.
 *
 * <pre>{@code
 * ProbeLedger probes = ProbeLedger.open(out);
 * probes.add(new ProbeLedger.Probe("rpcx", 1, 2000, Outcome.MET, 1830.0, 0, 0.0, false, "",
 *     started, finished, "probes/round1/rpcx/rate2000-d5s.csv"));
 * ProbeLedger.read(out.resolve(ProbeLedger.FILE));   // the rows, as written
 * }</pre>
 */
final class ProbeLedger {
  static final String FILE = "probes.tsv";
  static final String HEADER =
      "candidate\tround\trate\toutcome\tpercentile_us\terrors\tdrop_share\tcontended\tlimited_by"
          + "\tstarted\tfinished\tfile";
  private static final int FIELDS = 12;

  /**
   * One probe: {@code percentileMicros} the SLO percentile's value (null: none measured), {@code
   * dropShare} the share of planned calls dropped (null: unknown), {@code file} relative to the
   * folder (empty: the harness wrote none).
   */
  record Probe(
      String candidate,
      int round,
      int rate,
      Outcome outcome,
      Double percentileMicros,
      long errors,
      Double dropShare,
      boolean contended,
      String limitedBy,
      Instant started,
      Instant finished,
      String file) {
    String tsv() {
      return String.join(
          "\t",
          clean(candidate),
          String.valueOf(round),
          String.valueOf(rate),
          outcome.id(),
          percentileMicros == null ? "" : String.format(Locale.ROOT, "%.1f", percentileMicros),
          String.valueOf(errors),
          dropShare == null ? "" : String.format(Locale.ROOT, "%.6f", dropShare),
          contended ? "1" : "0",
          clean(limitedBy),
          started.toString(),
          finished.toString(),
          clean(file));
    }

    static Probe parse(String line) {
      String[] f = line.split("\t", -1);
      if (f.length < FIELDS) {
        throw new IllegalArgumentException("a probes.tsv row has " + FIELDS + " fields: " + line);
      }
      return new Probe(
          f[0],
          Integer.parseInt(f[1]),
          Integer.parseInt(f[2]),
          Outcome.ofId(f[3]),
          f[4].isEmpty() ? null : Double.valueOf(f[4]),
          Long.parseLong(f[5]),
          f[6].isEmpty() ? null : Double.valueOf(f[6]),
          f[7].equals("1"),
          f[8],
          Instant.parse(f[9]),
          Instant.parse(f[10]),
          f[11]);
    }

    private static String clean(String s) {
      return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ');
    }
  }

  private final Path file;
  private final List<Probe> rows;

  private ProbeLedger(Path file, List<Probe> rows) {
    this.file = file;
    this.rows = new ArrayList<>(rows);
  }

  /** The ledger of {@code dir}, with the probes a previous run left. */
  static ProbeLedger open(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    return new ProbeLedger(file, Files.exists(file) ? read(file) : List.of());
  }

  /**
   * The probes of a {@code probes.tsv}, in the order they ran.
   *
   * @throws IOException when it cannot be read
   * @throws IllegalArgumentException naming {@code file:line} when a row is malformed
   */
  static List<Probe> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<Probe> probes = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("candidate\t")) {
        continue;
      }
      try {
        probes.add(Probe.parse(line));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return probes;
  }

  List<Probe> rows() {
    return List.copyOf(rows);
  }

  /** Adds {@code probe} and rewrites the file. */
  void add(Probe probe) throws IOException {
    rows.add(probe);
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    rows.forEach(r -> b.append(r.tsv()).append('\n'));
    AtomicText.write(file, b.toString());
  }
}
