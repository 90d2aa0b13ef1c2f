package io.rpcxbench.report.clean;

import static java.util.stream.Collectors.joining;

import io.rpcxbench.raw.PointKey;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Rows;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.stats.Spread;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The paper's cleaning: per (protocol, threadNum, requestNum), drop order 0 (start-up effects) and
 * average the other runs' runtime and TPS. Latency percentiles come from the kept runs' merged
 * histograms (averages of percentiles only for runs without one). Points whose files all timed out
 * or failed stay so, never averaged.
 */
public final class Cleaner {
  private Cleaner() {}

  /**
   * Key of a point; sorts by series, protocol (type, then id), threads, requests. Points of
   * different series (reading, call, client, link) are never averaged together.
   */
  public record Key(RawProtocol protocol, int threads, int requests, Series series)
      implements Comparable<Key> {
    public Key(RawProtocol protocol, int threads, int requests) {
      this(protocol, threads, requests, Series.of(Map.of()));
    }

    @Override
    public int compareTo(Key o) {
      int c = series.compareTo(o.series);
      c = c != 0 ? c : protocol.compareTo(o.protocol);
      c = c != 0 ? c : Integer.compare(threads, o.threads);
      return c != 0 ? c : Integer.compare(requests, o.requests);
    }

    String text() {
      return protocol.id + ", " + threads + " threads, " + requests + " requests, " + series.text();
    }
  }

  /**
   * How one raw file of a point ended: its status, time limit, runs stored and runs declared (null:
   * the file does not say).
   */
  record FileOutcome(PointStatus status, Integer limitS, int stored, Integer declared) {
    FileOutcome(PointStatus status, Integer limitS) {
      this(status, limitS, 0, null);
    }
  }

  /**
   * Cleans one point. {@code runs} are all its run rows (any file); {@code outcomes} the status of
   * each of its files. A point with at least one run besides order 0 is complete if one of its
   * files is, else "timeout" if one timed out, else incomplete; without such a run it is "timeout"
   * if any of its files timed out, else "incomplete" if one was cut short, else "failed".
   */
  static CleanedPoint clean(Key key, List<StoredRun> runs, List<FileOutcome> outcomes) {
    return clean(key, runs, outcomes, new ArrayList<>());
  }

  static CleanedPoint clean(
      Key key, List<StoredRun> runs, List<FileOutcome> outcomes, List<String> problems) {
    List<StoredRun> kept = kept(runs, declaredRuns(outcomes));
    Integer limit =
        outcomes.stream()
            .map(FileOutcome::limitS)
            .filter(l -> l != null)
            .max(Integer::compare)
            .orElse(null);
    int done = outcomes.stream().mapToInt(FileOutcome::stored).sum();
    Integer declared =
        outcomes.stream().allMatch(o -> o.declared() != null)
            ? outcomes.stream().mapToInt(FileOutcome::declared).sum()
            : null;
    if (kept.isEmpty()) {
      PointStatus status =
          has(outcomes, PointStatus.TIMEOUT)
              ? PointStatus.TIMEOUT
              : has(outcomes, PointStatus.INCOMPLETE) ? PointStatus.INCOMPLETE : PointStatus.FAILED;
      return new CleanedPoint(
          key.protocol,
          key.threads,
          key.requests,
          status,
          limit,
          0,
          null,
          Spread.NONE,
          Spread.NONE,
          null,
          Latency.NONE,
          key.series,
          done,
          declared,
          null,
          null);
    }
    CleanedPoint p = summarize(key, kept, limit, problems);
    // Runs of a point that timed out or was stopped are averaged (cleaned.csv) but the point keeps
    // its status: only a complete file makes a complete point.
    PointStatus status =
        has(outcomes, PointStatus.COMPLETE)
            ? PointStatus.COMPLETE
            : has(outcomes, PointStatus.TIMEOUT) ? PointStatus.TIMEOUT : PointStatus.INCOMPLETE;
    return p.with(status, done, declared);
  }

  /** The paper's cleaning: every run but order 0 (the only run of a one-run point kept). */
  static List<StoredRun> kept(List<StoredRun> runs, int declared) {
    return io.rpcxbench.raw.KeepRule.kept(runs, StoredRun::order, declared);
  }

  /** The runs a point's files were declared with, the most of them; 0 when none says. */
  private static int declaredRuns(List<FileOutcome> outcomes) {
    return outcomes.stream()
        .map(FileOutcome::declared)
        .filter(d -> d != null)
        .mapToInt(Integer::intValue)
        .max()
        .orElse(0);
  }

