package io.rpcxbench.stats;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What an A/A on this machine says about the tool's own verdicts: one protocol measured as two
 * candidates in interleaved trials, per metric the spread between trials, the A/A verdict itself
 * (it must not differ), the false-positive rate of the real test over every relabelling of the
 * trials into two halves, and the smallest change {@code n} trials a side detect here.
 *
 * <pre>{@code
 * Calibration.Metric m = Calibration.Metric.of("p99", aTrials, bTrials);
 * m.falsePositiveRate();    // 0.04: the share of relabelled halves the test calls different
 * m.detectable().text(6);   // "detectable here with 6 trials: +-27.0 %"
 * Calibration c = new Calibration(fingerprint, "rpcx t8-r2000", 6, List.of(m));
 * c.write(writer);          // calibration.properties; Calibration.read(reader) reads it back
 * }</pre>
 *
 * @param fingerprint the machine it holds for (host, CPU, cores, kernel, JVM); a different one
 *     means calibrating again
 * @param point what was measured, e.g. {@code rpcx t8-r2000}
 * @param trials trials a side
 * @param metrics per metric, in table order
 */
public record Calibration(String fingerprint, String point, int trials, List<Metric> metrics) {
  /** The relabellings drawn when there are more than this many; all of them otherwise. */
  static final int MAX_RELABELLINGS = 2000;

  public Calibration {
    metrics = List.copyOf(metrics);
  }

  /**
   * One metric's calibration.
   *
   * @param name {@code throughput}, {@code p50}, {@code p99}
   * @param spread the standard deviation of a trial's log value, both labels pooled
   * @param aaRatio the A/A pair's ratio B / A (null without a test)
   * @param aaSignificant whether the A/A pair itself came out different (a failed check)
   * @param falsePositiveRate the share of relabellings into two halves the test calls different
   * @param relabellings how many relabellings that share is over
   */
  public record Metric(
      String name,
      double spread,
      Double aaRatio,
      boolean aaSignificant,
      double falsePositiveRate,
      int relabellings) {

    /** The calibration of {@code name} from the trials of the two labels of one protocol. */
    public static Metric of(String name, List<Double> a, List<Double> b) {
      List<Double> all = new ArrayList<>(a);
      all.addAll(b);
      double spread =
          Detectable.of(all.stream().mapToDouble(Double::doubleValue).toArray()).spread();
      Shift aa = Shift.of(a, b, false);
      int[] counts = relabelled(all, a.size());
      return new Metric(
          name,
          spread,
          aa.ratio(),
          aa.significant(),
          counts[1] == 0 ? 0 : counts[0] / (double) counts[1],
          counts[1]);
    }

    /** The smallest detectable change from this spread. */
    public Detectable detectable() {
      return new Detectable(spread);
    }
  }

  /**
   * {significant, tried} over the splits of {@code all} into a first half of {@code k}: every one
   * when they are few, else {@value #MAX_RELABELLINGS} drawn with a fixed seed.
   */
  static int[] relabelled(List<Double> all, int k) {
    int n = all.size();
    if (k < Shift.MIN_PER_SIDE || n - k < Shift.MIN_PER_SIDE) {
      return new int[] {0, 0};
    }
    List<int[]> splits = new ArrayList<>();
    if (choose(n, k) <= MAX_RELABELLINGS) {
      combinations(n, k, 0, new int[k], 0, splits);
    } else {
      java.util.Random r = new java.util.Random(Estimate.SEED);
      for (int i = 0; i < MAX_RELABELLINGS; i++) {
        List<Integer> idx = new ArrayList<>();
        for (int j = 0; j < n; j++) {
          idx.add(j);
        }
        java.util.Collections.shuffle(idx, r);
        splits.add(idx.subList(0, k).stream().mapToInt(Integer::intValue).toArray());
      }
    }
    int significant = 0;
    for (int[] first : splits) {
      boolean[] in = new boolean[n];
      for (int i : first) {
        in[i] = true;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        (in[i] ? x : y).add(all.get(i));
      }
      if (Shift.of(x, y, false).significant()) {
        significant++;
      }
    }
    return new int[] {significant, splits.size()};
  }

