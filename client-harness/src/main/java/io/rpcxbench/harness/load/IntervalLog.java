package io.rpcxbench.harness.load;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code --hlog FILE}: the runs' latency as one HdrHistogram per second, in HdrHistogram's own log
 * format ({@link HistogramLogWriter}, values in ns, printed in ms), so that a run can be plotted
 * over time and logs of several client hosts merged. Each interval is tagged {@code
 * KIND/PROTOCOL/HOST}: {@code latency/rpcx/host-a} (from the intended start in the open loop),
 * {@code service/rpcx/host-a} (from the send; open loop only). HdrHistogram's {@code
 * HistogramLogProcessor} needs {@code -tag TAG} on such a file ({@code -listtags} lists them).
 *
 * <pre>{@code
 * try (IntervalLog log = IntervalLog.open(Path.of("rpcx.hlog"), "rpcx", "host-a")) {
 *   try (IntervalLog.Sampler s = log.every(tally::sample)) { ...run... }
 * }
 * }</pre>
 *
 * <p>The same per-second sample feeds the live figures ({@link RunWatcher}): a log opened with a
 * watcher hands it every interval it writes, and {@link #clockOnly} samples for a watcher without
 * writing a file. One daemon thread does both.
 */
public final class IntervalLog implements AutoCloseable {
  static final long INTERVAL_MILLIS = 1000;

  /** HdrHistogram's unit ratio: values in ns appear in ms in the log's text columns. */
  private static final double NANOS_PER_MILLI = 1e6;

  private final PrintStream stream;
  private final HistogramLogWriter writer;
  private final String latencyTag;
  private final String serviceTag;
  private final ScheduledExecutorService timer;
  private final RunWatcher watcher;

  /** {@code stream} null: no file, the clock of {@code watcher} only. */
  private IntervalLog(PrintStream stream, String protocol, String host, RunWatcher watcher) {
    this.stream = stream;
    this.watcher = watcher;
    this.writer = stream == null ? null : new HistogramLogWriter(stream);
    String where = tagPart(protocol) + "/" + tagPart(host);
    this.latencyTag = "latency/" + where;
    this.serviceTag = "service/" + where;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, stream == null ? "live" : "hlog");
              t.setDaemon(true);
              return t;
            });
    if (writer == null) {
      return;
    }
    long now = System.currentTimeMillis();
    writer.outputLogFormatVersion();
    writer.outputComment("rpcx-bench " + latencyTag + ", one interval per second, values in ns");
    writer.outputStartTime(now);
    writer.setBaseTime(now);
    writer.outputBaseTime(now);
    writer.outputLegend();
  }

  /** Creates (replaces) {@code file}. */
  public static IntervalLog open(Path file, String protocol, String host) throws IOException {
    return open(file, protocol, host, null);
  }

  /** Creates (replaces) {@code file}; every interval written goes to {@code watcher} too. */
  public static IntervalLog open(Path file, String protocol, String host, RunWatcher watcher)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    OutputStream out = Files.newOutputStream(file);
    return new IntervalLog(
        new PrintStream(out, true, StandardCharsets.UTF_8), protocol, host, watcher);
  }

  /** No file: the runs are sampled every second for {@code watcher} only. */
  public static IntervalLog clockOnly(RunWatcher watcher) {
    return new IntervalLog(null, "-", "-", watcher);
  }

  /** Tags end at ',' and whitespace in the log's text: keep to a safe alphabet. */
  public static String tagPart(String text) {
    return text.replaceAll("[^A-Za-z0-9._@:-]", "_");
  }

  String latencyTag() {
    return latencyTag;
  }

  /** A comment line, e.g. where a run starts. */
  public synchronized void comment(String text) {
    if (writer != null) {
      writer.outputComment(text);
    }
  }

  /**
   * Writes one interval's histograms: {@code service} may be null (closed loop, in-flight). Their
   * start and end time stamps (epoch ms) are set by the {@link org.HdrHistogram.Recorder}.
   */
  synchronized void write(Histogram latency, Histogram service) {
    if (writer == null) {
      return;
    }
    write(latency, latencyTag);
    if (service != null) {
      write(service, serviceTag);
    }
  }

  private void write(Histogram h, String tag) {
    h.setTag(tag);
    writer.outputIntervalHistogram(
        (h.getStartTimeStamp() - writer.getBaseTime()) / 1000.0,
        (h.getEndTimeStamp() - writer.getBaseTime()) / 1000.0,
        h,
        NANOS_PER_MILLI);
  }

  /** One run's calls, from the first to the last reply. */
  public interface RunBody<T> {
    T drive() throws InterruptedException;
  }

  /**
   * Runs {@code body} as run {@code order}: with a log, under an {@code order N} comment with the
   * tally's intervals written every second; without one (null), the tally sampled once at the end,
   * so that it is left the same either way.
   */
  public static <T> T sampled(IntervalLog log, int order, CallTally tally, RunBody<T> body)
      throws InterruptedException {
    if (log == null) {
      T result = body.drive();
      tally.sample();
      return result;
    }
    log.comment("order " + order);
    try (Sampler s = log.every(order, tally::sample)) {
      return body.drive();
    }
  }

  /**
   * Calls {@code sample} every second and writes what it returns (and hands it to the watcher),
   * until the sampler is closed; its close takes and writes the last, partial interval.
   */
  public Sampler every(Supplier<CallTally.Interval> sample) {
    return every(-1, sample);
  }

  /** {@link #every(Supplier)} for run {@code order}: the watcher is told when it starts. */
  public Sampler every(int order, Supplier<CallTally.Interval> sample) {
    if (watcher != null) {
      watcher.runStarted(order);
    }
    return new Sampler(sample);
  }

  /** One run's sampling; close it when the run's last reply is in. */
  public final class Sampler implements AutoCloseable {
    private final Supplier<CallTally.Interval> sample;
    private final java.util.concurrent.ScheduledFuture<?> task;
    private boolean closed;

    private Sampler(Supplier<CallTally.Interval> sample) {
      this.sample = sample;
      this.task =
          timer.scheduleAtFixedRate(
              this::writeOne, INTERVAL_MILLIS, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void writeOne() {
      synchronized (IntervalLog.this) {
        if (!closed) {
          CallTally.Interval i = sample.get();
          write(i.latency(), i.service());
          if (watcher != null) {
            watcher.interval(i);
          }
        }
      }
    }

    /** Takes and writes the last interval; a tick still running finishes first, none follows. */
    @Override
    public void close() {
      task.cancel(false);
      if (watcher != null) {
        watcher.runEnded();
      }
      writeOne();
      synchronized (IntervalLog.this) {
        closed = true;
      }
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
    if (stream != null) {
      stream.close();
    }
  }
}
