package io.rpcxbench.report.significance;

import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.stats.Spread;
import io.rpcxbench.stats.StudentT;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * The report's one test before "A differs from B" ({@code report choose}, {@code report diff}):
 *
 * <ul>
 *   <li>{@link #welch}: a rate per unit (capacity per round, calls/s per run), Welch's two-sided
 *       t-test (commons-statistics); B - A with its Welch t interval, B / A with a delta-method
 *       interval on the log of the means;
 *   <li>{@link #percentile}: a latency percentile of merged histograms, the units of each side
 *       resampled ({@link Estimate#replicates}, one seed per side) and the 95 % interval of the
 *       replicates' difference; significant when it leaves out 0;
 *   <li>{@link #holm}: Holm-Bonferroni over the pairs of one table; {@link #aboveFloor}: a pair
 *       whose ratio interval overlaps an A/A pair's (one protocol measured twice) is not taken as a
 *       real difference.
 * </ul>
 *
 * <pre>{@code
 * PairTest t = Significance.welch("grpc", List.of(980.0, 1010.0, 1000.0), "rpcx",
 *     List.of(3050.0, 3120.0, 3090.0), "rounds");
 * t.significant();   // true; t.ratioText() "3.09x (3.01-3.17x)"
 * List<PairTest> table = Significance.holm(List.of(t, u, v));
 * }</pre>
 */
public final class Significance {
  static final double ALPHA = Shift.ALPHA;

  private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

  private Significance() {}

  /** A side of a percentile comparison: its figure and its bootstrap replicates (draw order). */
  public record Resampled(double q, Double value, double[] replicates) {}

  /** The ratio interval of an A/A pair, both ways round: differences inside it are noise. */
  public record NoiseFloor(double low, double high, String pair) {
    public String text() {
      return Num.fixed(low, 2) + "-" + Num.fixed(high, 2) + "x (" + pair + ")";
    }
  }

  /**
   * The tool's one test of B against A over trials ({@link Shift}: the Hodges-Lehmann ratio on log
   * values, its rank-test interval and the p that interval defines, so the verdict and the interval
   * agree by construction), paired by round when {@code pairedByRound} and the rounds are enough.
   * The difference B - A in the metric's unit is A's median times the ratio - 1, bounds alike.
   * Below {@link Shift#MIN_PER_SIDE} trials a side: no test, the note says so.
   */
  public static PairTest trials(
      String a, List<Double> aValues, String b, List<Double> bValues, boolean pairedByRound) {
    Shift s = Shift.of(aValues, bValues, pairedByRound);
    Double center = median(aValues);
    Double other = median(bValues);
    if (!s.tested()) {
      Double ratio = center == null || other == null || center == 0 ? null : other / center;
      Double diff = center == null || other == null ? null : other - center;
      return new PairTest(
          a, b, ratio, null, null, diff, null, null, null, null, false, s.why(), s.why());
    }
    return new PairTest(
        a,
        b,
        s.ratio(),
        s.low(),
        s.high(),
        center * (s.ratio() - 1),
        center * (s.low() - 1),
        center * (s.high() - 1),
        s.p(),
        s.p(),
        s.significant(),
        s.method() + " over trials, alpha " + Shift.ALPHA,
        "");
  }

  private static Double median(List<Double> values) {
    if (values.isEmpty()) {
      return null;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /**
   * Welch's t-test of {@code bValues} against {@code aValues} (one value per unit, {@code units}
   * the unit in the plural: {@code rounds}, {@code runs}); no test with fewer than two per side.
   */
  public static PairTest welch(
      String a, List<Double> aValues, String b, List<Double> bValues, String units) {
    Spread sa = Spread.of(aValues);
    Spread sb = Spread.of(bValues);
    Double diff = sa.avg() == null || sb.avg() == null ? null : sb.avg() - sa.avg();
    Double ratio = diff == null || sa.avg() == 0 ? null : sb.avg() / sa.avg();
    String test = "Welch's t-test over " + units + ", alpha " + ALPHA;
    int na = aValues.size();
    int nb = bValues.size();
    if (na < 2 || nb < 2) {
      String why = "one " + units.replaceAll("s$", "") + ", no test";
      return new PairTest(a, b, ratio, null, null, diff, null, null, null, null, false, why, why);
    }
    double va = sa.stdev() * sa.stdev() / na;
    double vb = sb.stdev() * sb.stdev() / nb;
    double p;
    double dof;
    if (va + vb == 0) {
      // no spread on either side: the difference is exact (and t undefined)
      p = diff == 0 ? 1 : 0;
      dof = na + nb - 2;
    } else {
      double[] x = aValues.stream().mapToDouble(Double::doubleValue).toArray();
      double[] y = bValues.stream().mapToDouble(Double::doubleValue).toArray();
      TTest.Result r = WELCH.test(x, y);
      p = r.getPValue();
      dof = r.getDegreesOfFreedom();
    }
    double half = StudentT.quantile975(Math.max(1, (int) Math.floor(dof))) * Math.sqrt(va + vb);
    Double low = null;
    Double high = null;
    if (ratio != null && sa.avg() > 0 && sb.avg() > 0) {
      // delta method on log(mean B) - log(mean A), Welch-Satterthwaite degrees of freedom
      double la = va / (sa.avg() * sa.avg());
      double lb = vb / (sb.avg() * sb.avg());
      double logDof =
          la + lb == 0
              ? na + nb - 2
              : (la + lb) * (la + lb) / (la * la / (na - 1) + lb * lb / (nb - 1));
      double logHalf =
          StudentT.quantile975(Math.max(1, (int) Math.floor(logDof))) * Math.sqrt(la + lb);
      low = ratio * Math.exp(-logHalf);
      high = ratio * Math.exp(logHalf);
    }
    return new PairTest(
        a, b, ratio, low, high, diff, diff - half, diff + half, p, p, p < ALPHA, test, "");
  }

  /**
   * The {@code q}-th percentile of {@code units}' merged histogram, resampled with {@code seed}.
   */
  public static Resampled resample(double q, List<Histogram> units, long seed) {
    if (units.isEmpty()) {
      return new Resampled(q, null, null);
    }
    Double value = (double) io.rpcxbench.raw.Histograms.merge(units).getValueAtPercentile(q);
    return new Resampled(
        q, value, units.size() < 2 ? null : Estimate.replicates(new double[] {q}, units, seed)[0]);
  }

  /** {@link #resample} of several percentiles, off the same resamples. */
  public static List<Resampled> resample(double[] qs, List<Histogram> units, long seed) {
    List<Resampled> out = new ArrayList<>();
    Histogram merged = units.isEmpty() ? null : io.rpcxbench.raw.Histograms.merge(units);
    double[][] r = units.size() < 2 ? null : Estimate.replicates(qs, units, seed);
    for (int k = 0; k < qs.length; k++) {
      out.add(
          new Resampled(
              qs[k],
              merged == null ? null : (double) merged.getValueAtPercentile(qs[k]),
              r == null ? null : r[k]));
    }
    return out;
  }

  /** The seed of the {@code index}-th side of a table's comparisons (each side its own). */
  public static long seed(int index) {
    return Estimate.SEED + 1 + index;
  }

  /**
   * B's percentile against A's: the replicates' difference (and ratio) with its 95 % interval, a
   * two-sided bootstrap p (twice the smaller share of replicates on either side of 0), significant
   * when the interval leaves out 0. {@code over}: the units in the plural ({@code runs}).
   */
  public static PairTest percentile(String a, Resampled ra, String b, Resampled rb, String over) {
    String name = "p" + Num.fixed(ra.q(), ra.q() == Math.rint(ra.q()) ? 0 : 1);
    String test = "bootstrap of the " + name + " difference over " + over + ", 95 % interval";
    Double diff = ra.value() == null || rb.value() == null ? null : rb.value() - ra.value();
    Double ratio = diff == null || ra.value() == 0 ? null : rb.value() / ra.value();
    if (ra.replicates() == null || rb.replicates() == null) {
      String why = "one " + over.replaceAll("s$", "") + ", no test";
      return new PairTest(a, b, ratio, null, null, diff, null, null, null, null, false, why, why);
    }
    int n = ra.replicates().length;
    double[] d = new double[n];
    List<Double> ratios = new ArrayList<>();
    int atOrBelow = 0;
    int atOrAbove = 0;
    for (int i = 0; i < n; i++) {
      d[i] = rb.replicates()[i] - ra.replicates()[i];
      atOrBelow += d[i] <= 0 ? 1 : 0;
      atOrAbove += d[i] >= 0 ? 1 : 0;
      if (ra.replicates()[i] > 0) {
        ratios.add(rb.replicates()[i] / ra.replicates()[i]);
      }
    }
    Arrays.sort(d);
    double p = Math.min(1, 2.0 * (Math.min(atOrBelow, atOrAbove) + 1) / (n + 1));
    double low = Estimate.low95(d);
    double high = Estimate.high95(d);
    Double rLow = null;
    Double rHigh = null;
    if (ratio != null && ratios.size() == n) {
      double[] r = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      rLow = Estimate.low95(r);
      rHigh = Estimate.high95(r);
    }
    boolean excludesZero = low > 0 || high < 0;
    return new PairTest(a, b, ratio, rLow, rHigh, diff, low, high, p, p, excludesZero, test, "");
  }

  /**
   * The pairs of one table with Holm-Bonferroni's adjusted p (over the pairs that were tested); a
   * pair stays significant only when its adjusted p is below {@link #ALPHA} too.
   */
  public static List<PairTest> holm(List<PairTest> family) {
    return holm(family, t -> false);
  }

  /**
   * As {@link #holm(List)}, the pairs {@code check} picks left out of the family: an A/A pair is a
   * check of the machine, not a claim, and its own test stands unadjusted.
   */
  public static List<PairTest> holm(
      List<PairTest> family, java.util.function.Predicate<PairTest> check) {
    List<Integer> tested = new ArrayList<>();
    for (int i = 0; i < family.size(); i++) {
      if (family.get(i).tested() && !check.test(family.get(i))) {
        tested.add(i);
      }
    }
    int m = tested.size();
    tested.sort(Comparator.comparingDouble(i -> family.get(i).p()));
    List<PairTest> out = new ArrayList<>(family);
    double running = 0;
    for (int k = 0; k < m; k++) {
      PairTest t = family.get(tested.get(k));
      running = Math.max(running, Math.min(1, (m - k) * t.p()));
      String test = m > 1 ? t.test() + ", Holm-Bonferroni over " + m + " pairs" : t.test();
      boolean holds = running <= ALPHA;
      String note =
          t.significant() && !holds
              ? "not significant after Holm over " + m + " (the 95 % interval alone leaves out 1)"
              : t.note();
      out.set(tested.get(k), t.adjusted(running, t.significant() && holds, test, note));
    }
    return out;
  }

  /** The widest A/A ratio interval of {@code aaPairs}, both ways round; null without one. */
  public static NoiseFloor floor(List<PairTest> aaPairs) {
    NoiseFloor f = null;
    for (PairTest t : aaPairs) {
      if (t.hasRatioInterval() && t.ratioLow() > 0) {
        double low = Math.min(t.ratioLow(), 1 / t.ratioHigh());
        double high = Math.max(t.ratioHigh(), 1 / t.ratioLow());
        if (f == null || high - low > f.high() - f.low()) {
          f = new NoiseFloor(low, high, t.a() + " / " + t.b());
        }
      }
    }
    return f;
  }

  /** The pairs with those whose ratio interval overlaps {@code floor} no longer significant. */
  public static List<PairTest> aboveFloor(List<PairTest> pairs, NoiseFloor floor) {
    if (floor == null) {
      return pairs;
    }
    List<PairTest> out = new ArrayList<>();
    for (PairTest t : pairs) {
      boolean inside =
          t.significant()
              && t.hasRatioInterval()
              && t.ratioLow() <= floor.high()
              && t.ratioHigh() >= floor.low();
      out.add(
          inside
              ? t.adjusted(
                  t.pAdjusted(),
                  false,
                  t.test(),
                  String.format(Locale.ROOT, "inside the A/A noise floor %s", floor.text()))
              : t);
    }
    return out;
  }
}
