package io.rpcxbench.harness.metrics;

import java.io.PrintWriter;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The live line, once a second while a run runs (k6's progress, in plain lines so that a log or a
 * forwarding parent keeps them): {@code rpcx live order 3/10 4s: 10234 calls/s, p50 212.0 us, p99
 * 1310.0 us so far, errors 0, dropped 0, in flight 64, client 0.85 cores}. The run's last, partial
 * second is left to the run's own line, which follows.
 */
public final class LiveConsole implements LiveFigures.Sink {
  private final PrintWriter err;

  public LiveConsole(PrintWriter err) {
    this.err = err;
  }

  @Override
  public void second(LiveFigures.Second s, Histogram interval) {
    if (s.last()) {
      return;
    }
    String line = line(s);
    synchronized (err) {
      err.println(line);
      err.flush();
    }
  }

  static String line(LiveFigures.Second s) {
    return String.format(
        Locale.ROOT,
        "%-9s live order %d/%d %.0fs: %.0f calls/s, p50 %.1f us, p99 %.1f us so far, errors %d,"
            + " dropped %d, in flight %d, client %s cores",
        s.protocol(),
        s.order(),
        s.runs(),
        Math.floor(s.elapsedS()),
        s.callsPerSecond(),
        s.p50Nanos() / 1000.0,
        s.p99Nanos() / 1000.0,
        s.errors(),
        s.dropped(),
        s.inFlight(),
        Double.isNaN(s.clientCores()) ? "?" : String.format(Locale.ROOT, "%.2f", s.clientCores()));
  }
}
