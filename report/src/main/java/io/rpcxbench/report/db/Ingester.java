package io.rpcxbench.report.db;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Loads raw files into the database. A file is keyed by its absolute path: an unchanged file (same
 * SHA-256) is left alone, a changed one has its rows replaced in one transaction.
 */
public final class Ingester {
  private final Database db;
  private final PrintWriter err;

  public Ingester(Database db, PrintWriter err) {
    this.db = db;
    this.err = err;
  }

  /**
   * What an ingest did; {@code problems} counts skipped lines, unreadable files and duplicates;
   * {@code incomplete} the stored files with fewer runs than they declare.
   */
  public record Summary(
      int added,
      int replaced,
      int unchanged,
      int unreadable,
      int duplicates,
      int incomplete,
      int runs,
      int problems) {
    public int files() {
      return added + replaced + unchanged + unreadable + duplicates;
    }
  }

  /** Files to read: each path itself, or for a directory every *.csv below it, sorted. */
  public static List<Path> expand(List<Path> paths) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        try (Stream<Path> walk = Files.walk(p)) {
          walk.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".csv"))
              .sorted()
              .forEach(files::add);
        }
      } else if (Files.isRegularFile(p)) {
        files.add(p);
      } else {
        throw new IOException("no such file or directory: " + p);
      }
    }
    return files;
  }

  /**
   * Ingests {@code files}; a file for a point (protocol, threads, requests, {@link Series}) that
   * another stored file already measured is refused, naming both, unless {@code mergeDuplicates}.
   */
  public Summary ingest(List<Path> files, boolean mergeDuplicates)
      throws IOException, SQLException {
    int added = 0, replaced = 0, unchanged = 0, unreadable = 0, duplicates = 0;
    int incomplete = 0, runs = 0, problems = 0;
    for (Path file : files) {
      String source = db.sourceOf(file);
      // Messages name the file as the user gave it; the database keys it by its path relative to
      // the database's folder, so a results folder copied or moved with it reports the same.
      ProblemLog log = new ProblemLog(err, file.toString());
      try {
        if (source.length() > Schema.SOURCE_LENGTH) {
          log.add(1, "path longer than " + Schema.SOURCE_LENGTH + " characters; file skipped");
          unreadable++;
          continue;
        }
        String sha = RawFileScanner.sha256(file);
        try (RawFileScanner scan = RawFileScanner.open(file, log)) {
          RawFileScanner.Head head = scan.head();
          if (head == null) {
            unreadable++;
            continue;
          }
          adoptAbsoluteKey(file, source);
          String known = storedHash(source);
          if (sha.equals(known)) {
            scan.rows(run -> {}); // only to report its problems again
            unchanged++;
            continue;
          }
          String other = mergeDuplicates ? null : otherFileOfPoint(source, head);
          if (other != null) {
            log.add(
                1,
                "same point as "
                    + db.base.resolve(other).normalize()
                    + " ("
                    + head.protocol().id
                    + ", "
                    + head.threads()
                    + " threads, "
                    + head.requests()
                    + " requests, "
                    + head.series().text()
                    + "); file skipped (--merge-duplicates averages them together)");
            duplicates++;
            continue;
          }
          boolean replacing = known != null;
          PointStatus[] status = new PointStatus[1];
          db.inTransaction(
              c -> {
                // also when raw_file forgot it (a schema upgrade): its old rows go first
                delete(c, source);
                insertFile(c, source, sha, head);
                int stored;
                try (RunInserter rows = new RunInserter(c, source)) {
                  stored = scan.rows(rows::add);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                status[0] = RawFileParser.status(head, stored);
                insertPoint(c, source, head, status[0]);
              });
          runs += scan.stored();
          if (status[0] == PointStatus.INCOMPLETE) {
            incomplete++;
            if (head.declared() == PointStatus.COMPLETE) {
              log.addAlways(
                  1,
                  "only "
                      + scan.stored()
                      + " of "
                      + head.runs()
                      + " runs stored; point marked incomplete");
            }
          }
          if (replacing) {
            replaced++;
          } else {
            added++;
          }
        } catch (java.io.UncheckedIOException e) {
          throw e.getCause();
        }
      } finally {
        log.finish();
        problems += log.count();
      }
    }
    err.flush();
    return new Summary(
        added, replaced, unchanged, unreadable, duplicates, incomplete, runs, problems);
  }

  /**
   * Another stored file (not {@code source}) of the same protocol, threads, requests and series, or
   * null.
   */
  private String otherFileOfPoint(String source, RawFileScanner.Head head) throws SQLException {
    try (PreparedStatement ps =
        db.connection.prepareStatement(
            "SELECT source FROM raw_point WHERE protocol = ? AND thread_num = ? AND request_num = ?"
                + " AND source <> ? ORDER BY source")) {
      ps.setString(1, head.protocol().id);
      ps.setInt(2, head.threads());
      ps.setInt(3, head.requests());
      ps.setString(4, source);
      List<String> candidates = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          candidates.add(rs.getString(1));
        }
      }
      for (String c : candidates) {
        if (Series.of(provenanceOf(c)).equals(head.series())) {
          return c;
        }
      }
      return null;
    }
  }

  private Map<String, String> provenanceOf(String source) throws SQLException {
    Map<String, String> out = new TreeMap<>();
    try (PreparedStatement ps =
        db.connection.prepareStatement(
            "SELECT prov_key, prov_value FROM raw_provenance WHERE source = ?")) {
      ps.setString(1, source);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return out;
  }

  private String storedHash(String source) throws SQLException {
    try (PreparedStatement ps =
        db.connection.prepareStatement("SELECT sha256 FROM raw_file WHERE source = ?")) {
      ps.setString(1, source);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  /**
   * A database written before files were keyed relative to it holds this file under its absolute
   * path: the rows move to the relative key, so the file reads as unchanged, not as a duplicate.
   */
  private void adoptAbsoluteKey(Path file, String source) throws SQLException {
    String absolute = file.toAbsolutePath().normalize().toString();
    if (absolute.equals(source) || storedHash(source) != null || storedHash(absolute) == null) {
      return;
    }
    db.inTransaction(
        c -> {
          for (String table : TABLES) {
            try (PreparedStatement ps =
                c.prepareStatement("UPDATE " + table + " SET source = ? WHERE source = ?")) {
              ps.setString(1, source);
              ps.setString(2, absolute);
              ps.executeUpdate();
            }
          }
        });
  }

  /** The tables keyed by a raw file's source. */
  private static final List<String> TABLES =
      List.of("raw_result", "raw_provenance", "raw_point", "raw_file");

  private static void delete(Connection c, String source) throws SQLException {
    for (String table : TABLES) {
      try (PreparedStatement ps =
          c.prepareStatement("DELETE FROM " + table + " WHERE source = ?")) {
        ps.setString(1, source);
        ps.executeUpdate();
      }
    }
  }

  private static void insertFile(
      Connection c, String source, String sha256, RawFileScanner.Head head) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO raw_file (source, sha256, ingested_at) VALUES (?, ?, ?)")) {
      ps.setString(1, source);
      ps.setString(2, sha256);
      ps.setString(3, Instant.now().toString());
      ps.executeUpdate();
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO raw_provenance (source, prov_key, prov_value) VALUES (?, ?, ?)")) {
      for (Map.Entry<String, String> e : new TreeMap<>(head.provenance()).entrySet()) {
        ps.setString(1, source);
        ps.setString(2, truncate(e.getKey(), 64));
        ps.setString(3, truncate(e.getValue(), 2000));
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  private static void insertPoint(
      Connection c, String source, RawFileScanner.Head head, PointStatus status)
      throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO raw_point "
                + "(source, protocol, type, thread_num, request_num, status, limit_s) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
      ps.setString(1, source);
      ps.setString(2, head.protocol().id);
      ps.setInt(3, head.protocol().type);
      ps.setInt(4, head.threads());
      ps.setInt(5, head.requests());
      ps.setString(6, status.id);
      setInt(ps, 7, head.limitS());
      ps.executeUpdate();
    }
  }

  /** Inserts runs in batches as they are read, so a file's rows never all sit in memory. */
  private static final class RunInserter implements AutoCloseable {
    private static final int BATCH = 200;
    private final PreparedStatement ps;
    private final String source;
    private int pending;

    RunInserter(Connection c, String source) throws SQLException {
      this.source = source;
      this.ps =
          c.prepareStatement(
              "INSERT INTO raw_result (type, thread_num, request_num, "
                  + "time_total_ms, tps, order_no, calls, errors, throughput, p50_us, p90_us, p99_us, p999_us, max_us, "
                  + "histogram, source, target_rate, achieved_rate, dropped, limited_by) "
                  + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    }

    void add(StoredRun r) throws SQLException {
      ps.setInt(1, r.type());
      ps.setInt(2, r.threadNum());
      ps.setInt(3, r.requestNum());
      ps.setDouble(4, r.timeTotalMs());
      ps.setDouble(5, r.tps());
      ps.setInt(6, r.order());
      setLong(ps, 7, r.calls());
      setLong(ps, 8, r.errors());
      setDouble(ps, 9, r.throughput());
      setDouble(ps, 10, r.p50Us());
      setDouble(ps, 11, r.p90Us());
      setDouble(ps, 12, r.p99Us());
      setDouble(ps, 13, r.p999Us());
      setDouble(ps, 14, r.maxUs());
      if (r.histogram() == null) {
        ps.setNull(15, Types.VARCHAR);
      } else {
        ps.setString(15, r.histogram());
      }
      ps.setString(16, source);
      setDouble(ps, 17, r.targetRate());
      setDouble(ps, 18, r.achievedRate());
      setLong(ps, 19, r.dropped());
      if (r.limitedBy() == null) {
        ps.setNull(20, Types.VARCHAR);
      } else {
        ps.setString(20, r.limitedBy());
      }
      ps.addBatch();
      if (++pending == BATCH) {
        ps.executeBatch();
        pending = 0;
      }
    }

    @Override
    public void close() throws SQLException {
      try {
        if (pending > 0) {
          ps.executeBatch();
        }
      } finally {
        ps.close();
      }
    }
  }

  private static String truncate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }

  public static void setInt(PreparedStatement ps, int i, Integer v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.INTEGER);
    } else {
      ps.setInt(i, v);
    }
  }

  public static void setLong(PreparedStatement ps, int i, Long v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.BIGINT);
    } else {
      ps.setLong(i, v);
    }
  }

  public static void setDouble(PreparedStatement ps, int i, Double v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.DOUBLE);
    } else {
      ps.setDouble(i, v);
    }
  }
}