  private static boolean has(List<FileOutcome> outcomes, PointStatus status) {
    return outcomes.stream().anyMatch(o -> o.status() == status);
  }

  public static CleanedPoint summarize(Key key, List<StoredRun> kept, Integer limit) {
    return summarize(key, kept, limit, new ArrayList<>());
  }

  /** The complete point made of {@code kept} (not empty): means, spread and latency. */
  public static CleanedPoint summarize(
      Key key, List<StoredRun> kept, Integer limit, List<String> problems) {
    Long errors = null;
    if (kept.stream().anyMatch(r -> r.errors() != null)) {
      try {
        long sum = 0;
        for (StoredRun r : kept) {
          sum = Math.addExact(sum, r.errors() == null ? 0 : r.errors());
        }
        errors = sum;
      } catch (ArithmeticException e) {
        problems.add(
            key.text() + ": the errors of its runs add up to more than a long holds; left empty");
      }
    }
    OpenLoad load = null;
    try {
      load = OpenLoad.of(kept);
    } catch (ArithmeticException e) {
      problems.add(key.text() + ": the calls its runs dropped add up to more than a long holds");
    }
    return new CleanedPoint(
        key.protocol,
        key.threads,
        key.requests,
        PointStatus.COMPLETE,
        limit,
        kept.size(),
        errors,
        spread(kept, StoredRun::timeTotalMs),
        spread(kept, StoredRun::tps),
        spread(kept, StoredRun::throughput).avg(),
        Latency.of(kept),
        key.series,
        kept.size(),
        null,
        load,
        KeptLimits.summary(kept.stream().map(StoredRun::limitedBy).toList()));
  }

  static Spread spread(List<StoredRun> runs, Function<StoredRun, Double> column) {
    return Spread.of(runs.stream().map(column).toList());
  }

  /** Re-computes the whole cleaned table from the raw tables, in one transaction. */
  public static List<CleanedPoint> run(Database db) throws SQLException {
    return run(db, new ArrayList<>());
  }

  /** As {@link #run(Database)}; what could not be computed is added to {@code problems}. */
  public static List<CleanedPoint> run(Database db, List<String> problems) throws SQLException {
    return runKept(db, problems).stream().map(PointRuns::point).toList();
  }

  /**
   * A cleaned point with the runs it kept (empty when none was kept), for figures that need the
   * runs themselves: intervals and estimators ({@link PointEstimates}).
   */
  public record PointRuns(
      CleanedPoint point, List<StoredRun> kept, Map<String, List<String>> facts) {
    /** With no facts beyond the runs. */
    public PointRuns(CleanedPoint point, List<StoredRun> kept) {
      this(point, kept, Map.of());
    }
  }

  /**
   * The provenance keys that qualify a point's figures, as its files recorded them: whether a run's
   * client saturated before its server ({@code harness_limited}) and whether the link was off its
   * profile ({@code link_rtt_check}), whether the box held the link's round trip to its accuracy
   * ({@code link_rtt_accuracy}), whether a packet emulator held it while the point ran ({@code
   * link_emulator_check}), what the link cannot show ({@code link_note}: a proxy's). {@link
   * PointRuns#facts} holds their values, one per file.
   */
  public static final List<String> QUALIFYING_KEYS =
      List.of(
          "harness_limited",
          "link_rtt_check",
          "link_rtt_accuracy",
          "link_emulator_check",
          "link_note");

