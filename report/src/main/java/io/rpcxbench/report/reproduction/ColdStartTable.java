package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.stats.Num;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * The paper's Table 2 measured: points run with {@code --cold-start} (order 0 includes building the
 * client and its first calls), each file one round. Per point: rounds, order 0's runtime, the mean
 * of the other runs, and their ratio (the paper: ~944 ms against ~47 ms, "on average 20 times
 * higher"), each as the median over rounds with min-max.
 *
 * <pre>{@code
 * String md = ColdStartTable.markdown(RunTimes.load(coldStartDb));
 * }</pre>
 */
final class ColdStartTable {
  private static final Quantile MEDIAN = Quantile.withDefaults().withCopy(true);

  private ColdStartTable() {}

  /** The section, from "## " to its last line; "no data" when no file has run 0 and another. */
  static String markdown(RunTimes runs) {
    StringBuilder sb =
        new StringBuilder("\n## Table 2 measured: the first run with --cold-start\n\n")
            .append(
                "Order 0 includes building the client and its first calls; each file is one round"
                    + " of runs 0..N−1 in a fresh client JVM. Median over the rounds, [min-max]."
                    + " The paper (RPCX, 10 threads, R = 10 and 20): 944 and 947 ms for order 0,"
                    + " ~47 ms for the others (derived, 944 / 20: Table 2's body is not in the text"
                    + " this project has), \"on average 20 times higher\".\n\n")
            .append(
                "| protocol | series | threads | requests | rounds | order 0 (ms) | runs 1..N−1,"
                    + " mean (ms) | order 0 / the others |\n")
            .append("|:---|:---|---:|---:|---:|---:|---:|---:|\n");
    int rows = 0;
    for (Cleaner.Key k : runs.points()) {
      List<Double> first = new ArrayList<>();
      List<Double> rest = new ArrayList<>();
      List<Double> ratio = new ArrayList<>();
      for (RunTimes.Sweep s : runs.of(k)) {
        Double zero = s.at(0);
        double[] kept = s.kept();
        if (zero == null || kept.length == 0) {
          continue;
        }
        double mean = Regime.pooledMean(List.of(kept));
        first.add(zero);
        rest.add(mean);
        ratio.add(zero / mean);
      }
      if (first.isEmpty()) {
        continue;
      }
      rows++;
      sb.append("| ")
          .append(k.protocol().label)
          .append(" | ")
          .append(Regime.link(k.series().linkRate()))
          .append(", ")
          .append(k.series().requestsPer().equals("total") ? "R shared" : "T × R")
          .append(" | ")
          .append(k.threads())
          .append(" | ")
          .append(k.requests())
          .append(" | ")
          .append(first.size())
          .append(" | ")
          .append(summary(first, 0))
          .append(" | ")
          .append(summary(rest, 1))
          .append(" | ")
          .append(summary(ratio, 0))
          .append("× |\n");
    }
    return rows == 0
        ? "\n## Table 2 measured: the first run with --cold-start\n\nNo data.\n"
        : sb.toString();
  }

  private static String summary(List<Double> v, int decimals) {
    double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
    double min = v.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return Num.fixed(MEDIAN.evaluate(a, 0.5), decimals)
        + " ["
        + Num.fixed(min, decimals)
        + "-"
        + Num.fixed(max, decimals)
        + "]";
  }

  /**
   * "\nThe files: commit `e6df08a`, started 2026-11-23 11:12 to 11:45 UTC.\n", from every file's
   * {@code git_commit} and {@code started}; empty when they record neither.
   */
  static String provenance(Database db) throws SQLException {
    TreeSet<String> commits = new TreeSet<>();
    TreeSet<String> started = new TreeSet<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT prov_key, prov_value FROM raw_provenance"
                    + " WHERE prov_key IN ('git_commit', 'started')")) {
      while (rs.next()) {
        String v = rs.getString(2).strip();
        if (!v.isEmpty()) {
          (rs.getString(1).equals("git_commit") ? commits : started).add(v);
        }
      }
    }
    if (commits.isEmpty() && started.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\nThe files:");
    if (!commits.isEmpty()) {
      sb.append(commits.size() == 1 ? " commit `" : " commits `")
          .append(String.join("`, `", commits))
          .append('`')
          .append(started.isEmpty() ? "" : ",");
    }
    if (!started.isEmpty()) {
      String first = started.first();
      String last = started.last();
      sb.append(" started ")
          .append(
              first.length() >= 16
                  ? first.substring(0, 10) + " " + first.substring(11, 16)
                  : first);
      if (!last.equals(first)) {
        sb.append(" to ")
            .append(
                last.length() >= 16
                        && last.startsWith(first.substring(0, Math.min(10, first.length())))
                    ? last.substring(11, 16)
                    : last);
      }
      sb.append(" UTC");
    }
    return sb.append(".\n").toString();
  }
}
