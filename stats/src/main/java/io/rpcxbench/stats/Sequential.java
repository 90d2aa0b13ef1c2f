package io.rpcxbench.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test looked at more than once. {@code choose} runs its planned rounds, then adds a round at a
 * time, up to {@code most}, only while a pair is still undecided (Pinpoint's "collect more data").
 * Every look at 5 % would give an A/A pair several chances to look different, so every look, and
 * the page's verdict, is made at one lower nominal level, Pocock's way: the largest level at which
 * {@link Shift}, looked at after every round from {@code planned} to {@code most}, calls two
 * identical candidates different at most {@link Shift#ALPHA} of the time. Under "no difference" the
 * ranks are exchangeable whatever the distribution, so the level depends only on the rounds and is
 * found once by simulating uniform trials (seeded, so it is the same on every machine).
 *
 * <pre>{@code
 * new Sequential(5, 5).alpha();   // 0.05: one look
 * new Sequential(5, 8).alpha();   // about 0.02: four looks (rounds 5, 6, 7 and 8)
 * }</pre>
 *
 * @param planned the rounds always run (the first look)
 * @param most the rounds at most (the last look)
 */
public record Sequential(int planned, int most) {
  /** Simulated A/A runs behind each level. */
  static final int DRAWS = 20_000;

  private static final long SEED = 46_009L;

  private static final Map<Sequential, Double> LEVELS = new ConcurrentHashMap<>();

  public Sequential {
    if (planned < 1 || most < planned) {
      throw new IllegalArgumentException(
          "rounds: planned " + planned + " and at most " + most + " (need 1 <= planned <= most)");
    }
  }

  /** A design with one look: the usual level. */
  public static Sequential fixed(int rounds) {
    return new Sequential(Math.max(1, rounds), Math.max(1, rounds));
  }

  /** Whether rounds may be added after the planned ones. */
  public boolean adds() {
    return most > planned;
  }

  /** The level every look is made at: {@link Shift#ALPHA} with one look, lower with more. */
  public double alpha() {
    int first = Math.max(planned, Shift.MIN_PER_SIDE);
    if (first >= most) {
      return Shift.ALPHA;
    }
    return LEVELS.computeIfAbsent(new Sequential(first, most), Sequential::simulated);
  }

  /**
   * The largest p reached at some look by at most ALPHA of the simulated A/A runs: each run's
   * smallest p over the looks, sorted; the level is the largest of those values that no more than
   * ALPHA x DRAWS runs reach (p is discrete, so the level is one of the p the test can give).
   */
  private static double simulated(Sequential d) {
    SplittableRandom random = new SplittableRandom(SEED + 1000L * d.planned + d.most);
    double[] smallest = new double[DRAWS];
    double[] a = new double[d.most];
    double[] b = new double[d.most];
    for (int i = 0; i < DRAWS; i++) {
      for (int k = 0; k < d.most; k++) {
        a[k] = 1 + random.nextDouble();
        b[k] = 1 + random.nextDouble();
      }
      double min = 1;
      for (int n = d.planned; n <= d.most; n++) {
        Shift s = Shift.of(Arrays.copyOf(a, n), Arrays.copyOf(b, n), true);
        if (s.tested()) {
          min = Math.min(min, s.p());
        }
      }
      smallest[i] = min;
    }
    Arrays.sort(smallest);
    int allowed = (int) Math.floor(Shift.ALPHA * DRAWS);
    // the largest value v with #(p <= v) <= allowed: below the first value past the allowance
    double limit = smallest[allowed];
    double level = 0;
    for (double v : smallest) {
      if (v < limit) {
        level = v;
      } else {
        break;
      }
    }
    return level > 0 ? level : smallest[0] / 2;
  }

  /** In words, for a page: {@code "looked at after rounds 5-8, each look at alpha 0.021"}. */
  public String text() {
    return adds()
        ? "looked at after rounds "
            + Math.max(planned, Shift.MIN_PER_SIDE)
            + "-"
            + most
            + ", each look at alpha "
            + Num.fixed(alpha(), 4)
            + " so that a false difference stays at most "
            + Num.fixed(100 * Shift.ALPHA, 0)
            + " %"
        : "one look, alpha " + Num.fixed(Shift.ALPHA, 2);
  }
}