  private static double choose(int n, int k) {
    double c = 1;
    for (int i = 0; i < k; i++) {
      c = c * (n - i) / (i + 1);
    }
    return c;
  }

  private static void combinations(int n, int k, int from, int[] pick, int at, List<int[]> out) {
    if (at == k) {
      out.add(pick.clone());
      return;
    }
    for (int i = from; i <= n - (k - at); i++) {
      pick[at] = i;
      combinations(n, k, i + 1, pick, at + 1, out);
    }
  }

  /** A metric by name, or null. */
  public Metric metric(String name) {
    return metrics.stream().filter(m -> m.name().equals(name)).findFirst().orElse(null);
  }

  /** Whether any metric's A/A pair came out different: the check failed, loudly. */
  public boolean aaFailed() {
    return metrics.stream().anyMatch(Metric::aaSignificant);
  }

  /**
   * {@code calibration (rpcx t8-r2000, 6 trials a side): p99 detectable here with 6 trials: +-27.0
   * %, false positives 4.1 % of 462 relabellings; ...}.
   */
  public String line(int n) {
    StringBuilder b =
        new StringBuilder(
            "calibration (" + point + ", " + trials + " + " + trials + " A/A trials):");
    for (Metric m : metrics) {
      b.append(' ')
          .append(m.name())
          .append(' ')
          .append(m.detectable().text(n).replace("detectable here", "detectable"))
          .append(", false positives ")
          .append(Num.fixed(100 * m.falsePositiveRate(), 1))
          .append(" %")
          .append(m.aaSignificant() ? ", A/A DIFFERS" : "")
          .append(';');
    }
    b.setLength(b.length() - 1);
    return b.toString();
  }

  /** As {@code key=value} lines: the one writer of the format {@link #read} reads. */
  public void write(Writer w) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("format", "rpcx-bench-calibration-1");
    m.put("fingerprint", fingerprint);
    m.put("point", point);
    m.put("trials", String.valueOf(trials));
    m.put("metrics", String.join(",", metrics.stream().map(Metric::name).toList()));
    for (Metric x : metrics) {
      String k = "metric." + x.name() + ".";
      m.put(k + "spread", Double.toString(x.spread()));
      m.put(k + "aa_ratio", x.aaRatio() == null ? "" : Double.toString(x.aaRatio()));
      m.put(k + "aa_significant", Boolean.toString(x.aaSignificant()));
      m.put(k + "false_positive_rate", Double.toString(x.falsePositiveRate()));
      m.put(k + "relabellings", String.valueOf(x.relabellings()));
    }
    for (Map.Entry<String, String> e : m.entrySet()) {
      w.write(e.getKey() + "=" + e.getValue().replace("\\", "\\\\").replace("\n", " ") + "\n");
    }
  }

  /**
   * Reads what {@link #write} wrote.
   *
   * @throws IllegalArgumentException naming what is missing or wrong
   */
  public static Calibration read(Reader r) throws IOException {
    Properties p = new Properties();
    p.load(r);
    if (!"rpcx-bench-calibration-1".equals(p.getProperty("format"))) {
      throw new IllegalArgumentException(
          "not a calibration file (format rpcx-bench-calibration-1)");
    }
    try {
      List<Metric> metrics = new ArrayList<>();
      for (String name : need(p, "metrics").split(",")) {
        String k = "metric." + name + ".";
        String ratio = need(p, k + "aa_ratio");
        metrics.add(
            new Metric(
                name,
                Double.parseDouble(need(p, k + "spread")),
                ratio.isEmpty() ? null : Double.parseDouble(ratio),
                Boolean.parseBoolean(need(p, k + "aa_significant")),
                Double.parseDouble(need(p, k + "false_positive_rate")),
                Integer.parseInt(need(p, k + "relabellings"))));
      }
      return new Calibration(
          need(p, "fingerprint"), need(p, "point"), Integer.parseInt(need(p, "trials")), metrics);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("calibration file: " + e.getMessage(), e);
    }
  }

  private static String need(Properties p, String key) {
    String v = p.getProperty(key);
    if (v == null) {
      throw new IllegalArgumentException("calibration file: no " + key);
    }
    return v;
  }
}
