package io.rpcxbench.report.reproduction;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.stats.Num;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where each raw file of a regime came from, as the files record it: the commit (provenance {@code
 * git_commit}), the CPU ({@code cpu_model}), the day the point was started ({@code started}, UTC)
 * and the link the lab measured when it was set up ({@code lab: ... measured=0.96mbit}). The
 * verdict box names them per regime, so a page built from files of several commits, CPUs or days
 * says so, generated, instead of in hand-written prose that drifts.
 *
 * <pre>{@code
 * SweepOrigins o = SweepOrigins.load(db);
 * SweepOrigins.Summary s = o.of(regime); // commits and CPUs with their file counts, sweeps, days
 * }</pre>
 */
final class SweepOrigins {
  static final String UNRECORDED = "not recorded";

  /**
   * One file's commit, start day (yyyy-mm-dd) and CPU, each {@link #UNRECORDED} when absent, its
   * lab's measured link in Mbit/s (NaN when absent), and of its kept runs (order 0 dropped) those
   * that say what limited them ({@code judged}) and those among them on a contended machine.
   */
  record Origin(
      String commit,
      String day,
      String cpu,
      double linkMbit,
      int judged,
      int contended,
      String started,
      String finished) {
    /** A file that records no start or finish time. */
    Origin(String commit, String day, String cpu, double linkMbit, int judged, int contended) {
      this(commit, day, cpu, linkMbit, judged, contended, "", "");
    }
  }

  private static final Origin NONE =
      new Origin(UNRECORDED, UNRECORDED, UNRECORDED, Double.NaN, 0, 0, "", "");

