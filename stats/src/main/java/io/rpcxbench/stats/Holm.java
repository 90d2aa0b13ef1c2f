package io.rpcxbench.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Holm-Bonferroni over the pairs of one table: the one home of the adjustment, used by the report's
 * tables and by {@code choose}'s rule for adding rounds, so both call the same pairs decided.
 *
 * <pre>{@code
 * Holm.adjusted(List.of(0.01, 0.04, 0.03));   // [0.03, 0.06, 0.06]
 * }</pre>
 */
public final class Holm {
  private Holm() {}

  /**
   * Each p adjusted (in the given order): k-th smallest times (m - k), made monotone, at most 1.
   */
  public static List<Double> adjusted(List<Double> p) {
    int m = p.size();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingDouble(p::get));
    Double[] out = new Double[m];
    double running = 0;
    for (int k = 0; k < m; k++) {
      int i = order.get(k);
      running = Math.max(running, Math.min(1, (m - k) * p.get(i)));
      out[i] = running;
    }
    return List.of(out);
  }
}
