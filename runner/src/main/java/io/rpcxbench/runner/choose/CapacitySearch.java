package io.rpcxbench.runner.choose;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The highest rate that meets an SLO, as OpenMessaging's {@code TARGET_P99} and mutilate's {@code
 * --search} find it: from a start rate, doubling while probes pass (halving while they fail), then
 * bisecting (geometrically) between the highest pass and the lowest failure until they are within
 * {@code resolution} of each other. {@code choose} starts every round's search from the same rate
 * with the same {@link #FACTOR}, so that the rounds are independent trials: a search that started
 * from the previous round's result would carry one unlucky round into all the later ones.
 *
 * <p>A probe that did not finish (no file, a timeout, fewer calls than planned) says nothing about
 * the SLO: it is {@link Outcome#NO_DATA}, neither a pass nor a failure. Its rate is probed once
 * more; a second no-data stops the search there, the bracket left open ({@link Result#unknownAt}).
 *
 * <pre>{@code
 * CapacitySearch search = new CapacitySearch(10, 1_000_000, 0.05);
 * CapacitySearch.Result r = search.search(1000, CapacitySearch.FACTOR, rate -> probe(rate));
 * r.capacity();   // e.g. 20480: met at 20480/s, failed at r.failedAt() = 21299/s
 * }</pre>
 */
record CapacitySearch(int minRate, int maxRate, double resolution) {
  /** The step of every round's search, up and down, before the bisection. */
  static final double FACTOR = 2.0;

  /** What one probe said about the SLO. */
  enum Outcome {
    MET,
    MISSED,
    /** The probe did not finish: no file, a timeout, an incomplete point, too few calls. */
    NO_DATA;

    /** {@code met}, {@code missed}, {@code no-data}: the ledger's words. */
    String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Outcome ofId(String id) {
      for (Outcome o : values()) {
        if (o.id().equals(id)) {
          return o;
        }
      }
      throw new IllegalArgumentException("an outcome is met, missed or no-data, got '" + id + "'");
    }
  }

  /** A probe that always finishes: whether the SLO was met at {@code rate} calls/s. */
  @FunctionalInterface
  interface Probe {
    boolean met(int rate) throws Exception;
  }

  /** A probe: what it said at {@code rate} calls/s, no-data included. */
  @FunctionalInterface
  interface Trial {
    Outcome at(int rate) throws Exception;
  }

  /**
   * What a search found: {@code capacity} the highest rate met (0 when even {@code minRate} failed,
   * or nothing was met before the search stopped), {@code failedAt} the lowest failure above it (0
   * when none was found up to {@code maxRate}), every rate probed in order (a rate probed again
   * after no data is there twice), and {@code unknownAt} the rate whose probes gave no data twice,
   * where the search stopped (0: it ended by its own rule).
   */
  record Result(int capacity, int failedAt, List<Integer> probed, int unknownAt) {
    Result {
      probed = List.copyOf(probed);
    }

    Result(int capacity, int failedAt, List<Integer> probed) {
      this(capacity, failedAt, probed, 0);
    }

    /** Whether the search ended by its own rule (not stopped by a rate that gave no data). */
    boolean complete() {
      return unknownAt == 0;
    }
  }

  CapacitySearch {
    if (minRate < 1 || maxRate < minRate || resolution <= 0 || resolution >= 1) {
      throw new IllegalArgumentException(
          "a search needs 1 <= min rate <= max rate and a resolution in (0, 1)");
    }
  }

  /** {@link #search} with a probe that always finishes. */
  Result find(int start, double factor, Probe probe) throws Exception {
    return search(start, factor, rate -> probe.met(rate) ? Outcome.MET : Outcome.MISSED);
  }

  /**
   * Searches from {@code start} (clamped to the bounds), stepping by {@code factor} (> 1) until a
   * pass and a failure bracket the capacity, then bisecting; stops early at a rate that gave no
   * data twice.
   */
  Result search(int start, double factor, Trial trial) throws Exception {
    if (factor <= 1) {
      throw new IllegalArgumentException("the search's step factor must be above 1");
    }
    List<Integer> probed = new ArrayList<>();
    int pass = 0;
    int fail = 0;
    try {
      int rate = clamp(start);
      if (met(trial, rate, probed)) {
        pass = rate;
        while (pass < maxRate) {
          int next = clamp((int) Math.ceil(pass * factor));
          if (!met(trial, next, probed)) {
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
          if (met(trial, next, probed)) {
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
        if (met(trial, mid, probed)) {
          pass = mid;
        } else {
          fail = mid;
        }
      }
      return new Result(pass, fail, probed);
    } catch (NoData e) {
      return new Result(pass, fail, probed, e.rate);
    }
  }

  /** Whether the SLO was met at {@code rate}: a no-data probe is probed once more. */
  private static boolean met(Trial trial, int rate, List<Integer> probed) throws Exception {
    for (int attempt = 1; attempt <= 2; attempt++) {
      probed.add(rate);
      Outcome o = trial.at(rate);
      if (o != Outcome.NO_DATA) {
        return o == Outcome.MET;
      }
    }
    throw new NoData(rate);
  }

  private int clamp(int rate) {
    return Math.max(minRate, Math.min(maxRate, rate));
  }

  /** Two probes at {@code rate} gave no data: the search stops there. */
  private static final class NoData extends Exception {
    private static final long serialVersionUID = 1L;
    final int rate;

    NoData(int rate) {
      super(null, null, false, false);
      this.rate = rate;
    }
  }
}
