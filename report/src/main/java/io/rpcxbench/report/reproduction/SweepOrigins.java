package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.Database;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where each raw file of a regime came from, as the files record it: the commit (provenance {@code
 * git_commit}) and the day the point was started ({@code started}, UTC). The verdict box names them
 * per regime, so a page built from files of several commits or from sweeps of different days says
 * so, generated, instead of in hand-written prose that drifts.
 *
 * <pre>{@code
 * SweepOrigins o = SweepOrigins.load(db);
 * SweepOrigins.Summary s = o.of(regime); // commits with their file counts, sweeps a point, days
 * }</pre>
 */
final class SweepOrigins {
  static final String UNRECORDED = "not recorded";

  /** One file's commit and start day (yyyy-mm-dd), each {@link #UNRECORDED} when absent. */
  record Origin(String commit, String day) {}

  /**
   * A regime's files: {@code commits} maps each commit to its number of files, most files first
   * (ties by name); {@code minSweeps..maxSweeps} files a point; the first and last start day.
   */
  record Summary(
      Map<String, Integer> commits, int minSweeps, int maxSweeps, String firstDay, String lastDay) {
    /** "56a510a (130 files), 266e7d0 (25 files)", or the one commit alone. */
    String commitsText() {
      if (commits.size() == 1) {
        return "`" + commits.keySet().iterator().next() + "`";
      }
      List<String> parts = new ArrayList<>();
      commits.forEach((c, n) -> parts.add("`" + c + "` (" + n + (n == 1 ? " file)" : " files)")));
      return String.join(", ", parts);
    }

    /** "3", or "1-3" when points differ. */
    String sweepsText() {
      return minSweeps == maxSweeps ? "" + maxSweeps : minSweeps + "-" + maxSweeps;
    }

    /** "2026-11-25", or "2026-11-22 to 2026-11-23". */
    String daysText() {
      return firstDay.equals(lastDay) ? firstDay : firstDay + " to " + lastDay;
    }
  }

  private final Map<String, Origin> bySource;

  SweepOrigins(Map<String, Origin> bySource) {
    this.bySource = Map.copyOf(bySource);
  }

  /** No file has an origin: every regime's commit and day read {@link #UNRECORDED}. */
  static SweepOrigins none() {
    return new SweepOrigins(Map.of());
  }

  /** Every ingested file's commit and start day. */
  static SweepOrigins load(Database db) throws SQLException {
    Map<String, String> commit = new HashMap<>();
    Map<String, String> day = new HashMap<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT source, prov_key, prov_value FROM raw_provenance"
                    + " WHERE prov_key IN ('git_commit', 'started')")) {
      while (rs.next()) {
        String value = rs.getString(3).strip();
        if (rs.getString(2).equals("git_commit")) {
          commit.put(rs.getString(1), value);
        } else {
          day.put(rs.getString(1), value.length() >= 10 ? value.substring(0, 10) : value);
        }
      }
    }
    Map<String, Origin> out = new HashMap<>();
    for (String source : union(commit.keySet(), day.keySet())) {
      out.put(source, new Origin(orUnrecorded(commit.get(source)), orUnrecorded(day.get(source))));
    }
    return new SweepOrigins(out);
  }

  /** The origins of every file behind the regime's points. */
  Summary of(Regime regime) {
    Map<String, Integer> count = new HashMap<>();
    TreeSet<String> days = new TreeSet<>();
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (CleanedPoint p : regime.measurements().points) {
      List<RunTimes.Sweep> sweeps = regime.runs().of(p);
      min = Math.min(min, sweeps.size());
      max = Math.max(max, sweeps.size());
      for (RunTimes.Sweep s : sweeps) {
        Origin o = bySource.getOrDefault(s.source(), new Origin(UNRECORDED, UNRECORDED));
        count.merge(o.commit(), 1, Integer::sum);
        if (!o.day().equals(UNRECORDED)) {
          days.add(o.day());
        }
      }
    }
    Map<String, Integer> commits = new java.util.LinkedHashMap<>();
    count.entrySet().stream()
        .sorted(
            Comparator.<Map.Entry<String, Integer>>comparingInt(e -> -e.getValue())
                .thenComparing(Map.Entry::getKey))
        .forEach(e -> commits.put(e.getKey(), e.getValue()));
    return new Summary(
        commits,
        max == 0 ? 0 : min,
        max,
        days.isEmpty() ? UNRECORDED : days.first(),
        days.isEmpty() ? UNRECORDED : days.last());
  }

  private static String orUnrecorded(String value) {
    return value == null || value.isEmpty() ? UNRECORDED : value;
  }

  private static TreeSet<String> union(java.util.Set<String> a, java.util.Set<String> b) {
    TreeSet<String> out = new TreeSet<>(a);
    out.addAll(b);
    return out;
  }
}
