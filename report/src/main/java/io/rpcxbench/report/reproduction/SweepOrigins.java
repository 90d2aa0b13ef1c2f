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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where each raw file of a regime came from, as the files record it: the commit (provenance {@code
 * git_commit}), the CPU ({@code cpu_model}) and the day the point was started ({@code started},
 * UTC). The verdict box names them per regime, so a page built from files of several commits, CPUs
 * or days says so, generated, instead of in hand-written prose that drifts.
 *
 * <pre>{@code
 * SweepOrigins o = SweepOrigins.load(db);
 * SweepOrigins.Summary s = o.of(regime); // commits and CPUs with their file counts, sweeps, days
 * }</pre>
 */
final class SweepOrigins {
  static final String UNRECORDED = "not recorded";

  /** One file's commit, start day (yyyy-mm-dd) and CPU, each {@link #UNRECORDED} when absent. */
  record Origin(String commit, String day, String cpu) {}

  private static final Origin NONE = new Origin(UNRECORDED, UNRECORDED, UNRECORDED);

  /**
   * A regime's files: {@code commits} and {@code cpus} map each value to its number of files, most
   * files first (ties by name); {@code minSweeps..maxSweeps} files a point; the first and last
   * start day.
   */
  record Summary(
      Map<String, Integer> commits,
      Map<String, Integer> cpus,
      int minSweeps,
      int maxSweeps,
      String firstDay,
      String lastDay) {
    /** "`56a510a` (64 files), `266e7d0` (25 files)", or the one commit alone. */
    String commitsText() {
      return counted(commits, "`");
    }

    /** "AMD EPYC", or each CPU with its number of files. */
    String cpusText() {
      return counted(cpus, "");
    }

    /** "3", or "1-3" when points differ. */
    String sweepsText() {
      return minSweeps == maxSweeps ? "" + maxSweeps : minSweeps + "-" + maxSweeps;
    }

    /** "2026-11-25", or "2026-11-22 to 2026-11-23". */
    String daysText() {
      return firstDay.equals(lastDay) ? firstDay : firstDay + " to " + lastDay;
    }

    private static String counted(Map<String, Integer> values, String quote) {
      if (values.size() == 1) {
        return quote + values.keySet().iterator().next() + quote;
      }
      List<String> parts = new ArrayList<>();
      values.forEach(
          (v, n) -> parts.add(quote + v + quote + " (" + n + (n == 1 ? " file)" : " files)")));
      return String.join(", ", parts);
    }
  }

  private final Map<String, Origin> bySource;

  SweepOrigins(Map<String, Origin> bySource) {
    this.bySource = Map.copyOf(bySource);
  }

  /** No file has an origin: every regime's commit, CPU and day read {@link #UNRECORDED}. */
  static SweepOrigins none() {
    return new SweepOrigins(Map.of());
  }

  /** Every ingested file's commit, start day and CPU. */
  static SweepOrigins load(Database db) throws SQLException {
    Map<String, Map<String, String>> bySource = new HashMap<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT source, prov_key, prov_value FROM raw_provenance"
                    + " WHERE prov_key IN ('git_commit', 'started', 'cpu_model')")) {
      while (rs.next()) {
        bySource
            .computeIfAbsent(rs.getString(1), k -> new HashMap<>())
            .put(rs.getString(2), rs.getString(3).strip());
      }
    }
    Map<String, Origin> out = new HashMap<>();
    bySource.forEach(
        (source, prov) -> {
          String started = orUnrecorded(prov.get("started"));
          out.put(
              source,
              new Origin(
                  orUnrecorded(prov.get("git_commit")),
                  started.length() >= 10 && !started.equals(UNRECORDED)
                      ? started.substring(0, 10)
                      : started,
                  orUnrecorded(prov.get("cpu_model"))));
        });
    return new SweepOrigins(out);
  }

  /** The origins of every file behind the regime's points. */
  Summary of(Regime regime) {
    Map<String, Integer> commits = new HashMap<>();
    Map<String, Integer> cpus = new HashMap<>();
    TreeSet<String> days = new TreeSet<>();
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (CleanedPoint p : regime.measurements().points) {
      List<RunTimes.Sweep> sweeps = regime.runs().of(p);
      min = Math.min(min, sweeps.size());
      max = Math.max(max, sweeps.size());
      for (RunTimes.Sweep s : sweeps) {
        Origin o = bySource.getOrDefault(s.source(), NONE);
        commits.merge(o.commit(), 1, Integer::sum);
        cpus.merge(o.cpu(), 1, Integer::sum);
        if (!o.day().equals(UNRECORDED)) {
          days.add(o.day());
        }
      }
    }
    return new Summary(
        mostFirst(commits),
        mostFirst(cpus),
        max == 0 ? 0 : min,
        max,
        days.isEmpty() ? UNRECORDED : days.first(),
        days.isEmpty() ? UNRECORDED : days.last());
  }

  private static String orUnrecorded(String value) {
    return value == null || value.isEmpty() ? UNRECORDED : value;
  }

  /** The counts, most first, ties by name. */
  private static Map<String, Integer> mostFirst(Map<String, Integer> count) {
    Map<String, Integer> out = new LinkedHashMap<>();
    count.entrySet().stream()
        .sorted(
            Comparator.<Map.Entry<String, Integer>>comparingInt(e -> -e.getValue())
                .thenComparing(Map.Entry::getKey))
        .forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }
}
