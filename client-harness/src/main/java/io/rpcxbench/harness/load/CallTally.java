package io.rpcxbench.harness.load;

import io.rpcxbench.harness.protocol.Reachability;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the calls of one run of the open loop or the in-flight model did, recorded from any thread
 * (replies complete on the client's own threads): two HdrHistogram {@link Recorder}s, latency from
 * the intended start and service time from the actual send, sampled into interval histograms (one
 * per second for {@code --hlog}) and summed into the run's totals; error counts by kind; the
 * schedule lag (the actual send behind the intended start: a histogram and its largest value, the
 * generator's own health); the last reply.
 */
public final class CallTally {
  private final long failAfterNanos;
  private final Recorder latency = newRecorder();
  private final Recorder service = newRecorder();
  private final Recorder lag = newRecorder();
  private final Histogram lagTotal = LoadRunner.newHistogram();
  private final Histogram latencyTotal = LoadRunner.newHistogram();
  private final Histogram serviceTotal = LoadRunner.newHistogram();
  private final ErrorCounts errors = new ErrorCounts();
  private final LongAdder calls = new LongAdder();
  private final LongAccumulator maxLag = new LongAccumulator(Math::max, 0);
  private final LongAccumulator lastReply = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final AtomicReference<String> firstError = new AtomicReference<>();
  private final LongAdder dropped = new LongAdder();
  private final IntSupplier inFlight;

  /**
   * {@code failAfterNanos}: a call slower than this fails ({@link ErrorKind#OVER_THRESHOLD}); 0
   * off. {@code inFlight}: the calls out now (for the live figures).
   */
  CallTally(long failAfterNanos, IntSupplier inFlight) {
    this.failAfterNanos = failAfterNanos;
    this.inFlight = inFlight;
  }

  /** A call the open loop dropped (all allowed calls were out). */
  void dropped() {
    dropped.increment();
  }

  static Recorder newRecorder() {
    return new Recorder(LoadRunner.LOWEST_NANOS, LoadRunner.HIGHEST_NANOS, LoadRunner.DIGITS);
  }

  /**
   * One finished call: meant to start at {@code intended}, sent at {@code sent}, ended at {@code
   * end} ({@code System.nanoTime}); {@code failure} null when the right answer came.
   */
  void record(long intended, long sent, long end, Throwable failure) {
    long latencyNanos = end - intended;
    latency.recordValue(clamp(latencyNanos));
    service.recordValue(clamp(end - sent));
    maxLag.accumulate(sent - intended);
    lag.recordValue(Math.max(0, Math.min(sent - intended, LoadRunner.HIGHEST_NANOS)));
    lastReply.accumulate(end);
    calls.increment();
    if (failure != null) {
      Throwable cause = ErrorKind.unwrap(failure);
      errors.add(ErrorKind.of(cause));
      firstError.compareAndSet(null, Reachability.describe(cause));
    } else if (failAfterNanos > 0 && latencyNanos > failAfterNanos) {
      errors.add(ErrorKind.OVER_THRESHOLD);
      firstError.compareAndSet(
          null,
          "slower than --fail-after: "
              + String.format(java.util.Locale.ROOT, "%.1f ms", latencyNanos / 1e6));
    }
  }

  private static long clamp(long nanos) {
    return Math.max(LoadRunner.LOWEST_NANOS, Math.min(nanos, LoadRunner.HIGHEST_NANOS));
  }

  /** Takes what was recorded since the last sample into the totals; returns it (for the log). */
  public synchronized Interval sample() {
    Histogram l = latency.getIntervalHistogram();
    Histogram s = service.getIntervalHistogram();
    latencyTotal.add(l);
    serviceTotal.add(s);
    lagTotal.add(lag.getIntervalHistogram());
    return new Interval(l, s, errors.total(), dropped.sum(), inFlight.getAsInt());
  }

  /**
   * One interval's histograms: latency from the intended start, service time from the send (null
   * where there is none); the run's failed and dropped calls so far, the calls out at its end.
   */
  public record Interval(
      Histogram latency, Histogram service, long errors, long dropped, int inFlight) {}

  Histogram latencyTotal() {
    return latencyTotal;
  }

  Histogram serviceTotal() {
    return serviceTotal;
  }

  ErrorCounts errors() {
    return errors;
  }

  long calls() {
    return calls.sum();
  }

  /** The 99th percentile of the sends' lag behind their intended starts, ns (after the sample). */
  long lagP99Nanos() {
    return lagTotal.getTotalCount() == 0 ? 0 : lagTotal.getValueAtPercentile(99);
  }

  long maxLagNanos() {
    return Math.max(0, maxLag.get());
  }

  /** The last reply's time, or {@code otherwise} when no call ended. */
  long lastReply(long otherwise) {
    long last = lastReply.get();
    return last == Long.MIN_VALUE ? otherwise : last;
  }

  String firstError() {
    return firstError.get();
  }

  /** The {@code errors_*} columns. */
  Map<String, String> errorColumns() {
    return new LinkedHashMap<>(errors.columns());
  }
}
