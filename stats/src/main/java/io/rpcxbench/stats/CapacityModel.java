package io.rpcxbench.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How likely a candidate meets its SLO at a rate, fitted over every probe of every round (a probe
 * that missed by a hair and one that missed badly are both data): a probit on the log of the rate,
 * P(met | rate) = Phi((ln c50 - ln rate) / s), by maximum likelihood. It gives the rate met half
 * the time ({@link #c50}) and the rate met 90 % of the time ({@link #c90}, the one to plan with),
 * each with a 95 % interval from resampling whole rounds (a round is a trial). Probes without data
 * (a probe that did not finish) are left out before the fit.
 *
 * <pre>{@code
 * List<CapacityModel.Probe> probes = List.of(new Probe(1, 1000, true), new Probe(1, 2000, false), ...);
 * CapacityModel m = CapacityModel.fit(probes);
 * m.c90();                                   // e.g. 1480 calls/s
 * CapacityModel.Fit f = CapacityModel.withIntervals(probes, 24);
 * f.c90Low(); f.c90High();                   // its interval over rounds
 * }</pre>
 *
 * @param c50 the rate met half the time (calls/s)
 * @param c90 the rate met 90 % of the time (calls/s)
 * @param spread s, the log-rate scale of the transition (0 near a sharp edge)
 * @param bracketed whether probes both met and missed (else c50 is only a bound, or NaN when the
 *     probes do not fall off with the rate at all)
 */
public record CapacityModel(double c50, double c90, double spread, boolean bracketed) {

  /** One probe: its round, its rate, whether it met the SLO. */
  public record Probe(int round, double rate, boolean met) {}

  /** The model with intervals over rounds; bounds are null with fewer than two rounds. */
  public record Fit(
      CapacityModel model,
      Double c50Low,
      Double c50High,
      Double c90Low,
      Double c90High,
      int rounds) {}

  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);
  private static final double Z90 = NORMAL.inverseCumulativeProbability(0.9);

  /**
   * The widest transition taken as an edge: a log-rate scale above this (P(met) falling from 84 %
   * to 16 % over more than e^6, 400x, of rate) means the probes disagree, and no rate is named.
   */
  static final double MAX_SPREAD = 3;

  /** The narrowest transition fitted: a perfectly sharp edge is held at this log-rate scale. */
  static final double MIN_SPREAD = 0.01;

  static final int RESAMPLES = 400;

  /**
   * The fit of {@code probes} (at least one).
   *
   * @throws IllegalArgumentException without probes
   */
  public static CapacityModel fit(List<Probe> probes) {
    if (probes.isEmpty()) {
      throw new IllegalArgumentException("a capacity model needs probes");
    }
    boolean anyMet = probes.stream().anyMatch(Probe::met);
    boolean anyMissed = probes.stream().anyMatch(p -> !p.met());
    double lo = probes.stream().mapToDouble(p -> Math.log(p.rate())).min().orElseThrow();
    double hi = probes.stream().mapToDouble(p -> Math.log(p.rate())).max().orElseThrow();
    if (!anyMissed || !anyMet) {
      // no transition seen: the edge is beyond the rates tried, c50 only a bound
      double edge =
          anyMet
              ? probes.stream().mapToDouble(Probe::rate).max().orElseThrow()
              : probes.stream().mapToDouble(Probe::rate).min().orElseThrow();
      return new CapacityModel(edge, edge, 0, false);
    }
    double[] ab = probit(probes);
    if (!(ab[1] < -1 / MAX_SPREAD)) {
      // the probes do not fall off with the rate (a miss at a low rate in one round, a pass far
      // above it in another): no edge to name
      return new CapacityModel(Double.NaN, Double.NaN, Double.NaN, false);
    }
    // P(met) = Phi(a + b ln r) with b < 0: c50 where a + b ln r = 0, s = -1 / b
    double slope = ab[1];
    double spread = Math.max(MIN_SPREAD, -1 / slope);
    double mu = Math.max(lo - 1, Math.min(hi + 1, -ab[0] / slope));
    return new CapacityModel(Math.exp(mu), Math.exp(mu - Z90 * spread), spread, true);
  }

  /**
   * The probit's (a, b) by Fisher scoring (iteratively reweighted least squares), with a small
   * ridge on the slope so that a perfectly sharp edge (every probe below met, every one above
   * missed: the likelihood has no maximum) still gives a finite, steep fit inside the gap.
   */
  private static double[] probit(List<Probe> probes) {
    double center = probes.stream().mapToDouble(p -> Math.log(p.rate())).average().orElse(0);
    double a = 0;
    double b = -1;
    for (int it = 0; it < 100; it++) {
      double saa = 0;
      double sab = 0;
      double sbb = RIDGE;
      double ga = 0;
      double gb = -RIDGE * b;
      for (Probe p : probes) {
        double x = Math.log(p.rate()) - center;
        double eta = a + b * x;
        double prob = Math.min(1 - 1e-12, Math.max(1e-12, NORMAL.cumulativeProbability(eta)));
        double dens = Math.max(1e-300, NORMAL.density(eta));
        double w = dens * dens / (prob * (1 - prob));
        double u = ((p.met() ? 1 : 0) - prob) * dens / (prob * (1 - prob));
        saa += w;
        sab += w * x;
        sbb += w * x * x;
        ga += u;
        gb += u * x;
      }
      double det = saa * sbb - sab * sab;
      if (!(Math.abs(det) > 1e-300)) {
        break;
      }
      double da = (sbb * ga - sab * gb) / det;
      double db = (saa * gb - sab * ga) / det;
      a += da;
      b += db;
      if (Math.abs(da) + Math.abs(db) < 1e-9) {
        break;
      }
    }
    // back from the centred log rate
    return new double[] {a - b * center, b};
  }

  /** The slope's ridge: small against any data, enough to hold a sharp edge finite. */
  static final double RIDGE = 1e-4;

  /**
   * The fit with 95 % intervals from resampling whole rounds ({@code seed}: the same each time).
   */
  public static Fit withIntervals(List<Probe> probes, long seed) {
    CapacityModel m = fit(probes);
    Map<Integer, List<Probe>> byRound = new LinkedHashMap<>();
    probes.forEach(p -> byRound.computeIfAbsent(p.round(), k -> new ArrayList<>()).add(p));
    int rounds = byRound.size();
    if (rounds < 2) {
      return new Fit(m, null, null, null, null, rounds);
    }
    List<List<Probe>> groups = new ArrayList<>(byRound.values());
    Random r = new Random(seed);
    double[] c50 = new double[RESAMPLES];
    double[] c90 = new double[RESAMPLES];
    for (int i = 0; i < RESAMPLES; i++) {
      List<Probe> draw = new ArrayList<>();
      for (int k = 0; k < rounds; k++) {
        draw.addAll(groups.get(r.nextInt(rounds)));
      }
      CapacityModel b = fit(draw);
      // a resample without an edge counts as the widest answer: below and above every rate
      c50[i] = Double.isNaN(b.c50()) ? (i % 2 == 0 ? 0 : Double.MAX_VALUE) : b.c50();
      c90[i] = Double.isNaN(b.c90()) ? (i % 2 == 0 ? 0 : Double.MAX_VALUE) : b.c90();
    }
    java.util.Arrays.sort(c50);
    java.util.Arrays.sort(c90);
    return new Fit(
        m,
        Estimate.low95(c50),
        Estimate.high95(c50),
        Estimate.low95(c90),
        Estimate.high95(c90),
        rounds);
  }
}
