package io.rpcxbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where one metric's spread comes from, over the levels the tool controls (Kalibera and Jones's
 * nested design): between invocations of the tool, between trials of one invocation (fresh server
 * and client JVMs), between runs of one trial (one JVM). Each level's variance of the log value is
 * estimated by moments from the level below it, bottom up: the runs' pooled variance inside their
 * trials; the trial means' pooled variance inside their invocations less what the runs put there;
 * the invocation means' variance less what the trials put there; a level that comes out below 0 is
 * 0 (its share is within the noise of the level below). A value inside one run (a percentile of its
 * histogram, or its calls over its time) is the run's figure, so "within a run" is part of "between
 * runs" here.
 *
 * <p>Whether invocations differ at all is tested by a permutation of the trials between invocations
 * (the F ratio of trial means, seeded), the way the spread of one invocation is no evidence about
 * the next.
 *
 * <pre>{@code
 * // invocations -> trials -> runs, values above 0
 * VarianceComponents v = VarianceComponents.of(List.of(inv1, inv2, inv3, inv4));
 * v.invocation().share();   // 0.58: most of a trial's variance is which invocation it ran in
 * v.invocationP();          // 0.001
 * }</pre>
 *
 * @param invocation between invocations (absent with one invocation: NaN variance)
 * @param trial between trials of one invocation
 * @param run between runs of one trial (NaN when no trial has two runs)
 * @param invocations invocations behind it
 * @param trials trials behind it
 * @param runs runs behind it
 * @param invocationP the permutation test's p for "invocations do not differ" (NaN with one)
 * @param invocationMeans the variance of the invocations' means (their trials' noise included; NaN
 *     with one invocation): what two invocations' means differ by, measured without subtracting
 *     anything, so never 0 by a subtraction that happened to come out below 0
 */
