package io.rpcxbench.stats;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What A/As on this machine say about the tool's own verdicts, measured over several invocations of
 * one protocol at one point ({@code rpcx-bench calibrate}): per metric where the spread comes from
 * ({@link VarianceComponents}), the spread between trials of one invocation, the spread between
 * invocations, the smallest change a comparison detects in each design, and the false-positive rate
 * counted over every A/A verdict this machine has made ({@link AaLedger}), with its interval: a
 * figure that rises when the machine makes the verdicts wrong.
 *
 * <pre>{@code
 * Calibration.Metric m = Calibration.Metric.of("p99", invocations, ledger);
 * m.detectable().text(6);          // "detectable here with 6 trials: +-12.0 %" (interleaved)
 * m.detectableApart(6);            // 31.5: two folders recorded apart, 6 trials each
 * Calibration c = new Calibration(fingerprint, "rpcx t8", 4, 4, now, List.of(m));
 * c.write(writer);                 // calibration.properties; Calibration.read(reader) reads it
 * }</pre>
 *
 * @param fingerprint the machine it holds for (host, CPU, cores, kernel, JVM); a different one
 *     means calibrating again
 * @param point what was measured, e.g. {@code rpcx t8-r2000}
 * @param trials trials a side in each invocation's A/A
 * @param invocations the invocations measured
 * @param measured when the measurement ended
 * @param metrics per metric, in table order
 */
