package io.rpcxbench.report;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The paper's cleaning: per (type, threadNum, requestNum), drop order 0 (start-up effects) and
 * average the other runs. Points whose files all timed out or failed stay so, never averaged.
 */
final class Cleaner {
    private Cleaner() {
    }

    /** Key of a point; sorts by type, then threads, then requests. */
    record Key(int type, int threads, int requests) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Integer.compare(type, o.type);
            c = c != 0 ? c : Integer.compare(threads, o.threads);
            return c != 0 ? c : Integer.compare(requests, o.requests);
        }
    }

    /** How one raw file of a point ended. */
    record FileOutcome(PointStatus status, Integer limitS) {
    }

    /**
     * Cleans one point. {@code runs} are all its run rows (any file); {@code outcomes} the status
     * of each of its files. A point with at least one run besides order 0 is complete; otherwise it
     * is "timeout" if any of its files timed out, else "failed".
     */
    static CleanedPoint clean(Key key, List<RunRow> runs, List<FileOutcome> outcomes) {
        List<RunRow> kept = runs.stream().filter(r -> r.order() != 0).toList();
        Integer limit = outcomes.stream().map(FileOutcome::limitS).filter(l -> l != null)
                .max(Integer::compare).orElse(null);
        if (kept.isEmpty()) {
            boolean timedOut = outcomes.stream().anyMatch(o -> o.status() == PointStatus.TIMEOUT);
            return new CleanedPoint(key.type, key.threads, key.requests,
                    timedOut ? PointStatus.TIMEOUT : PointStatus.FAILED, limit, 0, null,
                    null, null, null, null, null, null, null, null, null, null, null, null, null, null);
        }
        Spread time = spread(kept, RunRow::timeTotalMs);
        Spread tps = spread(kept, RunRow::tps);
        Long errors = kept.stream().anyMatch(r -> r.errors() != null)
                ? kept.stream().mapToLong(r -> r.errors() == null ? 0 : r.errors()).sum() : null;
        return new CleanedPoint(key.type, key.threads, key.requests, PointStatus.COMPLETE, limit, kept.size(), errors,
                time.mean(), tps.mean(), time.min(), time.max(), time.stdev(), tps.min(), tps.max(), tps.stdev(),
                spread(kept, RunRow::throughput).mean(), spread(kept, RunRow::p50Us).mean(),
                spread(kept, RunRow::p90Us).mean(), spread(kept, RunRow::p99Us).mean(),
                spread(kept, RunRow::p999Us).mean(), spread(kept, RunRow::maxUs).mean());
    }

    private static Spread spread(List<RunRow> runs, Function<RunRow, Double> column) {
        return Spread.of(runs.stream().map(column).toList());
    }

    /** Re-computes the whole cleaned table from the raw tables, in one transaction. */
    static List<CleanedPoint> run(Database db) throws SQLException {
        Map<Key, List<FileOutcome>> outcomes = new TreeMap<>();
        Map<Key, List<RunRow>> runs = new TreeMap<>();
        try (Statement s = db.connection.createStatement()) {
            try (ResultSet rs = s.executeQuery(
                    "SELECT type, thread_num, request_num, status, limit_s FROM raw_point")) {
                while (rs.next()) {
                    Key k = new Key(rs.getInt(1), rs.getInt(2), rs.getInt(3));
                    PointStatus st = PointStatus.of(rs.getString(4)).orElse(PointStatus.FAILED);
                    outcomes.computeIfAbsent(k, x -> new ArrayList<>()).add(new FileOutcome(st, Rows.integer(rs, 5)));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT type, thread_num, request_num, order_no, time_total_ms, tps, "
                    + "calls, errors, throughput, p50_us, p90_us, p99_us, p999_us, max_us FROM raw_result")) {
                while (rs.next()) {
                    RunRow r = new RunRow(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4), rs.getDouble(5),
                            rs.getDouble(6), Rows.longValue(rs, 7), Rows.longValue(rs, 8), Rows.decimal(rs, 9),
                            Rows.decimal(rs, 10), Rows.decimal(rs, 11), Rows.decimal(rs, 12), Rows.decimal(rs, 13),
                            Rows.decimal(rs, 14));
                    runs.computeIfAbsent(new Key(r.type(), r.threadNum(), r.requestNum()), x -> new ArrayList<>())
                            .add(r);
                }
            }
        }
        List<CleanedPoint> cleaned = new ArrayList<>();
        for (Map.Entry<Key, List<FileOutcome>> e : outcomes.entrySet()) {
            cleaned.add(clean(e.getKey(), runs.getOrDefault(e.getKey(), List.of()), e.getValue()));
        }
        db.inTransaction(c -> replace(c, cleaned));
        return cleaned;
    }

    private static final String COLUMNS = "type, thread_num, request_num, status, limit_s, runs_averaged, errors_sum, "
            + "time_total_avg_ms, tps_avg, time_total_min_ms, time_total_max_ms, time_total_stdev_ms, tps_min, "
            + "tps_max, tps_stdev, throughput_avg, p50_avg_us, p90_avg_us, p99_avg_us, p999_avg_us, max_avg_us";

    private static void replace(Connection c, List<CleanedPoint> cleaned) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM cleaned_result");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO cleaned_result (" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (CleanedPoint p : cleaned) {
                ps.setInt(1, p.type());
                ps.setInt(2, p.threadNum());
                ps.setInt(3, p.requestNum());
                ps.setString(4, p.status().id);
                Ingester.setInt(ps, 5, p.limitS());
                ps.setInt(6, p.runsAveraged());
                Ingester.setLong(ps, 7, p.errorsSum());
                Double[] d = {p.timeTotalAvgMs(), p.tpsAvg(), p.timeTotalMinMs(), p.timeTotalMaxMs(),
                    p.timeTotalStdevMs(), p.tpsMin(), p.tpsMax(), p.tpsStdev(), p.throughputAvg(), p.p50AvgUs(),
                    p.p90AvgUs(), p.p99AvgUs(), p.p999AvgUs(), p.maxAvgUs()};
                for (int i = 0; i < d.length; i++) {
                    Ingester.setDouble(ps, 8 + i, d[i]);
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** The cleaned table, sorted by type, threads, requests. */
    static List<CleanedPoint> load(Database db) throws SQLException {
        List<CleanedPoint> out = new ArrayList<>();
        try (Statement s = db.connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT " + COLUMNS
                        + " FROM cleaned_result ORDER BY type, thread_num, request_num")) {
            while (rs.next()) {
                out.add(new CleanedPoint(rs.getInt(1), rs.getInt(2), rs.getInt(3),
                        PointStatus.of(rs.getString(4)).orElse(PointStatus.FAILED), Rows.integer(rs, 5),
                        rs.getInt(6), Rows.longValue(rs, 7), Rows.decimal(rs, 8), Rows.decimal(rs, 9),
                        Rows.decimal(rs, 10), Rows.decimal(rs, 11), Rows.decimal(rs, 12), Rows.decimal(rs, 13),
                        Rows.decimal(rs, 14), Rows.decimal(rs, 15), Rows.decimal(rs, 16), Rows.decimal(rs, 17),
                        Rows.decimal(rs, 18), Rows.decimal(rs, 19), Rows.decimal(rs, 20), Rows.decimal(rs, 21)));
            }
        }
        return out;
    }
}
