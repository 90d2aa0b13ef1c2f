package io.rpcxbench.report.db;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads one raw file in bounded memory: the provenance and header first ({@link #head}), then the
 * run rows in batches ({@link #rows}), each batch checked by the raw-format library (the one reader
 * of the format) and then by {@link RunChecks}. Lines go through a {@link BoundedLineReader};
 * problems go to a {@link ProblemLog} as {@code file:line: reason}. Memory is bounded by the
 * longest line ({@link #MAX_LINE_BYTES}), the provenance ({@link #MAX_HEAD_BYTES}) and a batch
 * ({@link #BATCH_LINES} lines), whatever the size of the file.
 *
 * <pre>{@code
 * try (RawFileScanner s = RawFileScanner.open(path, new ProblemLog(err, path.toString()))) {
 *   RawFileScanner.Head head = s.head();          // null: unusable, reason logged
 *   if (head != null) s.rows(run -> store(run));   // only rows that passed every check
 * }
 * }</pre>
 */
final class RawFileScanner implements Closeable {
  static final int MAX_LINE_BYTES = 1 << 20;
  static final int MAX_HEAD_BYTES = 256 * 1024;
  static final int BATCH_LINES = 512;
  static final int MAX_ROWS = 100_000;

  /** Stands for the file in the library's messages, so that they can be renumbered. */
  private static final String MARK = "\u0001";

  /** Receives the runs that passed every check, in file order. */
  @FunctionalInterface
  interface RunSink {
    void accept(StoredRun run) throws SQLException;
  }

  /**
   * What the provenance says: the point, its series, the declared status and runs, the label.
   * {@code columns} is empty for a file without a header row (a timeout/failed point).
   */
  record Head(
      Map<String, String> provenance,
      List<String> columns,
      PointStatus declared,
      RawProtocol protocol,
      int threads,
      int requests,
      Integer runs,
      Integer limitS,
      Series series) {}

  private final BoundedLineReader lines;
  private final ProblemLog log;
  private final StringBuilder prefix = new StringBuilder();
  private int prefixLines;
  private int headerLine;
  private Head head;
  private int stored;
  private final Set<Integer> orders = new HashSet<>();

  /** The current batch's problems by line, logged in line order when the batch is done. */
  private final TreeMap<Integer, String> pending = new TreeMap<>();

  private RawFileScanner(BoundedLineReader lines, ProblemLog log) {
    this.lines = lines;
    this.log = log;
  }

  static RawFileScanner open(Path file, ProblemLog log) throws IOException {
    return of(Files.newInputStream(file), log);
  }

  static RawFileScanner of(InputStream in, ProblemLog log) {
    return new RawFileScanner(new BoundedLineReader(in, MAX_LINE_BYTES), log);
  }

  /** The SHA-256 of {@code file}, read in bounded memory. */
  static String sha256(Path file) throws IOException {
    try (BoundedLineReader r = new BoundedLineReader(Files.newInputStream(file), 1)) {
      return r.sha256ToEnd();
    }
  }

  /** Reads the provenance and header row; null when the file is unusable (logged at line 1). */
  Head head() throws IOException {
    int bytes = 0;
    String header = null;
    for (String line = lines.next(); line != null; line = lines.next()) {
      if (line == BoundedLineReader.TOO_LONG) {
        log.add(lines.lineNumber(), "line longer than " + MAX_LINE_BYTES + " bytes; file skipped");
        return null;
      }
      if (line.isBlank()) {
        continue;
      }
      if (!line.startsWith("#")) {
        header = line;
        break;
      }
      bytes += line.length();
      if (bytes > MAX_HEAD_BYTES) {
        log.add(
            lines.lineNumber(),
            "provenance longer than " + MAX_HEAD_BYTES + " bytes; file skipped");
        return null;
      }
      prefix.append(line).append('\n');
      prefixLines++;
    }
    headerLine = header == null ? lines.lineNumber() + 1 : lines.lineNumber();
    if (header != null) {
      prefix.append(header).append('\n');
    }
    RawContents c = RawResultFile.parse(prefix.toString(), MARK);
    report(c.problems(), 0);
    if (!c.usable()) {
      return null;
    }
    RawProtocol protocol;
    try {
      protocol = RawFileParser.protocolOf(c);
    } catch (IllegalArgumentException e) {
      log.add(1, e.getMessage() + "; file skipped");
      return null;
    }
    Map<String, String> p = new LinkedHashMap<>(c.provenance());
    Series series;
    try {
      series = Series.of(p);
    } catch (IllegalArgumentException e) {
      log.add(1, e.getMessage() + "; file skipped");
      return null;
    }
    String label = p.get("label");
    if (label != null && !protocol.paper() && !label.isBlank()) {
      protocol = protocol.withLabel(label);
    }
    head =
        new Head(
            p,
            c.columns(),
            PointStatus.of(p.get("status")).orElseThrow(), // checked by the library
            protocol,
            Integer.parseInt(p.get("threads").trim()),
            Integer.parseInt(p.get("requests").trim()),
            p.containsKey("runs") ? Integer.valueOf(p.get("runs").trim()) : null,
            p.containsKey("limit_s") ? Integer.valueOf(p.get("limit_s").trim()) : null,
            series);
    return head;
  }

  /**
   * Reads every run row after {@link #head} and hands the good ones to {@code sink}; returns how
   * many it stored.
   */
  int rows(RunSink sink) throws IOException, SQLException {
    List<String> batch = new ArrayList<>();
    int batchStart = lines.lineNumber() + 1;
    for (String line = lines.next(); line != null; line = lines.next()) {
      if (batch.isEmpty()) {
        batchStart = lines.lineNumber();
      }
      if (line == BoundedLineReader.TOO_LONG) {
        pending.put(lines.lineNumber(), "line longer than " + MAX_LINE_BYTES + " bytes");
        batch.add("");
      } else if (wrongFieldCount(line)) {
        // The library's own first check, done here without an exception per line: a file of
        // junk is millions of such lines.
        pending.put(
            lines.lineNumber(),
            "expected " + head.columns().size() + " fields, found " + fields(line));
        batch.add("");
      } else {
        batch.add(line);
      }
      if (batch.size() == BATCH_LINES) {
        parse(batch, batchStart, sink);
        batch.clear();
      }
    }
    if (!batch.isEmpty()) {
      parse(batch, batchStart, sink);
    }
    return stored;
  }

  private boolean wrongFieldCount(String line) {
    return !head.columns().isEmpty()
        && !line.isBlank()
        && !line.startsWith("#")
        && fields(line) != head.columns().size();
  }

  private static int fields(String line) {
    int n = 1;
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == ',') {
        n++;
      }
    }
    return n;
  }

  /** Runs stored so far. */
  int stored() {
    return stored;
  }

  private void parse(List<String> batch, int batchStart, RunSink sink) throws SQLException {
    StringBuilder text = new StringBuilder(prefix);
    for (String l : batch) {
      text.append(l).append('\n');
    }
    RawContents c = RawResultFile.parse(text.toString(), MARK);
    Set<Integer> bad = report(c.problems(), batchStart);
    try {
      store(batch, batchStart, c, bad, sink);
    } finally {
      pending.forEach(log::add);
      pending.clear();
    }
  }

  private void store(
      List<String> batch, int batchStart, RawContents c, Set<Integer> bad, RunSink sink)
      throws SQLException {
    int next = 0;
    for (int i = 0; i < batch.size(); i++) {
      String l = batch.get(i);
      int lineNo = batchStart + i;
      if (l.isBlank() || l.startsWith("#") || bad.contains(lineNo)) {
        continue;
      }
      if (next >= c.rows().size()) {
        break; // cannot happen: the library keeps exactly the lines it did not report
      }
      RunRow row = c.rows().get(next++);
      StoredRun run = StoredRun.of(row, c);
      String why = RunChecks.problem(run, head.columns());
      if (why == null && !orders.add(run.order())) {
        why = "duplicate order " + run.order();
      }
      if (why == null && stored >= MAX_ROWS) {
        why = "more than " + MAX_ROWS + " runs in one file; row skipped";
      }
      if (why != null) {
        pending.put(lineNo, why);
        continue;
      }
      sink.accept(run);
      stored++;
    }
  }

  /**
   * Logs the library's problems with the file's own line numbers; returns the row lines among them.
   * {@code batchStart} is the file line of the first batch line (0 for the head).
   */
  private Set<Integer> report(List<String> problems, int batchStart) {
    Set<Integer> lines = new HashSet<>();
    for (String p : problems) {
      String rest = p.substring(MARK.length() + 1);
      int colon = rest.indexOf(':');
      int n = Integer.parseInt(rest.substring(0, colon));
      String reason = rest.substring(colon + 1).trim();
      int line;
      if (n <= prefixLines) {
        line = 1;
      } else if (n == prefixLines + 1 || batchStart == 0) {
        line = headerLine;
      } else {
        line = batchStart + n - (prefixLines + 2);
        lines.add(line);
        pending.put(line, reason);
        continue;
      }
      log.add(line, reason);
    }
    return lines;
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
