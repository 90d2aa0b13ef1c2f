package io.rpcxbench.report.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.clean.Cleaner;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A database written before protocol ids and histograms is upgraded in place when opened. */
class SchemaUpgradeTest {

  @Test
  void oldDatabaseGetsProtocolAndHistogramColumns(@TempDir Path tmp) throws Exception {
    try (Connection c = DriverManager.getConnection(Cli.sqlite(tmp));
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE raw_provenance (source VARCHAR(512) NOT NULL, prov_key VARCHAR(64) NOT NULL, "
              + "prov_value VARCHAR(2000) NOT NULL, PRIMARY KEY (source, prov_key))");
      s.execute(
          "CREATE TABLE raw_point (source VARCHAR(512) NOT NULL PRIMARY KEY, type INTEGER NOT NULL, "
              + "thread_num INTEGER NOT NULL, request_num INTEGER NOT NULL, status VARCHAR(16) NOT NULL, "
              + "limit_s INTEGER)");
      s.execute(
          "CREATE TABLE raw_result (id INTEGER PRIMARY KEY AUTOINCREMENT, type INTEGER NOT NULL, "
              + "thread_num INTEGER NOT NULL, request_num INTEGER NOT NULL, time_total_ms DOUBLE PRECISION "
              + "NOT NULL, tps DOUBLE PRECISION NOT NULL, order_no INTEGER NOT NULL, calls BIGINT, errors BIGINT, "
              + "throughput DOUBLE PRECISION, p50_us DOUBLE PRECISION, p90_us DOUBLE PRECISION, "
              + "p99_us DOUBLE PRECISION, p999_us DOUBLE PRECISION, max_us DOUBLE PRECISION, "
              + "source VARCHAR(512))");
      s.execute(
          "CREATE TABLE cleaned_result (id INTEGER PRIMARY KEY AUTOINCREMENT, type INTEGER NOT NULL, "
              + "p50_avg_us DOUBLE PRECISION)");
      s.execute("INSERT INTO raw_point VALUES ('/a.csv', 2, 10, 100, 'complete', NULL)");
      s.execute("INSERT INTO raw_provenance VALUES ('/a.csv', 'protocol', 'grpc')");
      s.execute("INSERT INTO raw_point VALUES ('/b.csv', 1, 10, 100, 'complete', NULL)");
      s.execute("INSERT INTO raw_point VALUES ('/c.csv', 90, 10, 100, 'complete', NULL)");
      s.execute(
          "INSERT INTO raw_result (type, thread_num, request_num, time_total_ms, tps, order_no, source) "
              + "VALUES (2, 10, 100, 1.0, 2.0, 1, '/a.csv')");
    }
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      assertThat(SchemaUpgrade.hasColumn(db.connection, "raw_result", "histogram")).isTrue();
      assertThat(SchemaUpgrade.hasColumn(db.connection, "cleaned_result", "latency_from")).isTrue();
      Map<String, String> protocols = new TreeMap<>();
      try (Statement s = db.connection.createStatement();
          ResultSet rs = s.executeQuery("SELECT source, protocol FROM raw_point")) {
        while (rs.next()) {
          protocols.put(rs.getString(1), rs.getString(2));
        }
      }
      assertThat(protocols)
          .containsExactly(
              Map.entry("/a.csv", "grpc"),
              Map.entry("/b.csv", "rpcx"),
              Map.entry("/c.csv", "type-90"));
      assertThat(Cleaner.run(db))
          .extracting(p -> p.protocol().id + ":" + p.status().id)
          .containsExactly("rpcx:failed", "grpc:complete", "type-90:failed");
    }
    // opening again changes nothing
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      assertThat(IngestTest.count(db, "cleaned_result")).isEqualTo(3);
    }
  }
}
