package io.rpcxbench.report.reproduction;

import java.util.Map;

/**
 * RPCX's pairs against each rival over all regimes (each rival counted apart, the pooled {@link
 * RivalAdvantage#BOTH} left out), and its regime-and-rival rows the paired test could take: what
 * the first screen's "Is RPCX faster?" and "How sure?" are told from.
 *
 * <pre>{@code
 * RivalWins w = RivalWins.over(results);
 * w.faster() + " of " + w.pairs(); // "66 of 66"
 * }</pre>
 *
 * @param pairs complete pairs
 * @param faster pairs where RPCX's mean runtime is below the rival's
 * @param everySweep pairs where RPCX's slowest sweep beat the rival's fastest
 * @param rows regime-and-rival rows whose typical advantage was tested
 * @param above of those rows, the ones whose 95 % interval lies above 0
 * @param tested pairs with sweeps enough for a per-point test
 * @param at95 tested pairs where RPCX is significantly faster
 * @param smallest the smallest lower bound of a tested row's typical advantage (%)
 * @param where the row with that bound ("regime, over rival"), empty without a tested row
 */
record RivalWins(
    int pairs,
    int faster,
    int everySweep,
    int rows,
    int above,
    int tested,
    int at95,
    double smallest,
    String where) {

  /** The wins summed over every regime's result for each rival. */
  static RivalWins over(Map<Regime, Map<String, RivalAdvantage>> results) {
    int pairs = 0;
    int faster = 0;
    int everySweep = 0;
    int rows = 0;
    int above = 0;
    int tested = 0;
    int at95 = 0;
    double smallest = Double.POSITIVE_INFINITY;
    String where = "";
    for (Map.Entry<Regime, Map<String, RivalAdvantage>> e : results.entrySet()) {
      for (RivalAdvantage r : e.getValue().values()) {
        if (r.rival().equals(RivalAdvantage.BOTH) || r.pairs() == 0) {
          continue;
        }
        pairs += r.pairs();
        faster += r.faster();
        everySweep += r.everySweepFaster();
        tested += r.tested();
        at95 += r.fasterAt95();
        if (r.typical().tested()) {
          rows++;
          above += r.typicalAboveZero() ? 1 : 0;
          if (r.typicalLowerBound() < smallest) {
            smallest = r.typicalLowerBound();
            where = e.getKey().name() + ", over " + r.rival();
          }
        }
      }
    }
    return new RivalWins(pairs, faster, everySweep, rows, above, tested, at95, smallest, where);
  }

  /** Faster at every pair, in every sweep, every row's interval above 0. */
  boolean solid() {
    return pairs > 0 && faster == pairs && everySweep == pairs && rows > 0 && above == rows;
  }
}
