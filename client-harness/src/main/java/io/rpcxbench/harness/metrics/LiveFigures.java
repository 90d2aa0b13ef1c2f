package io.rpcxbench.harness.metrics;

import io.rpcxbench.harness.load.CallTally;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.RunWatcher;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A run's figures while it runs, one {@link Second} per second from its interval recorder (the
 * sample {@code --hlog} writes): the calls/s of that second, p50 and p99 of the run so far (the
 * intervals added up, never a second recording of the calls), failed and dropped calls so far,
 * calls in flight and the harness's own CPU (its process CPU time over the second). Handed to each
 * {@link Sink}: the live console line ({@link LiveConsole}), the metrics endpoint. All of it runs
 * on the sampling thread, once a second: nothing per call.
 *
 * <pre>{@code
 * LiveFigures live = new LiveFigures("rpcx", 10, List.of(new LiveConsole(err)));
 * PointRunner.open(client, config, input, host, live);   // one Second per second, per run
 * }</pre>
 */
public final class LiveFigures implements RunWatcher {
  /** Where the figures go. */
  public interface Sink {
    /**
     * One second of run {@code s.order()}; {@code interval} its latency histogram (ns), read-only.
     */
    void second(Second s, Histogram interval);
  }

  /**
   * One second's figures.
   *
   * @param calls calls that ended in the second (failed ones included)
   * @param callsPerSecond those calls over the interval's length
   * @param p50Nanos the run's p50 so far, {@code p99Nanos} its p99
   * @param errors the run's failed calls so far; {@code dropped}: its dropped calls so far
   * @param clientCores the harness's CPU time over the second / the second (cores)
   * @param last the run's last, partial interval
   */
  public record Second(
      String protocol,
      int order,
      int runs,
      double elapsedS,
      long calls,
      double callsPerSecond,
      long p50Nanos,
      long p99Nanos,
      long errors,
      long dropped,
      int inFlight,
      double clientCores,
      boolean last) {}

  private final String protocol;
  private final int runs;
  private final List<Sink> sinks;
  private final Histogram soFar = LoadRunner.newHistogram();
  private int order;
  private long runStart;
  private long lastWall;
  private long lastCpu;
  private boolean ending;

  public LiveFigures(String protocol, int runs, List<Sink> sinks) {
    this.protocol = protocol;
    this.runs = runs;
    this.sinks = List.copyOf(sinks);
  }

  @Override
  public synchronized void runStarted(int order) {
    this.order = order;
    soFar.reset();
    runStart = System.nanoTime();
    lastWall = runStart;
    lastCpu = processCpuNanos();
    ending = false;
  }

  @Override
  public synchronized void interval(CallTally.Interval i) {
    Histogram h = i.latency();
    soFar.add(h);
    long now = System.nanoTime();
    long cpu = processCpuNanos();
    long wall = Math.max(1, now - lastWall);
    long lengthMs = h.getEndTimeStamp() - h.getStartTimeStamp();
    double seconds = lengthMs > 0 ? lengthMs / 1000.0 : wall / 1e9;
    Second s =
        new Second(
            protocol,
            order,
            runs,
            (now - runStart) / 1e9,
            h.getTotalCount(),
            h.getTotalCount() / seconds,
            soFar.getTotalCount() == 0 ? 0 : soFar.getValueAtPercentile(50),
            soFar.getTotalCount() == 0 ? 0 : soFar.getValueAtPercentile(99),
            i.errors(),
            i.dropped(),
            i.inFlight(),
            cpu < 0 || lastCpu < 0 ? Double.NaN : (double) (cpu - lastCpu) / wall,
            ending);
    lastWall = now;
    lastCpu = cpu;
    for (Sink sink : sinks) {
      sink.second(s, h);
    }
  }

  @Override
  public synchronized void runEnded() {
    ending = true;
  }

  /** This JVM's CPU time (ns), or -1 where the JVM does not say. */
  static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