public record Calibration(
    String fingerprint,
    String point,
    int trials,
    int invocations,
    Instant measured,
    List<Metric> metrics) {
  static final String FORMAT = "rpcx-bench-calibration-2";

  public Calibration {
    metrics = List.copyOf(metrics);
  }

  /**
   * One metric's calibration.
   *
   * @param name {@code throughput}, {@code p50}, {@code p99}
   * @param spread the standard deviation of a trial's log value inside one invocation (pooled)
   * @param components where the variance comes from
   * @param interleaved the false-positive rate counted over interleaved A/A verdicts
   * @param apart the same over A/As of two invocations recorded apart
   */
  public record Metric(
      String name,
      double spread,
      VarianceComponents components,
      FalsePositives interleaved,
      FalsePositives apart) {

    /**
     * The calibration of {@code name} from its values per invocation, trial and run ({@link
     * VarianceComponents#of}), the trials' own values per invocation ({@code trialValues}), and the
     * machine's A/A verdicts so far.
     */
    public static Metric of(
        String name,
        List<List<List<Double>>> runValues,
        List<List<Double>> trialValues,
        AaLedger ledger) {
      double spread = Detectable.pooled(trialValues).map(Detectable::spread).orElse(Double.NaN);
      return new Metric(
          name,
          spread,
          VarianceComponents.of(runValues),
          ledger.rate(AaLedger.Design.INTERLEAVED, name),
          ledger.rate(AaLedger.Design.APART, name));
    }

    /**
     * The spread two folders recorded apart are tested with ({@link Shift#apart}): the standard
     * deviation of the calibration's invocation means, their own trials' noise left in (NaN when
     * one invocation was measured). Not the decomposition's invocation level, which is 0 whenever
     * its subtraction comes out below 0: over 4 invocations that happens by chance, and a test that
     * then allows for nothing calls the next invocation's shift a change.
     */
    public double invocationSpread() {
      return Math.sqrt(components.invocationMeans());
    }

    /**
     * The spread two folders recorded apart are tested with at a point whose own trials spread by
     * {@code trialSpread}: the calibration's invocation spread, or, where that point is noisier
     * than the calibrated one, the same share of its own spread (the calibration's invocation means
     * over its trials' spread, {@link #invocationSpread} / {@link #spread}), whichever is larger.
     * One point was calibrated; a noisier point's invocations are taken to move as much more as its
     * trials do.
     */
    public double invocationSpreadAt(double trialSpread) {
      double own = invocationSpread();
      if (!(spread > 0) || !(trialSpread > 0)) {
        return own;
      }
      return Math.max(own, own / spread * trialSpread);
    }

    /** Its degrees of freedom (invocations - 1). */
    public int invocationDof() {
      return components.invocation().dof();
    }

    /** Whether two folders recorded apart can be tested with this calibration. */
    public boolean knowsInvocations() {
      return !Double.isNaN(components.invocationMeans()) && invocationDof() >= 1;
    }

    /** The smallest change an interleaved comparison detects, from the trials' spread. */
    public Detectable detectable() {
      return new Detectable(Double.isNaN(spread) ? 0 : spread);
    }

    /** The smallest change two folders of {@code n} trials each, recorded apart, detect. */
    public double detectableApart(int n) {
      return knowsInvocations()
          ? detectable().percentApart(n, invocationSpread(), invocationDof())
          : Double.POSITIVE_INFINITY;
    }

    /** Whether either measured false-positive rate is above the stated 5 % (its whole interval). */
    public boolean aboveStated() {
      return interleaved.aboveStated() || apart.aboveStated();
    }
  }

  /** A metric by name, or null. */
  public Metric metric(String name) {
    return metrics.stream().filter(m -> m.name().equals(name)).findFirst().orElse(null);
  }

  /** Whether a measured false-positive rate is above 5 %: the verdicts here are not calibrated. */
  public boolean aaFailed() {
    return metrics.stream().anyMatch(Metric::aboveStated);
  }

  /** How long ago it was measured, from {@code now}. */
  public Duration age(Instant now) {
    return Duration.between(measured, now);
  }

  /**
   * {@code calibration (rpcx t8-r2000, 4 invocations x 4 + 4 trials, 2026-11-28T02:40Z): throughput
   * detectable with 6 trials: +-8.1 % interleaved, +-24.0 % apart, false positives 1 of 16
   * interleaved A/A verdicts (...); ...}.
   */
  public String line(int n) {
    StringBuilder b =
        new StringBuilder(
            "calibration ("
                + point
                + ", "
                + invocations
                + (invocations == 1 ? " invocation x " : " invocations x ")
                + trials
                + " + "
                + trials
                + " A/A trials, "
                + measuredText()
                + "):");
    for (Metric m : metrics) {
      double apart = m.detectableApart(n);
      b.append(' ')
          .append(m.name())
          .append(' ')
          .append(m.detectable().text(n).replace("detectable here", "detectable"))
          .append(" interleaved, ")
          .append(Double.isInfinite(apart) ? "not measured" : "+-" + Num.fixed(apart, 1) + " %")
          .append(" apart; false positives ")
          .append(m.interleaved().text().replace("A/A verdicts", "interleaved A/A verdicts"))
          .append(m.aboveStated() ? ", A/A DIFFERS TOO OFTEN" : "")
          .append(';');
    }
    b.setLength(b.length() - 1);
    return b.toString();
  }

  /** When it was measured, to the minute: {@code 2026-11-28T02:40Z}. */
  public String measuredText() {
    return measured.toString().replaceAll(":\\d\\d(\\.\\d+)?Z$", "Z");
  }

  /** Per metric, where its variance comes from: the table {@code calibrate} prints. */
  public List<String> decomposition() {
    List<String> out = new ArrayList<>();
    for (Metric m : metrics) {
      out.add(
          m.name()
              + " (over "
              + m.components().invocations()
              + (m.components().invocations() == 1 ? " invocation, " : " invocations, ")
              + m.components().trials()
              + " trials, "
              + m.components().runs()
              + " runs):");
      out.addAll(m.components().lines());
    }
    return out;
  }

  /** As {@code key=value} lines: the one writer of the format {@link #read} reads. */
  public void write(Writer w) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("fingerprint", fingerprint);
    m.put("point", point);
    m.put("trials", String.valueOf(trials));
    m.put("invocations", String.valueOf(invocations));
    m.put("measured", measured.toString());
    m.put("metrics", String.join(",", metrics.stream().map(Metric::name).toList()));
    for (Metric x : metrics) {
      String k = "metric." + x.name() + ".";
      m.put(k + "spread", Double.toString(x.spread()));
      VarianceComponents c = x.components();
      for (VarianceComponents.Level l : List.of(c.invocation(), c.trial(), c.run())) {
        m.put(k + l.name() + ".variance", Double.toString(l.variance()));
        m.put(k + l.name() + ".share", Double.toString(l.share()));
        m.put(k + l.name() + ".dof", String.valueOf(l.dof()));
      }
      m.put(k + "counts", c.invocations() + "/" + c.trials() + "/" + c.runs());
      m.put(k + "invocation_p", Double.toString(c.invocationP()));
      m.put(k + "invocation_means", Double.toString(c.invocationMeans()));
      m.put(k + "false_positives.interleaved", counts(x.interleaved()));
      m.put(k + "false_positives.apart", counts(x.apart()));
    }
    for (Map.Entry<String, String> e : m.entrySet()) {
      w.write(e.getKey() + "=" + e.getValue().replace("\\", "\\\\").replace("\n", " ") + "\n");
    }
  }

  private static String counts(FalsePositives f) {
    return f.significant() + "/" + f.verdicts() + "/" + f.invocations();
  }

  /**
   * Reads what {@link #write} wrote.
   *
   * @throws IllegalArgumentException naming what is missing or wrong (an older format included:
   *     calibrate again)
   */
  public static Calibration read(Reader r) throws IOException {
    Properties p = new Properties();
    p.load(r);
    if (!FORMAT.equals(p.getProperty("format"))) {
      throw new IllegalArgumentException(
          "not a calibration file of this version (" + FORMAT + "): calibrate again");
    }
    try {
      List<Metric> metrics = new ArrayList<>();
      for (String name : need(p, "metrics").split(",")) {
        String k = "metric." + name + ".";
        String[] n = need(p, k + "counts").split("/");
        metrics.add(
            new Metric(
                name,
                Double.parseDouble(need(p, k + "spread")),
                new VarianceComponents(
                    level(p, k, "invocations"),
                    level(p, k, "trials"),
                    level(p, k, "runs"),
                    Integer.parseInt(n[0]),
                    Integer.parseInt(n[1]),
                    Integer.parseInt(n[2]),
                    Double.parseDouble(need(p, k + "invocation_p")),
                    Double.parseDouble(need(p, k + "invocation_means"))),
                falsePositives(need(p, k + "false_positives.interleaved")),
                falsePositives(need(p, k + "false_positives.apart"))));
      }
      return new Calibration(
          need(p, "fingerprint"),
          need(p, "point"),
          Integer.parseInt(need(p, "trials")),
          Integer.parseInt(need(p, "invocations")),
          Instant.parse(need(p, "measured")),
          metrics);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("calibration file: " + e.getMessage(), e);
    }
  }

  private static VarianceComponents.Level level(Properties p, String k, String name) {
    return new VarianceComponents.Level(
        name,
        Double.parseDouble(need(p, k + name + ".variance")),
        Double.parseDouble(need(p, k + name + ".share")),
        Integer.parseInt(need(p, k + name + ".dof")));
  }

  private static FalsePositives falsePositives(String text) {
    String[] f = text.split("/");
    return new FalsePositives(
        Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]));
  }

  private static String need(Properties p, String key) {
    String v = p.getProperty(key);
    if (v == null) {
      throw new IllegalArgumentException("calibration file: no " + key);
    }
    return v;
  }
}
