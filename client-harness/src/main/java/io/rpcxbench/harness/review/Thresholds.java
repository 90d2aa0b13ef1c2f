package io.rpcxbench.harness.review;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.stats.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code --threshold} expressions of a run or a sweep (the engine's {@link Threshold}, its
 * metrics {@link Threshold#RUN}), evaluated on each point's kept runs: latencies from their merged
 * histogram, throughput their mean calls/s, errors and drops summed. Any that fails makes the exit
 * code {@link ExitCode#GATE_FAILED} (k6's), unless something worse happened: bad usage, a failed
 * point, an interrupt or, for the sweep, a lock or a full disk keep their codes.
 *
 * <pre>{@code
 * Thresholds t = Thresholds.parse(List.of("p99<5ms", "errors==0"));
 * List<Thresholds.Verdict> v = t.evaluate(RawResultFile.read(file));
 * // threshold p99<5ms: rpcx PASS (p99 3.2 ms), grpc FAIL (p99 7.9 ms)
 * }</pre>
 */
public final class Thresholds {

  /** The provenance key: {@code thresholds: p99<5ms PASS (p99 3.2 ms); errors==0 PASS ...}. */
  public static final String KEY = "thresholds";

  private final List<Threshold> all;

  private Thresholds(List<Threshold> all) {
    this.all = List.copyOf(all);
  }

  /**
   * The thresholds of {@code expressions}, in their order.
   *
   * @throws IllegalArgumentException naming the option and the first bad expression: {@code
   *     --threshold 'p99<5min': a latency takes us, ms or s, not 'min'}
   */
  public static Thresholds parse(List<String> expressions) {
    List<Threshold> parsed = new ArrayList<>();
    for (String e : expressions) {
      try {
        parsed.add(Threshold.parse(e, Threshold.RUN));
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException("--" + bad.getMessage(), bad);
      }
    }
    return new Thresholds(parsed);
  }

  public boolean isEmpty() {
    return all.isEmpty();
  }

  public List<Threshold> all() {
    return all;
  }

  /** One threshold on one point. */
  public record Verdict(Threshold threshold, double measured) {
    public boolean passed() {
      return threshold.passes(measured);
    }

    /** {@code PASS (p99 3.2 ms)}. */
    public String text() {
      return (passed() ? "PASS" : "FAIL") + " (" + threshold.measured(measured) + ")";
    }
  }

  /** Each threshold on the kept runs of {@code contents}, in order. */
  public List<Verdict> evaluate(RawContents contents) {
    KeptRuns kept = KeptRuns.of(contents);
    return all.stream().map(t -> new Verdict(t, measure(t, kept))).toList();
  }

  /** The metric on the kept runs, in its base unit (ns, calls/s, calls); NaN when unknown. */
  static double measure(Threshold t, KeptRuns kept) {
    if (kept.size() == 0) {
      return Double.NaN;
    }
    return switch (t.metric()) {
      case "throughput" -> kept.meanThroughput();
      case "errors" -> kept.errors();
      case "drops" -> kept.drops();
      default ->
          kept.latencyNanos()
              .map(h -> (double) h.getValueAtPercentile(t.percentile()))
              .orElse(Double.NaN);
    };
  }

  /** The provenance value of a point's verdicts: {@code p99<5ms PASS (p99 3.2 ms); ...}. */
  public static String provenance(List<Verdict> verdicts) {
    return verdicts.stream()
        .map(v -> v.threshold() + " " + v.text())
        .collect(Collectors.joining("; "));
  }

  /** The console's line of one threshold: {@code threshold p99<5ms: rpcx PASS (...), grpc ...}. */
  public static String line(Threshold t, String where, List<String> protocols, List<Verdict> each) {
    StringBuilder b = new StringBuilder("threshold ").append(t);
    if (!where.isEmpty()) {
      b.append(" at ").append(where);
    }
    b.append(':');
    for (int i = 0; i < protocols.size(); i++) {
      b.append(i == 0 ? " " : ", ").append(protocols.get(i)).append(' ').append(each.get(i).text());
    }
    return b.toString();
  }
}