public record VarianceComponents(
    Level invocation,
    Level trial,
    Level run,
    int invocations,
    int trials,
    int runs,
    double invocationP,
    double invocationMeans) {

  /** Relabellings drawn for {@link #invocationP}. */
  static final int PERMUTATIONS = 2000;

  /**
   * One level's variance of the log value and its share of the total.
   *
   * @param name {@code invocations}, {@code trials}, {@code runs}
   * @param variance the variance of the log value this level adds (NaN: not measured)
   * @param share the variance over the total of the measured levels (NaN: not measured)
   * @param dof the degrees of freedom the estimate rests on
   */
  public record Level(String name, double variance, double share, int dof) {
    /** The level's standard deviation on the log scale (about the relative spread). */
    public double spread() {
      return Math.sqrt(variance);
    }

    /** Whether this design measured the level. */
    public boolean measured() {
      return !Double.isNaN(variance);
    }
  }

  /**
   * The decomposition of {@code values}: a list of invocations, each a list of trials, each a list
   * of its runs' values (all above 0).
   *
   * @throws IllegalArgumentException on a value not above 0 or no trial at all
   */
  public static VarianceComponents of(List<List<List<Double>>> values) {
    List<List<double[]>> logs = logs(values);
    int trials = logs.stream().mapToInt(List::size).sum();
    if (trials == 0) {
      throw new IllegalArgumentException("no trial to decompose");
    }
    int runs = logs.stream().flatMap(List::stream).mapToInt(a -> a.length).sum();
    // runs inside their trials
    double runSs = 0;
    int runDof = 0;
    double inverseRuns = 0;
    for (List<double[]> inv : logs) {
      for (double[] t : inv) {
        runSs += ss(t);
        runDof += t.length - 1;
        inverseRuns += 1.0 / t.length;
      }
    }
    inverseRuns /= trials;
    double runVar = runDof > 0 ? runSs / runDof : Double.NaN;
    double runPart = runDof > 0 ? runVar * inverseRuns : 0;
    // trial means inside their invocations
    double trialSs = 0;
    int trialDof = 0;
    for (List<double[]> inv : logs) {
      double[] means = means(inv);
      trialSs += ss(means);
      trialDof += means.length - 1;
    }
    double trialMeanVar = trialDof > 0 ? trialSs / trialDof : Double.NaN;
    double trialVar = trialDof > 0 ? Math.max(0, trialMeanVar - runPart) : Double.NaN;
    // invocation means
    List<List<double[]>> usable = logs.stream().filter(i -> !i.isEmpty()).toList();
    double invVar = Double.NaN;
    double invMeansVar = Double.NaN;
    int invDof = usable.size() - 1;
    if (invDof >= 1 && trialDof > 0) {
      double[] invMeans = new double[usable.size()];
      double inverseTrials = 0;
      for (int i = 0; i < invMeans.length; i++) {
        invMeans[i] = mean(means(usable.get(i)));
        inverseTrials += 1.0 / usable.get(i).size();
      }
      inverseTrials /= invMeans.length;
      invMeansVar = ss(invMeans) / invDof;
      invVar = Math.max(0, invMeansVar - trialMeanVar * inverseTrials);
    }
    double total =
        (Double.isNaN(invVar) ? 0 : invVar)
            + (Double.isNaN(trialVar) ? 0 : trialVar)
            + (Double.isNaN(runVar) ? 0 : runVar);
    return new VarianceComponents(
        level("invocations", invVar, total, Math.max(0, invDof)),
        level("trials", trialVar, total, trialDof),
        level("runs", runVar, total, runDof),
        usable.size(),
        trials,
        runs,
        invDof >= 1 && trialDof > 0 ? permutationP(usable) : Double.NaN,
        invMeansVar);
  }

  private static Level level(String name, double variance, double total, int dof) {
    double share = Double.isNaN(variance) ? Double.NaN : total > 0 ? variance / total : 0;
    return new Level(name, variance, share, dof);
  }

  /**
   * The share of relabellings of the trials among the invocations (sizes kept) whose F ratio of
   * trial means is at least the observed one; seeded, so a given data set gives one p.
   */
  private static double permutationP(List<List<double[]>> invocations) {
    List<Double> pooled = new ArrayList<>();
    int[] sizes = new int[invocations.size()];
    for (int i = 0; i < sizes.length; i++) {
      double[] m = means(invocations.get(i));
      sizes[i] = m.length;
      for (double x : m) {
        pooled.add(x);
      }
    }
    double[] all = pooled.stream().mapToDouble(Double::doubleValue).toArray();
    double observed = fRatio(all, sizes);
    SplittableRandom r = new SplittableRandom(Estimate.SEED);
    int atLeast = 1; // the observed labelling counts (so p is never 0)
    double[] shuffled = all.clone();
    for (int k = 0; k < PERMUTATIONS; k++) {
      for (int i = shuffled.length - 1; i > 0; i--) {
        int j = r.nextInt(i + 1);
        double t = shuffled[i];
        shuffled[i] = shuffled[j];
        shuffled[j] = t;
      }
      if (fRatio(shuffled, sizes) >= observed - 1e-12) {
        atLeast++;
      }
    }
    return atLeast / (double) (PERMUTATIONS + 1);
  }

  /** Between-group over within-group sum of squares of {@code values} cut into {@code sizes}. */
  private static double fRatio(double[] values, int[] sizes) {
    double grand = mean(values);
    double between = 0;
    double within = 0;
    int at = 0;
    for (int size : sizes) {
      double[] g = java.util.Arrays.copyOfRange(values, at, at + size);
      at += size;
      double m = mean(g);
      between += size * (m - grand) * (m - grand);
      within += ss(g);
    }
    return within > 0 ? between / within : Double.POSITIVE_INFINITY;
  }

  private static List<List<double[]>> logs(List<List<List<Double>>> values) {
    List<List<double[]>> out = new ArrayList<>();
    for (List<List<Double>> inv : values) {
      List<double[]> trials = new ArrayList<>();
      for (List<Double> t : inv) {
        if (t.isEmpty()) {
          continue;
        }
        double[] l = new double[t.size()];
        for (int i = 0; i < l.length; i++) {
          double v = t.get(i);
          if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("a value is not above 0: " + v);
          }
          l[i] = Math.log(v);
        }
        trials.add(l);
      }
      out.add(trials);
    }
    return out;
  }

  private static double[] means(List<double[]> trials) {
    double[] m = new double[trials.size()];
    for (int i = 0; i < m.length; i++) {
      m[i] = mean(trials.get(i));
    }
    return m;
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return v.length == 0 ? Double.NaN : s / v.length;
  }

  /** The sum of squares about the mean. */
  private static double ss(double[] v) {
    double m = mean(v);
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    return v.length < 2 ? 0 : s;
  }

  /** The table {@code calibrate} prints: one line a level. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    for (Level l : List.of(invocation, trial, run)) {
      String between =
          switch (l.name()) {
            case "invocations" -> "between invocations";
            case "trials" -> "between trials of an invocation";
            default -> "between runs of a trial";
          };
      if (!l.measured()) {
        out.add(String.format("  %-32s not measured here", between));
        continue;
      }
      out.add(
          String.format(
              "  %-32s %5s %% of the variance, spread +-%s %%%s",
              between,
              Num.fixed(100 * l.share(), 0),
              Num.fixed(100 * (Math.exp(l.spread()) - 1), 1),
              l.name().equals("invocations")
                  ? " (permutation p " + Num.fixed(invocationP, 3) + ")"
                  : ""));
    }
    return out;
  }
}
