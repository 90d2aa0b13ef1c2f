package io.rpcxbench.runner.choose;

import io.rpcxbench.harness.measure.RunMeters;
import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.runner.point.PointResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * A service-level objective for {@code choose}: a latency percentile from the intended start (the
 * open loop's, so a late call counts from when it was due), at most {@code maxErrors} failed calls
 * and at most {@code maxDrop} of the planned calls dropped, and the rate kept up with (99 % of it,
 * the runner's one rule in {@link PointResult#KEPT_UP}).
 *
 * <pre>{@code
 * Slo slo = Slo.parse("p99=5ms", 0, 0.01);
 * Slo.Verdict v = slo.check(RawResultFile.read(probeFile));
 * v.met();   // false: "p99 7.9 ms > 5 ms"
 * }</pre>
 */
record Slo(double percentile, double limitMicros, long maxErrors, double maxDrop) {
  private static final Pattern FORM =
      Pattern.compile(
          "p([0-9]{1,2}(?:\\.[0-9]{1,3})?)\\s*(?:=|<=)\\s*([0-9]+(?:\\.[0-9]+)?)(us|ms|s)");

  /**
   * The share of a run's planned calls (made or dropped) below which the run did not finish: a
   * finished open-loop run goes through its whole schedule, and a Poisson schedule of the fewest
   * calls a probe plans is far above this.
   */
  static final double MADE_SHARE = 0.8;

  /**
   * What one probe's file says against the SLO: {@code outcome} met, missed or no-data (the probe
   * did not finish, so it says nothing about the SLO); the percentile's value, the failed calls and
   * the share of planned calls dropped (null when unknown).
   */
  record Verdict(
      CapacitySearch.Outcome outcome,
      String why,
      Double latencyMicros,
      String limitedBy,
      boolean contended,
      long errors,
      Double dropShare) {
    /** No data: the probe did not finish ({@code why}: how). */
    static Verdict noData(String why) {
      return new Verdict(CapacitySearch.Outcome.NO_DATA, why, null, "", false, 0, null);
    }

    boolean met() {
      return outcome == CapacitySearch.Outcome.MET;
    }

    boolean noData() {
      return outcome == CapacitySearch.Outcome.NO_DATA;
    }

    /**
     * Missed on dropped calls alone, dropped at the client's in-flight cap: the latency and the
     * errors were within the SLO, so the generator, not the server, was the limit.
     */
    boolean droppedAtTheClientsCap() {
      return outcome == CapacitySearch.Outcome.MISSED
          && why.endsWith(DROPPED)
          && !why.contains(", ")
          && limitedBy.startsWith("client (in-flight cap");
    }
  }

  /** The end of the reason a probe that dropped too many calls missed for. */
  private static final String DROPPED = "% dropped";

  /**
   * {@code p99=5ms}, {@code p99.9<=800us}, {@code p50=1s}.
   *
   * @throws IllegalArgumentException naming the text, for anything else
   */
  static Slo parse(String text, long maxErrors, double maxDrop) {
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "--slo: '" + text + "' is not PERCENTILE=LIMIT, e.g. p99=5ms, p99.9=800us, p50=1s");
    }
    double q = Double.parseDouble(m.group(1));
    double limit = Double.parseDouble(m.group(2));
    double micros =
        switch (m.group(3)) {
          case "us" -> limit;
          case "ms" -> limit * 1e3;
          default -> limit * 1e6;
        };
    if (q <= 0 || q >= 100 || micros <= 0) {
      throw new IllegalArgumentException(
          "--slo: '" + text + "' needs a percentile in (0, 100) and a limit above 0");
    }
    if (maxErrors < 0 || maxDrop < 0 || maxDrop >= 1) {
      throw new IllegalArgumentException("--errors must be >= 0 and --max-drop in [0, 1)");
    }
    return new Slo(q, micros, maxErrors, maxDrop);
  }

  /** The percentile's name: {@code p99}, {@code p99.9}. */
  String percentileName() {
    return "p" + NumberText.compact(percentile);
  }

  /** {@code p99<=5ms}, as the pages print it. */
  String text() {
    return percentileName() + "<=" + NumberText.duration(limitMicros);
  }

  /**
   * The probe's file against the SLO, when it planned {@code runs} runs of {@code callsPerRun}
   * calls each: no data when it has fewer runs, or a run made (or dropped) fewer than {@link
   * #MADE_SHARE} of its calls; else {@link #check(RawContents)}.
   */
  Verdict check(RawContents c, int runs, long callsPerRun) {
    Verdict v = check(c);
    if (v.noData()) {
      return v;
    }
    List<RunRow> rows = c.rows();
    if (rows.size() < runs) {
      return Verdict.noData(rows.size() + " of " + runs + " runs in the file");
    }
    for (RunRow r : rows) {
      long made = r.calls() + (long) number(r, "dropped");
      if (made < MADE_SHARE * callsPerRun) {
        return Verdict.noData(
            "run " + r.order() + " made " + made + " of " + callsPerRun + " planned calls");
      }
    }
    return v;
  }

  /**
   * The probe's file against the SLO: its kept runs (all of them when there is one), the merged
   * histogram's percentile, their errors and drops, and whether the rate was kept up with. A point
   * that did not finish (a timeout, incomplete, failed, no run) is no data, never a miss.
   */
  Verdict check(RawContents c) {
    PointResult point = PointResult.of(c);
    List<RunRow> rows = c.usable() ? c.rows() : List.of();
    List<RunRow> kept = io.rpcxbench.raw.KeepRule.kept(c);
    String limitedBy = limitedBy(kept);
    boolean contended = kept.stream().anyMatch(r -> "1".equals(r.extra("contended").orElse("0")));
    if (kept.isEmpty()) {
      return Verdict.noData("no run finished (" + point.state() + ")");
    }
    if (!point.state().finished()) {
      return Verdict.noData("the point " + point.state());
    }
    List<Histogram> hs = new ArrayList<>();
    kept.forEach(r -> r.latencyNanos().ifPresent(hs::add));
    Double p = hs.isEmpty() ? null : Histograms.merge(hs).getValueAtPercentile(percentile) / 1e3;
    List<String> why = new ArrayList<>();
    if (p == null) {
      why.add("no latency histogram");
    } else if (p > limitMicros) {
      why.add(
          percentileName()
              + " "
              + NumberText.duration(p)
              + " > "
              + NumberText.duration(limitMicros));
    }
    long errors = kept.stream().mapToLong(RunRow::errors).sum();
    if (errors > maxErrors) {
      why.add(errors + " calls failed");
    }
    double planned =
        kept.stream().mapToDouble(r -> number(r, "target_rate") * r.timeTotal() / 1e3).sum();
    double dropped = kept.stream().mapToDouble(r -> number(r, "dropped")).sum();
    Double dropShare = planned > 0 ? dropped / planned : null;
    if (dropShare != null && dropShare > maxDrop) {
      why.add(String.format(Locale.ROOT, "%.1f ", 100 * dropShare) + DROPPED);
    }
    double target = kept.stream().mapToDouble(r -> number(r, "target_rate")).max().orElse(0);
    double achieved = kept.stream().mapToDouble(r -> number(r, "achieved_rate")).min().orElse(0);
    if (target > 0 && achieved < PointResult.KEPT_UP * target && why.isEmpty()) {
      why.add(
          String.format(
              Locale.ROOT,
              "did not keep up: achieved %.1f %% of the target",
              100 * achieved / target));
    }
    return new Verdict(
        why.isEmpty() ? CapacitySearch.Outcome.MET : CapacitySearch.Outcome.MISSED,
        String.join(", ", why),
        p,
        limitedBy,
        contended,
        errors,
        dropShare);
  }

  /**
   * The last kept run's limit, with why where the generator was it: "client (in-flight cap 256; 312
   * calls dropped)".
   */
  private static String limitedBy(List<RunRow> kept) {
    return kept.stream()
        .filter(r -> !r.extra("limited_by").orElse("").isEmpty())
        .reduce((a, b) -> b)
        .map(
            r ->
                r.extra("limited_by").orElseThrow()
                    + r.extra(RunMeters.LIMITED_WHY)
                        .filter(why -> !why.isEmpty())
                        .map(why -> " (" + why + ")")
                        .orElse(""))
        .orElse("");
  }

  private static double number(RunRow r, String column) {
    try {
      return Double.parseDouble(r.extra(column).orElse("0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
