package io.rpcxbench.stats;

import java.util.Optional;

/**
 * Whether some runs' figures still trend with the run's order, so that they had not reached steady
 * state and their mean is a figure of the ramp. The rule: at least {@value #MIN_UNITS} runs,
 * Spearman's rank correlation ({@link Spearman}) of the figure against the order at least {@value
 * #MIN_RHO} in size, and a change from the first run to the last of more than {@value #MIN_CHANGE}
 * (a share) in the same direction; or, for a change of 2x or more either way (last over first at
 * least {@value #LARGE_RATIO}, or at most its inverse), a rho of at least {@value #MIN_RHO_LARGE}.
 * A 3.6x climb over nine runs with rho 0.80 passed the single rule: so large a change needs no
 * near-perfect order to be a ramp, and 0.7 is where rho over nine runs is itself significant.
 *
 * <p>Why ranks and not "every run above the one before": one noisy reversal among nine runs (a
 * 2-vCPU box's GC or neighbour) would hide a real ramp from a strict monotone rule, while rho stays
 * above 0.9 with one small swap; ranks ignore how far an outlier lies. The 10 % floor keeps the 1-2
 * % drift of a quiet machine, perfectly ordered or not, out of the warnings.
 *
 * <pre>{@code
 * Optional<Trend> t = Trend.of(new double[] {1, 2, 3, 4}, new double[] {100, 110, 118, 125});
 * t.get().rising();   // true
 * t.get().change();   // 0.25: +25 % from the first run to the last
 * }</pre>
 *
 * @param rising whether the figure rises with the order (else it falls)
 * @param change the change from the first run to the last, a share (0.38 is +38 %)
 * @param rho Spearman's rho of the figure against the order
 */
public record Trend(boolean rising, double change, double rho) {
  public static final int MIN_UNITS = 4;
  public static final double MIN_RHO = 0.9;
  public static final double MIN_CHANGE = 0.10;
  public static final double MIN_RHO_LARGE = 0.7;
  public static final double LARGE_RATIO = 2.0;

  /**
   * The trend of {@code values} (one per run, in order) against {@code orders}, if they still trend
   * by the rule above.
   */
  public static Optional<Trend> of(double[] orders, double[] values) {
    if (values.length < MIN_UNITS) {
      return Optional.empty();
    }
    double first = values[0];
    double change = (values[values.length - 1] - first) / first;
    Double rho = Spearman.rho(orders, values);
    double ratio = first > 0 ? values[values.length - 1] / first : 1;
    boolean large = ratio >= LARGE_RATIO || (ratio > 0 && ratio <= 1 / LARGE_RATIO);
    boolean trends =
        first > 0
            && rho != null
            && Math.abs(rho) >= (large ? MIN_RHO_LARGE : MIN_RHO)
            && Math.abs(change) > MIN_CHANGE
            && Math.signum(rho) == Math.signum(change);
    return trends ? Optional.of(new Trend(change > 0, change, rho)) : Optional.empty();
  }
}
