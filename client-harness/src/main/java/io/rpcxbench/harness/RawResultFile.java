package io.rpcxbench.harness;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The raw result file of one point (docs/raw-format.md): {@code # key: value} provenance, a CSV
 * header, one row per run. Written atomically: a temp file in the same folder, then a rename.
 */
final class RawResultFile {
  static final String MAGIC = "# rpcx-bench raw result v1";
  static final String HEADER =
      "type,threadNum,requestNum,order,timeTotal,tps,calls,errors,throughput,"
          + "p50_us,p90_us,p99_us,p999_us,max_us";

  private RawResultFile() {}

  /** Writes {@code file} atomically; provenance values are flattened to one line each. */
  static void write(Path file, Map<String, String> provenance, List<Row> rows) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
    try {
      try (BufferedWriter w = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
        w.write(MAGIC);
        w.newLine();
        for (Map.Entry<String, String> e : provenance.entrySet()) {
          w.write("# " + e.getKey() + ": " + e.getValue().replaceAll("[\\r\\n]+", " "));
          w.newLine();
        }
        w.write(HEADER);
        w.newLine();
        for (Row row : rows) {
          w.write(row.toCsv());
          w.newLine();
        }
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Reads a file written by {@link #write} (or by sweep.sh for a failed point). */
  static Contents read(Path file) throws IOException {
    Map<String, String> provenance = new LinkedHashMap<>();
    List<Row> rows = new ArrayList<>();
    boolean header = false;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith("#")) {
        int colon = line.indexOf(": ");
        if (colon > 0) {
          provenance.put(line.substring(1, colon).trim(), line.substring(colon + 2));
        }
      } else if (!header) {
        if (!line.equals(HEADER)) {
          throw new IOException(file + ": unexpected header row: " + line);
        }
        header = true;
      } else if (!line.isBlank()) {
        rows.add(Row.parse(line));
      }
    }
    return new Contents(provenance, rows);
  }

  /** A file's provenance and rows. */
  record Contents(Map<String, String> provenance, List<Row> rows) {}

  /** One run as a CSV row. */
  record Row(
      int type, int threadNum, int requestNum, int order, double timeTotal, double tps,
      long calls, long errors, double throughput, double p50Us, double p90Us, double p99Us,
      double p999Us, double maxUs) {

    static Row of(Protocol protocol, RunConfig config, RunResult r) {
      return new Row(
          protocol.type(), config.threads(), config.requests(), r.order(), r.timeTotalMs(),
          r.tps(config.requests()), r.calls(), r.errors(), r.throughput(), r.p50Us(), r.p90Us(),
          r.p99Us(), r.p999Us(), r.maxUs());
    }

    String toCsv() {
      return String.format(
          Locale.ROOT,
          "%d,%d,%d,%d,%.3f,%.3f,%d,%d,%.3f,%.1f,%.1f,%.1f,%.1f,%.1f",
          type, threadNum, requestNum, order, timeTotal, tps, calls, errors, throughput, p50Us,
          p90Us, p99Us, p999Us, maxUs);
    }

    static Row parse(String line) {
      String[] f = line.split(",", -1);
      if (f.length != 14) {
        throw new IllegalArgumentException("expected 14 columns, got " + f.length + ": " + line);
      }
      return new Row(
          Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
          Integer.parseInt(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5]),
          Long.parseLong(f[6]), Long.parseLong(f[7]), Double.parseDouble(f[8]),
          Double.parseDouble(f[9]), Double.parseDouble(f[10]), Double.parseDouble(f[11]),
          Double.parseDouble(f[12]), Double.parseDouble(f[13]));
    }
  }
}
