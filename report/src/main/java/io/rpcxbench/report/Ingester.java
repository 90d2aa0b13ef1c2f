package io.rpcxbench.report;

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
final class Ingester {
  private final Database db;
  private final PrintWriter err;

  Ingester(Database db, PrintWriter err) {
    this.db = db;
    this.err = err;
  }

  /** What an ingest did; {@code problems} counts skipped lines and unreadable files. */
  record Summary(int added, int replaced, int unchanged, int unreadable, int runs, int problems) {
    int files() {
      return added + replaced + unchanged + unreadable;
    }
  }

  /** Files to read: each path itself, or for a directory every *.csv below it, sorted. */
  static List<Path> expand(List<Path> paths) throws IOException {
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

  Summary ingest(List<Path> files) throws IOException, SQLException {
    int added = 0, replaced = 0, unchanged = 0, unreadable = 0, runs = 0, problems = 0;
    for (Path file : files) {
      String source = file.toAbsolutePath().normalize().toString();
      if (source.length() > Schema.SOURCE_LENGTH) {
        err.println(
            file + ":1: path longer than " + Schema.SOURCE_LENGTH + " characters; file skipped");
        unreadable++;
        problems++;
        continue;
      }
      RawFile raw = RawFileParser.parse(file, source);
      // Messages name the file as the user gave it; the database keeps the absolute path.
      raw.problems().forEach(p -> err.println(file + p.substring(source.length())));
      problems += raw.problems().size();
      if (!raw.usable()) {
        unreadable++;
        continue;
      }
      String known = storedHash(source);
      if (raw.sha256().equals(known)) {
        unchanged++;
        continue;
      }
      boolean replacing = known != null;
      db.inTransaction(
          c -> {
            if (replacing) {
              delete(c, source);
            }
            insert(c, raw);
          });
      runs += raw.runs().size();
      if (known == null) {
        added++;
      } else {
        replaced++;
      }
    }
    err.flush();
    return new Summary(added, replaced, unchanged, unreadable, runs, problems);
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

  private static void delete(Connection c, String source) throws SQLException {
    for (String table : List.of("raw_result", "raw_provenance", "raw_point", "raw_file")) {
      try (PreparedStatement ps =
          c.prepareStatement("DELETE FROM " + table + " WHERE source = ?")) {
        ps.setString(1, source);
        ps.executeUpdate();
      }
    }
  }

  private static void insert(Connection c, RawFile raw) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("INSERT INTO raw_file (source, sha256, ingested_at) VALUES (?, ?, ?)")) {
      ps.setString(1, raw.source());
      ps.setString(2, raw.sha256());
      ps.setString(3, Instant.now().toString());
      ps.executeUpdate();
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO raw_provenance (source, prov_key, prov_value) VALUES (?, ?, ?)")) {
      for (Map.Entry<String, String> e : new TreeMap<>(raw.provenance()).entrySet()) {
        ps.setString(1, raw.source());
        ps.setString(2, truncate(e.getKey(), 64));
        ps.setString(3, truncate(e.getValue(), 2000));
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO raw_point "
                + "(source, protocol, type, thread_num, request_num, status, limit_s) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
      ps.setString(1, raw.source());
      ps.setString(2, raw.protocol().id);
      ps.setInt(3, raw.type());
      ps.setInt(4, raw.threads());
      ps.setInt(5, raw.requests());
      ps.setString(6, raw.status().id);
      setInt(ps, 7, raw.limitS());
      ps.executeUpdate();
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO raw_result (type, thread_num, request_num, "
                + "time_total_ms, tps, order_no, calls, errors, throughput, p50_us, p90_us, p99_us, p999_us, max_us, "
                + "histogram, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (StoredRun r : raw.runs()) {
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
        ps.setString(16, raw.source());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  private static String truncate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }

  static void setInt(PreparedStatement ps, int i, Integer v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.INTEGER);
    } else {
      ps.setInt(i, v);
    }
  }

  static void setLong(PreparedStatement ps, int i, Long v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.BIGINT);
    } else {
      ps.setLong(i, v);
    }
  }

  static void setDouble(PreparedStatement ps, int i, Double v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.DOUBLE);
    } else {
      ps.setDouble(i, v);
    }
  }
}