  private static final Pattern MEASURED = Pattern.compile("measured=([0-9.]+)(kbit|mbit|gbit)");

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
      String lastDay,
      double minLinkMbit,
      double maxLinkMbit,
      long judgedRuns,
      long contendedRuns,
      List<String> sweepWindows) {
    /** "3 of 891": kept runs on a contended machine of those judged; or {@link #UNRECORDED}. */
    String contendedText() {
      return judgedRuns == 0 ? UNRECORDED : contendedRuns + " of " + judgedRuns;
    }

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

    /**
     * Each sweep's first start to last finish, "2026-11-26 00:17-04:30; 07:59-13:32", the day
     * written where it changes; the days alone where the files record no times.
     */
    String windowsText() {
      return sweepWindows.isEmpty() ? daysText() : String.join("; ", sweepWindows);
    }

    /** "956-957 Mbit/s", "0.84-0.96 Mbit/s", one value alone, or {@link #UNRECORDED}. */
    String linkText() {
      if (Double.isNaN(minLinkMbit)) {
        return UNRECORDED;
      }
      int decimals = maxLinkMbit >= 100 ? 0 : 2;
      String low = Num.fixed(minLinkMbit, decimals);
      String high = Num.fixed(maxLinkMbit, decimals);
      return (low.equals(high) ? low : low + "-" + high) + " Mbit/s";
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
                    + " WHERE prov_key IN ('git_commit', 'started', 'finished', 'cpu_model', 'lab',"
                    + " 'noise_rule')")) {
      while (rs.next()) {
        bySource
            .computeIfAbsent(rs.getString(1), k -> new HashMap<>())
            .put(rs.getString(2), rs.getString(3).strip());
      }
    }
    Map<String, int[]> runs = new HashMap<>(); // source -> {judged, contended}
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT source, limited_by FROM raw_result"
                    + " WHERE order_no > 0 AND limited_by IS NOT NULL")) {
      while (rs.next()) {
        int[] n = runs.computeIfAbsent(rs.getString(1), k -> new int[2]);
        n[0]++;
        if ("contended".equals(rs.getString(2))) {
          n[1]++;
        }
      }
    }
    Map<String, Origin> out = new HashMap<>();
    bySource.forEach(
        (source, prov) -> {
          String started = orUnrecorded(prov.get("started"));
          int[] judged = judged(prov, source, runs.get(source));
          out.put(
              source,
              new Origin(
                  orUnrecorded(prov.get("git_commit")),
                  started.length() >= 10 && !started.equals(UNRECORDED)
                      ? started.substring(0, 10)
                      : started,
                  orUnrecorded(prov.get("cpu_model")),
                  linkMbit(prov.get("lab")),
                  judged[0],
                  judged[1],
                  prov.getOrDefault("started", ""),
                  prov.getOrDefault("finished", "")));
        });
    return new SweepOrigins(out);
  }

  /** The origins of every file behind the regime's points. */
  Summary of(Regime regime) {
    Map<String, Integer> commits = new HashMap<>();
    Map<String, Integer> cpus = new HashMap<>();
    TreeSet<String> days = new TreeSet<>();
    double lowLink = Double.NaN;
    double highLink = Double.NaN;
    long judged = 0;
    long contended = 0;
    int min = Integer.MAX_VALUE;
    int max = 0;
    List<String[]> windows = new ArrayList<>(); // per sweep: {first start, last finish}
    for (CleanedPoint p : regime.measurements().points) {
      List<RunTimes.Sweep> sweeps = regime.runs().of(p);
      min = Math.min(min, sweeps.size());
      max = Math.max(max, sweeps.size());
      for (int k = 0; k < sweeps.size(); k++) {
        RunTimes.Sweep s = sweeps.get(k);
        Origin o = bySource.getOrDefault(s.source(), NONE);
        widen(windows, k, o);
        commits.merge(o.commit(), 1, Integer::sum);
        cpus.merge(o.cpu(), 1, Integer::sum);
        if (!o.day().equals(UNRECORDED)) {
          days.add(o.day());
        }
        judged += o.judged();
        contended += o.contended();
        if (!Double.isNaN(o.linkMbit())) {
          lowLink = Double.isNaN(lowLink) ? o.linkMbit() : Math.min(lowLink, o.linkMbit());
          highLink = Double.isNaN(highLink) ? o.linkMbit() : Math.max(highLink, o.linkMbit());
        }
      }
    }
    return new Summary(
        mostFirst(commits),
        mostFirst(cpus),
        max == 0 ? 0 : min,
        max,
        days.isEmpty() ? UNRECORDED : days.first(),
        days.isEmpty() ? UNRECORDED : days.last(),
        lowLink,
        highLink,
        judged,
        contended,
        windowTexts(windows));
  }

  /** Sweep {@code k}'s window grown to hold file {@code o}'s start and finish. */
  private static void widen(List<String[]> windows, int k, Origin o) {
    while (windows.size() <= k) {
      windows.add(new String[] {"", ""});
    }
    String[] w = windows.get(k);
    if (o.started().length() >= 16 && (w[0].isEmpty() || o.started().compareTo(w[0]) < 0)) {
      w[0] = o.started();
    }
    if (o.finished().length() >= 16 && o.finished().compareTo(w[1]) > 0) {
      w[1] = o.finished();
    }
  }

  /**
   * "2026-11-26 00:17-04:30", "07:59-13:32" (same day as the one before), "2026-11-22 13:44 to
   * 2026-11-23 02:10"; empty when a sweep lacks a start or a finish.
   */
  static List<String> windowTexts(List<String[]> windows) {
    List<String> out = new ArrayList<>();
    String day = "";
    for (String[] w : windows) {
      if (w[0].isEmpty() || w[1].isEmpty()) {
        return List.of();
      }
      String startDay = w[0].substring(0, 10);
      String endDay = w[1].substring(0, 10);
      String text = (startDay.equals(day) ? "" : startDay + " ") + w[0].substring(11, 16);
      text +=
          endDay.equals(startDay)
              ? "-" + w[1].substring(11, 16)
              : " to " + endDay + " " + w[1].substring(11, 16);
      out.add(text);
      day = endDay;
    }
    return out;
  }

  /**
   * A file's {judged, contended} kept runs: each kept run's own {@code contended} flag, read from
   * the file, since {@code limited_by} names the link first where the link held a run on a busy box
   * (at 1 Mbit/s most flagged runs say {@code link}); without the file, the runs whose {@code
   * limited_by} is {@code contended}. None judged when the file has no noise rule (files of runners
   * before it never say contended, so their runs cannot count as a quiet box).
   */
  private static int[] judged(Map<String, String> prov, String source, int[] byLimit) {
    if (!prov.containsKey("noise_rule") || byLimit == null) {
      return new int[2];
    }
    Path file = Path.of(source);
    if (!Files.isRegularFile(file)) {
      return byLimit;
    }
    try {
      RawContents c = RawResultFile.read(file);
      if (!c.hasColumn("contended")) {
        return byLimit;
      }
      int[] n = new int[2];
      for (RunRow row : c.rows()) {
        if (row.order() > 0) {
          n[0]++;
          String flag = row.extra().getOrDefault("contended", "").strip();
          n[1] += flag.equals("1") || flag.equalsIgnoreCase("true") ? 1 : 0;
        }
      }
      return n;
    } catch (IOException | UncheckedIOException e) {
      return byLimit;
    }
  }

  /** The Mbit/s of the lab line's {@code measured=}, NaN without one. */
  static double linkMbit(String lab) {
    Matcher m = lab == null ? null : MEASURED.matcher(lab);
    if (m == null || !m.find()) {
      return Double.NaN;
    }
    double value = Double.parseDouble(m.group(1));
    return switch (m.group(2)) {
      case "kbit" -> value / 1000;
      case "gbit" -> value * 1000;
      default -> value;
    };
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
