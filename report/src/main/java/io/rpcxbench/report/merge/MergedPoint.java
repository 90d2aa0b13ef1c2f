package io.rpcxbench.report.merge;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RunRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One point merged across the client hosts that ran it together ({@link HostMerge}): the hosts it
 * was meant for, those whose files were found, what keeps it from being whole, and the merged
 * provenance and rows ({@code rows} empty when it could not be merged at all: {@code problems}).
 *
 * @param missing expected hosts without a file (unreachable, or died before writing one)
 * @param cut hosts whose file is not whole (fewer runs than announced, timeout, failed)
 * @param notTogether why the hosts did not start together (different {@code start_at}), or null
 * @param problems why the files could not be merged at all; empty when they were
 * @param warnings what the numbers should be read with (clock offsets, a late release)
 */
record MergedPoint(
    HostFile.Key key,
    List<String> expected,
    List<String> present,
    List<String> missing,
    List<String> cut,
    String notTogether,
    List<String> problems,
    List<String> warnings,
    Map<String, String> provenance,
    List<RunRow> rows) {

  /** Every expected host's whole file, started together, merged. */
  boolean complete() {
    return missing.isEmpty() && cut.isEmpty() && notTogether == null && problems.isEmpty();
  }

  boolean merged() {
    return problems.isEmpty() && !rows.isEmpty();
  }

  /** Why the point is not whole, for the one line that says so; "" when it is. */
  String whyIncomplete() {
    List<String> why = new ArrayList<>();
    if (!missing.isEmpty()) {
      why.add("missing " + String.join(" ", missing) + " (no file)");
    }
    if (!cut.isEmpty()) {
      why.add("cut short on " + String.join(" ", cut));
    }
    if (notTogether != null) {
      why.add("not started together: " + notTogether);
    }
    why.addAll(problems);
    return String.join("; ", why);
  }

  /** The line {@code merge-hosts} prints for the point. */
  String line(String file) {
    String head =
        key.text() + " on " + expected.size() + " hosts (" + String.join(" ", expected) + ")";
    if (!merged()) {
      return head + ": NOT MERGED: " + whyIncomplete();
    }
    String numbers = numbers();
    if (complete()) {
      return head + " -> " + file + ": complete, " + numbers;
    }
    return head
        + " -> "
        + file
        + ": INCOMPLETE: "
        + whyIncomplete()
        + "; merged from "
        + String.join(" ", present)
        + " only, not a whole point: "
        + numbers;
  }

  /**
   * Runs, calls and calls/s of the kept runs (orders 1..N-1, or the only one, as the report's
   * cleaning keeps), their latency from the added histograms, and the first release's spread.
   */
  String numbers() {
    List<RunRow> kept = rows.size() > 1 ? rows.subList(1, rows.size()) : rows;
    long calls = kept.stream().mapToLong(RunRow::calls).sum();
    double throughput = kept.stream().mapToDouble(RunRow::throughput).average().orElse(0);
    Histogram all =
        Histograms.merge(kept.stream().map(r -> r.latencyNanos().orElseThrow()).toList());
    return String.format(
            Locale.ROOT,
            "%d runs, %d calls in runs %s, %.1f calls/s (mean of those runs), p50 %.1f us,"
                + " p99 %.1f us, first release spread %s ms",
            rows.size(),
            calls,
            rows.size() > 1 ? "1-" + (rows.size() - 1) : "0",
            throughput,
            all.getValueAtPercentile(50) / 1000.0,
            all.getValueAtPercentile(99) / 1000.0,
            provenance.getOrDefault("start_spread_ms", "?"))
        + openLoop();
  }

  /**
   * The open loop's verdict: {@code ; fleet achieved 2990.1 of 3000.0 calls/s (slowest kept run), 0
   * dropped, kept up: yes, hosts behind: none}; empty for the other models.
   */
  private String openLoop() {
    if (!provenance.containsKey("kept_up")) {
      return "";
    }
    return "; fleet achieved "
        + provenance.get("fleet_achieved_rate_min")
        + " of "
        + provenance.get("fleet_target_rate")
        + " calls/s (slowest kept run), dropped "
        + provenance.get("dropped_by_host")
        + ", errors "
        + provenance.get("errors_by_host")
        + ", kept up: "
        + provenance.get("kept_up")
        + (provenance.containsKey("kept_up_why") ? " (" + provenance.get("kept_up_why") + ")" : "")
        + ", hosts behind: "
        + provenance.get("behind_hosts");
  }
}
