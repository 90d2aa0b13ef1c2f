package io.rpcxbench.harness.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * The highest rate that meets an SLO, as OpenMessaging's {@code TARGET_P99} and mutilate's {@code
 * --search} find it: from a start rate, doubling while probes pass (halving while they fail), then
 * bisecting (geometrically) between the highest pass and the lowest failure until they are within
 * {@code resolution} of each other. A later round starts from the earlier one's bracket and steps
 * by 25 % instead of 2x, which costs fewer probes when the capacity is already roughly known.
 *
 * <pre>{@code
 * CapacitySearch search = new CapacitySearch(10, 1_000_000, 0.05);
 * CapacitySearch.Result r = search.find(1000, 2.0, rate -> probe(rate).met());
 * r.capacity();   // e.g. 20480: met at 20480/s, failed at r.failedAt() = 21299/s
 * }</pre>
 */
record CapacitySearch(int minRate, int maxRate, double resolution) {
  /** A probe: whether the SLO was met at {@code rate} calls/s. */
  @FunctionalInterface
  interface Probe {
    boolean met(int rate) throws Exception;
  }

  /**
   * What a search found: {@code capacity} the highest rate met (0 when even {@code minRate}
   * failed), {@code failedAt} the lowest failure above it (0 when none was found up to {@code
   * maxRate}), and every rate probed in order.
   */
  record Result(int capacity, int failedAt, List<Integer> probed) {
    Result {
      probed = List.copyOf(probed);
    }
  }

  CapacitySearch {
    if (minRate < 1 || maxRate < minRate || resolution <= 0 || resolution >= 1) {
      throw new IllegalArgumentException(
          "a search needs 1 <= min rate <= max rate and a resolution in (0, 1)");
    }
  }

  /**
   * Searches from {@code start} (clamped to the bounds), stepping by {@code factor} (> 1) until a
   * pass and a failure bracket the capacity, then bisecting.
   */
  Result find(int start, double factor, Probe probe) throws Exception {
    if (factor <= 1) {
      throw new IllegalArgumentException("the search's step factor must be above 1");
    }
    List<Integer> probed = new ArrayList<>();
    int rate = clamp(start);
    int pass = 0;
    int fail = 0;
    if (met(probe, rate, probed)) {
      pass = rate;
      while (pass < maxRate) {
        int next = clamp((int) Math.ceil(pass * factor));
        if (!met(probe, next, probed)) {
          fail = next;
          break;
        }
        pass = next;
      }
      if (fail == 0) {
        return new Result(pass, 0, probed);
      }
    } else {
      fail = rate;
      while (fail > minRate) {
        int next = clamp((int) Math.floor(fail / factor));
        if (met(probe, next, probed)) {
          pass = next;
          break;
        }
        fail = next;
      }
      if (pass == 0) {
        return new Result(0, fail, probed);
      }
    }
    while (fail > pass * (1 + resolution) && fail - pass > 1) {
      int mid = (int) Math.round(Math.sqrt((double) pass * fail));
      mid = Math.max(pass + 1, Math.min(fail - 1, mid));
      if (met(probe, mid, probed)) {
        pass = mid;
      } else {
        fail = mid;
      }
    }
    return new Result(pass, fail, probed);
  }

  private static boolean met(Probe probe, int rate, List<Integer> probed) throws Exception {
    probed.add(rate);
    return probe.met(rate);
  }

  private int clamp(int rate) {
    return Math.max(minRate, Math.min(maxRate, rate));
  }
}
