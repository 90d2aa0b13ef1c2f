package io.rpcxbench.report.db;

import io.rpcxbench.raw.PointKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Where the data came from: the distinct provenance values of the ingested files, per protocol (any
 * id).
 */
public final class ProvenanceValues {
  /** The point keys every table row shows already (or, for the schedule, the open-loop table). */
  private static final Set<PointKey> PER_POINT =
      EnumSet.of(PointKey.PROTOCOL, PointKey.THREADS, PointKey.REQUESTS, PointKey.RATE_SCHEDULE);

  /**
   * Keys shown in the report, in this order: where and with what (lab, link, host, JVM, ...), the
   * point's identity keys ({@link PointKey}) but those of every row, then runs and times.
   */
  static final List<String> KEYS =
      Stream.of(
              Stream.of("lab", PointKey.LINK_RATE.key(), PointKey.CLIENT_HOST.key()),
              Stream.of(
                  "target",
                  "jvm",
                  "jvm_flags",
                  "server_jvm_flags",
                  "class_data_sharing", // "on": the JVMs started from class-data archives
                  "os",
                  "cpu_model",
                  "stack",
                  "git_commit"),
              Arrays.stream(PointKey.values())
                  .filter(k -> !PER_POINT.contains(k))
                  .filter(k -> k != PointKey.LINK_RATE && k != PointKey.CLIENT_HOST)
                  .map(PointKey::key),
              Stream.of(
                  "runs",
                  "harness_limited", // "true": a run's client saturated its CPU before the server
                  // did
                  "started",
                  "finished"))
          .flatMap(k -> k)
          .toList();

  /** One line of the provenance table; {@code protocol} null means "the same for all". */
  public record Line(String key, RawProtocol protocol, List<String> values) {}

  private ProvenanceValues() {}

  public static List<Line> load(Database db) throws SQLException {
    Map<String, Map<RawProtocol, SortedSet<String>>> byKey = new TreeMap<>();
    SortedSet<RawProtocol> protocols = new TreeSet<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT p.protocol, p.type, v.prov_key, v.prov_value "
                    + "FROM raw_provenance v JOIN raw_point p ON p.source = v.source")) {
      while (rs.next()) {
        RawProtocol p = RawProtocol.of(rs.getString(1), rs.getInt(2));
        protocols.add(p);
        if (KEYS.contains(rs.getString(3))) {
          byKey
              .computeIfAbsent(rs.getString(3), k -> new TreeMap<>())
              .computeIfAbsent(p, k -> new TreeSet<>())
              .add(rs.getString(4));
        }
      }
    }
    List<Line> lines = new ArrayList<>();
    for (String key : KEYS) {
      Map<RawProtocol, SortedSet<String>> values = byKey.get(key);
      if (values == null) {
        continue;
      }
      if (key.equals("started") || key.equals("finished")) {
        // ISO-8601 instants sort as text: show the span instead of every point's time.
        SortedSet<String> all = new TreeSet<>();
        values.values().forEach(all::addAll);
        lines.add(
            new Line(
                key,
                null,
                all.size() == 1
                    ? List.of(all.first())
                    : List.of(all.first() + " … " + all.last())));
      } else if (values.size() == protocols.size()
          && new TreeSet<>(values.values().stream().map(Object::toString).toList()).size() == 1) {
        lines.add(new Line(key, null, List.copyOf(values.values().iterator().next())));
      } else {
        values.forEach((p, v) -> lines.add(new Line(key, p, List.copyOf(v))));
      }
    }
    return lines;
  }

  /** Number of ingested files per protocol and status, e.g. "RPCX: 12 complete, 1 timeout". */
  public static Map<RawProtocol, Map<PointStatus, Integer>> fileCounts(Database db)
      throws SQLException {
    Map<RawProtocol, Map<PointStatus, Integer>> out = new TreeMap<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT protocol, type, status, COUNT(*) FROM raw_point "
                    + "GROUP BY protocol, type, status")) {
      while (rs.next()) {
        RawProtocol p = RawProtocol.of(rs.getString(1), rs.getInt(2));
        PointStatus st = PointStatus.of(rs.getString(3)).orElse(null);
        if (st != null) {
          out.computeIfAbsent(p, k -> new EnumMap<>(PointStatus.class)).put(st, rs.getInt(4));
        }
      }
    }
    return out;
  }
}
