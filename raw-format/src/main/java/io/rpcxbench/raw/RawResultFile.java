package io.rpcxbench.raw;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * The raw result file of one point (docs/raw-format.md): a magic line, {@code # key: value}
 * provenance, a CSV header, one row per run. The one reader and writer of the format: the harness
 * writes with it, the report and {@code report show} read with it.
 *
 * <pre>{@code
 * Map<String, String> provenance = new LinkedHashMap<>();
 * provenance.put("status", "complete");
 * provenance.put("protocol", "rpcx");
 * provenance.put("type", "1");
 * provenance.put("threads", "10");
 * provenance.put("requests", "100");
 * RawResultFile.write(Path.of("results/raw/rpcx/t10-r100.csv"), provenance, rows);
 *
 * RawContents back = RawResultFile.read(Path.of("results/raw/rpcx/t10-r100.csv"));
 * }</pre>
 */
public final class RawResultFile {
  /** First line of a file this library writes. */
  public static final String MAGIC = "# rpcx-bench raw result v2";

  /** The format line without its version: every file's first line is this and a version. */
  public static final String MAGIC_PREFIX = "# rpcx-bench raw result ";

  /**
   * The format versions this library reads; a file of another version, or with no format line, is
   * skipped with one problem naming it (a reader never guesses at a format it does not know).
   */
  public static final List<String> VERSIONS = List.of("v1", "v2");

  /** The v2 columns, in the order {@link RunRow#toCsv} writes them. */
  public static final List<String> COLUMNS =
      List.of(
          "type",
          "threadNum",
          "requestNum",
          "order",
          "timeTotal",
          "tps",
          "calls",
          "errors",
          "throughput",
          "p50_us",
          "p90_us",
          "p99_us",
          "p999_us",
          "max_us",
          "histogram");

  /** The header row of a v2 file; a v1 file has the same without {@code ,histogram}. */
  public static final String HEADER = String.join(",", COLUMNS);

  /**
   * Columns every file must have; the others may be absent (they then read as 0 or ""). Columns
   * after these that this library does not name are a row's {@link RunRow#extra()} columns.
   */
  public static final List<String> REQUIRED_COLUMNS =
      List.of("type", "threadNum", "requestNum", "order", "timeTotal", "tps");

  /** Values of the {@code status} provenance key. */
  public static final List<String> STATUSES =
      List.of("complete", "timeout", "incomplete", "failed");

  private RawResultFile() {}

  /**
   * Writes {@code file} atomically (a temp file in the same folder, then a rename), so a file that
   * exists is complete. Provenance is written in map order; line breaks in values become spaces.
   * The rows' extra columns ({@link RunRow#extra()}) follow {@code histogram} in the header.
   *
   * @throws IllegalArgumentException when the rows do not all have the same extra columns
   */
  public static void write(Path file, Map<String, String> provenance, List<RunRow> rows)
      throws IOException {
    List<String> extra = rows.isEmpty() ? List.of() : List.copyOf(rows.get(0).extra().keySet());
    for (RunRow row : rows) {
      if (!List.copyOf(row.extra().keySet()).equals(extra)) {
        throw new IllegalArgumentException(
            "order "
                + row.order()
                + " has extra columns "
                + row.extra().keySet()
                + ", not "
                + extra);
      }
    }
    String header = extra.isEmpty() ? HEADER : HEADER + "," + String.join(",", extra);
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
        w.write(header);
        w.newLine();
        for (RunRow row : rows) {
          w.write(row.toCsv());
          w.newLine();
        }
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * Writes the file of a point that has no runs to show ({@code failed}, or {@code timeout} when it
   * was killed at its limit) where the harness would have written it ({@link PointIdentity#path}),
   * with the same identity keys as a complete point's, then {@code more} (e.g. {@code type}, {@code
   * runs}, {@code limit_s}, {@code exit_code}), and {@code runs_completed: 0}. Returns the file.
   *
   * <pre>{@code
   * RawResultFile.writeWithoutRuns(out, point, "failed", Map.of("runs", "10", "exit_code", "1"));
   * }</pre>
   */
  public static Path writeWithoutRuns(
      Path out, PointIdentity point, String status, Map<String, String> more) throws IOException {
    if (!STATUSES.contains(status) || status.equals("complete")) {
      throw new IllegalArgumentException(
          "a point without runs is failed, timeout or incomplete, not '" + status + "'");
    }
    Map<String, String> p = new java.util.LinkedHashMap<>();
    p.put("status", status);
    p.putAll(point.provenance());
    more.forEach(p::putIfAbsent);
    p.put("runs_completed", "0");
    Path file = point.path(out);
    write(file, p, List.of());
    return file;
  }

  /**
   * Reads a v1 or v2 file; problems name the file as {@code file.toString()}.
   *
   * @throws IOException only when the file cannot be read; bad content is in {@code problems}
   */
  public static RawContents read(Path file) throws IOException {
    return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
  }

  /**
   * Parses the text of a raw file (a leading BOM and CRLF line ends are accepted). A bad row is
   * reported as {@code source:line: reason} and skipped, the other rows are kept.
   */
  public static RawContents parse(String text, String source) {
    return new RawFileReader(source).parse(text);
  }
}