  /** As {@link #run(Database, List)}, each point with its kept runs. */
  public static List<PointRuns> runKept(Database db, List<String> problems) throws SQLException {
    Map<String, Map<String, String>> provenance = provenance(db);
    Map<String, Integer> stored = new TreeMap<>();
    Map<String, Key> keyOf = new TreeMap<>();
    Map<Key, List<FileOutcome>> outcomes = new TreeMap<>();
    Map<Key, List<String>> sources = new TreeMap<>();
    Map<Key, List<StoredRun>> runs = new TreeMap<>();
    try (Statement s = db.connection.createStatement()) {
      try (ResultSet rs =
          s.executeQuery("SELECT source, COUNT(*) FROM raw_result GROUP BY source")) {
        while (rs.next()) {
          stored.put(rs.getString(1), rs.getInt(2));
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT source, protocol, type, thread_num, request_num, status, limit_s FROM raw_point")) {
        while (rs.next()) {
          String source = rs.getString(1);
          Map<String, String> prov = provenance.getOrDefault(source, Map.of());
          RawProtocol p =
              RawProtocol.of(rs.getString(2), rs.getInt(3)).withLabel(prov.get("label"));
          Key k = new Key(p, rs.getInt(4), rs.getInt(5), Series.of(prov));
          keyOf.put(source, k);
          PointStatus st = PointStatus.of(rs.getString(6)).orElse(PointStatus.FAILED);
          outcomes
              .computeIfAbsent(k, x -> new ArrayList<>())
              .add(
                  new FileOutcome(
                      st, Rows.integer(rs, 7), stored.getOrDefault(source, 0), runs(prov)));
          sources.computeIfAbsent(k, x -> new ArrayList<>()).add(source);
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT r.source, r.type, r.thread_num, r.request_num, r.order_no, "
                  + "r.time_total_ms, r.tps, r.calls, r.errors, r.throughput, r.p50_us, r.p90_us, r.p99_us, "
                  + "r.p999_us, r.max_us, r.histogram, r.target_rate, r.achieved_rate, r.dropped, "
                  + "r.limited_by FROM raw_result r")) {
        while (rs.next()) {
          Key k = keyOf.get(rs.getString(1));
          if (k == null) {
            continue; // a run without its raw_point row: not written by this tool
          }
          StoredRun r =
              new StoredRun(
                  rs.getInt(2),
                  rs.getInt(3),
                  rs.getInt(4),
                  rs.getInt(5),
                  rs.getDouble(6),
                  rs.getDouble(7),
                  Rows.longValue(rs, 8),
                  Rows.longValue(rs, 9),
                  Rows.decimal(rs, 10),
                  Rows.decimal(rs, 11),
                  Rows.decimal(rs, 12),
                  Rows.decimal(rs, 13),
                  Rows.decimal(rs, 14),
                  Rows.decimal(rs, 15),
                  rs.getString(16),
                  Rows.decimal(rs, 17),
                  Rows.decimal(rs, 18),
                  Rows.longValue(rs, 19),
                  rs.getString(20));
          runs.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
      }
    }
    List<PointRuns> cleaned = new ArrayList<>();
    for (Map.Entry<Key, List<FileOutcome>> e : outcomes.entrySet()) {
      List<String> files = sources.get(e.getKey());
      if (files.size() > 1) {
        problems.add(
            "note: "
                + e.getKey().text()
                + ": "
                + files.size()
                + " files averaged together ("
                + String.join(", ", files)
                + ")");
      }
      List<StoredRun> all = runs.getOrDefault(e.getKey(), List.of());
      Map<String, List<String>> facts = new TreeMap<>();
      for (String source : files) {
        provenance
            .getOrDefault(source, Map.of())
            .forEach(
                (k, v) -> {
                  if (QUALIFYING_KEYS.contains(k)) {
                    facts.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
                  }
                });
      }
      cleaned.add(
          new PointRuns(
              clean(e.getKey(), all, e.getValue(), problems),
              kept(all, declaredRuns(e.getValue())),
              facts));
    }
    List<CleanedPoint> points = cleaned.stream().map(PointRuns::point).toList();
    db.inTransaction(c -> CleanedTable.replace(c, points));
    return cleaned;
  }

  private static Integer runs(Map<String, String> provenance) {
    try {
      return provenance.containsKey("runs") ? Integer.valueOf(provenance.get("runs").trim()) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The provenance keys the cleaning reads: the point's identity (its series), the older {@code
   * lab} (the link of files before {@code link_rate}), {@code type} (the protocol of files with no
   * id), runs and label.
   */
  private static final List<String> SERIES_KEYS =
      Stream.concat(
              Stream.concat(PointKey.names().stream(), Stream.of("lab", "type", "runs", "label")),
              QUALIFYING_KEYS.stream())
          .toList();

  /** Each file's provenance values that the cleaning needs (series, runs, label). */
  private static Map<String, Map<String, String>> provenance(Database db) throws SQLException {
    Map<String, Map<String, String>> out = new TreeMap<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT source, prov_key, prov_value FROM raw_provenance WHERE prov_key IN ("
                    + SERIES_KEYS.stream().map(k -> "'" + k + "'").collect(joining(", "))
                    + ")")) {
      while (rs.next()) {
        out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>())
            .put(rs.getString(2), rs.getString(3));
      }
    }
    return out;
  }
}
