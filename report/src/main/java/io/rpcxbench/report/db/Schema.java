package io.rpcxbench.report.db;

import java.util.ArrayList;
import java.util.List;

/**
 * Tables (created if absent). Column names are snake_case and unquoted so that they read the same
 * on every database (PostgreSQL folds case); the paper's "order" is a reserved word and is stored
 * as {@code order_no}. Mapping to the paper's Fig. 7: threadNum = thread_num, requestNum =
 * request_num, timeTotal = time_total_ms, TPS = tps, timeTotalAvg = time_total_avg_ms, tpsAvg =
 * tps_avg.
 */
final class Schema {
  /** Long enough for deep paths, short enough for a MySQL utf8mb4 primary key (3072 bytes). */
  static final int SOURCE_LENGTH = 512;

  static final int PROTOCOL_LENGTH = 64;

  private Schema() {}

  static List<String> ddl(Dialect d) {
    String src = "VARCHAR(" + SOURCE_LENGTH + ") NOT NULL";
    List<String> ddl =
        new ArrayList<>(
            List.of(
                "CREATE TABLE IF NOT EXISTS raw_file ("
                    + "source "
                    + src
                    + " PRIMARY KEY, "
                    + "sha256 VARCHAR(64) NOT NULL, "
                    + "ingested_at VARCHAR(40) NOT NULL)",
                "CREATE TABLE IF NOT EXISTS raw_provenance ("
                    + "source "
                    + src
                    + ", "
                    + "prov_key VARCHAR(64) NOT NULL, "
                    + "prov_value VARCHAR(2000) NOT NULL, "
                    + "PRIMARY KEY (source, prov_key))",
                "CREATE TABLE IF NOT EXISTS raw_point ("
                    + "source "
                    + src
                    + " PRIMARY KEY, "
                    + "protocol VARCHAR("
                    + PROTOCOL_LENGTH
                    + "), "
                    + "type INTEGER NOT NULL, "
                    + "thread_num INTEGER NOT NULL, "
                    + "request_num INTEGER NOT NULL, "
                    + "status VARCHAR(16) NOT NULL, "
                    + "limit_s INTEGER)",
                // The paper's original data model (Fig. 7a) plus our columns.
                "CREATE TABLE IF NOT EXISTS raw_result ("
                    + "id "
                    + d.autoId
                    + ", "
                    + "type INTEGER NOT NULL, "
                    + "thread_num INTEGER NOT NULL, "
                    + "request_num INTEGER NOT NULL, "
                    + "time_total_ms DOUBLE PRECISION NOT NULL, "
                    + "tps DOUBLE PRECISION NOT NULL, "
                    + "order_no INTEGER NOT NULL, "
                    + "calls BIGINT, "
                    + "errors BIGINT, "
                    + "throughput DOUBLE PRECISION, "
                    + "p50_us DOUBLE PRECISION, "
                    + "p90_us DOUBLE PRECISION, "
                    + "p99_us DOUBLE PRECISION, "
                    + "p999_us DOUBLE PRECISION, "
                    + "max_us DOUBLE PRECISION, "
                    + "histogram "
                    + d.longText
                    + ", "
                    + "source "
                    + src
                    + ", target_rate DOUBLE PRECISION, achieved_rate DOUBLE PRECISION, dropped BIGINT, "
                    + "limited_by VARCHAR("
                    + StoredRun.LIMITED_BY_LENGTH
                    + ")"
                    // MySQL has no CREATE INDEX IF NOT EXISTS: declare the index with the table
                    // there.
                    + (d == Dialect.MYSQL ? ", INDEX raw_result_source (source))" : ")"),
                // The paper's cleaned data model (Fig. 7b) plus spread, our averages and the
                // status.
                "CREATE TABLE IF NOT EXISTS cleaned_result ("
                    + "id "
                    + d.autoId
                    + ", "
                    + "protocol VARCHAR("
                    + PROTOCOL_LENGTH
                    + ") NOT NULL, "
                    + "type INTEGER NOT NULL, "
                    + "thread_num INTEGER NOT NULL, "
                    + "request_num INTEGER NOT NULL, "
                    + "status VARCHAR(16) NOT NULL, "
                    + "limit_s INTEGER, "
                    + "runs_averaged INTEGER NOT NULL, "
                    + "errors_sum BIGINT, "
                    + "time_total_avg_ms DOUBLE PRECISION, "
                    + "tps_avg DOUBLE PRECISION, "
                    + "time_total_min_ms DOUBLE PRECISION, "
                    + "time_total_max_ms DOUBLE PRECISION, "
                    + "time_total_stdev_ms DOUBLE PRECISION, "
                    + "tps_min DOUBLE PRECISION, "
                    + "tps_max DOUBLE PRECISION, "
                    + "tps_stdev DOUBLE PRECISION, "
                    + "throughput_avg DOUBLE PRECISION, "
                    + "p50_us DOUBLE PRECISION, "
                    + "p90_us DOUBLE PRECISION, "
                    + "p99_us DOUBLE PRECISION, "
                    + "p999_us DOUBLE PRECISION, "
                    + "max_us DOUBLE PRECISION, "
                    + "latency_from VARCHAR(16), "
                    + "series VARCHAR(400), "
                    + "label VARCHAR(64), "
                    + "runs_done INTEGER, "
                    + "runs_declared INTEGER, "
                    + "target_rate DOUBLE PRECISION, "
                    + "achieved_rate DOUBLE PRECISION, "
                    + "achieved_rate_min DOUBLE PRECISION, "
                    + "dropped_sum BIGINT, "
                    + "limited_by VARCHAR(200))"));
    if (d != Dialect.MYSQL) {
      // A changed file's rows are deleted by source: without an index that scans every run.
      ddl.add("CREATE INDEX IF NOT EXISTS raw_result_source ON raw_result (source)");
    }
    return ddl;
  }
}
