package io.rpcxbench.verdict.choose;

import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.page.Page;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How close a candidate came to its SLO, from its probes ({@code probes.tsv}): the lowest SLO
 * percentile any probe reached, the rate it was offered, and what limited that probe; with the
 * highest rate any probe met (0: none). Shown where a capacity alone would read 0 and every figure
 * at the shared load {@code n/a}: "p99 7.13 ms at 125 calls/s, limited by client".
 *
 * <pre>{@code
 * ClosestApproach.of(ProbeRows.rows(dir).get("grpc")).map(c -> c.text("p99"));
 * // "p99 7.13 ms (1.4x the limit) at 125 calls/s, limited by client"
 * }</pre>
 *
 * @param percentileUs the lowest SLO percentile reached, µs
 * @param rate the rate of that probe, calls/s
 * @param limitedBy what limited that probe (empty: not recorded)
 * @param highestMet the highest rate any probe met, calls/s (0: no probe met)
 * @param probes the probes with a percentile
 */
public record ClosestApproach(
    double percentileUs, double rate, String limitedBy, double highestMet, int probes) {

  /** The closest approach of {@code rows}; empty when no probe recorded its percentile. */
  static Optional<ClosestApproach> of(List<ProbeRows.Row> rows) {
    List<ProbeRows.Row> measured =
        rows == null ? List.of() : rows.stream().filter(r -> r.percentileUs() != null).toList();
    double highestMet =
        rows == null
            ? 0
            : rows.stream()
                .filter(ProbeRows.Row::met)
                .mapToDouble(ProbeRows.Row::rate)
                .max()
                .orElse(0);
    // the lowest percentile; between equals the higher rate came closer to being useful
    return measured.stream()
        .min(
            Comparator.comparingDouble(ProbeRows.Row::percentileUs)
                .thenComparing(Comparator.comparingDouble(ProbeRows.Row::rate).reversed()))
        .map(
            r ->
                new ClosestApproach(
                    r.percentileUs(), r.rate(), r.limitedBy(), highestMet, measured.size()));
  }

  /** Where no candidate met the SLO: how close each came, closest first. */
  public static Page.Table table(Scorecard s) {
    String p = s.percentileName();
    List<List<String>> rows = new ArrayList<>();
    s.candidates().stream()
        .sorted(
            Comparator.comparingDouble(
                c -> s.closest(c).map(ClosestApproach::percentileUs).orElse(Double.MAX_VALUE)))
        .forEach(
            c -> {
              Optional<ClosestApproach> a = s.closest(c);
              Double limit = s.settings().sloLimitUs();
              rows.add(
                  List.of(
                      c.name(),
                      a.map(x -> ClosestApproach.duration(x.percentileUs())).orElse("no probe"),
                      a.map(x -> Num.fixed(x.rate(), 0)).orElse("-"),
                      a.filter(x -> limit != null && limit > 0)
                          .map(x -> Num.fixed(x.percentileUs() / limit, 1) + "x")
                          .orElse("-"),
                      a.map(x -> x.limitedBy().isEmpty() ? "-" : x.limitedBy()).orElse("-"),
                      String.valueOf(a.map(ClosestApproach::probes).orElse(0))));
            });
    return new Page.Table(
        List.of(
            "candidate",
            "best " + p + " reached",
            "at calls/s",
            "of the limit",
            "limited by (that probe)",
            "probes"),
        List.of(false, true, true, true, false, true),
        rows);
  }

  /** {@code p99 7.13 ms (1.4x the limit) at 125 calls/s, limited by client}. */
  public String text(String percentile, Double limitUs) {
    String over =
        limitUs == null || limitUs <= 0 || percentileUs <= limitUs
            ? ""
            : " ("
                + Num.fixed(percentileUs / limitUs, percentileUs / limitUs >= 10 ? 0 : 1)
                + "x the limit)";
    return percentile
        + " "
        + duration(percentileUs)
        + over
        + " at "
        + Num.fixed(rate, 0)
        + " calls/s"
        + (limitedBy.isEmpty() || limitedBy.equals("none") ? "" : ", limited by " + limitedBy);
  }

  /** {@code 812 µs}, {@code 7.13 ms}, {@code 1.20 s}: three figures. */
  static String duration(double us) {
    if (us >= 1_000_000) {
      return Num.fixed(us / 1_000_000, 2) + " s";
    }
    if (us >= 1000) {
      return Num.fixed(us / 1000, us >= 100_000 ? 0 : us >= 10_000 ? 1 : 2) + " ms";
    }
    return Num.fixed(us, us >= 100 ? 0 : 1) + " µs";
  }
}
