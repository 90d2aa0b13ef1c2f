package io.rpcxbench.serverkit;

import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts a server's open connections against {@code --max-connections}. The accepting thread asks
 * {@link #tryOpen()} for every new connection and closes it at once when refused; whoever sees a
 * connection end calls {@link #closed()}. One line when refusing starts, one when it ends (with the
 * count), never one per connection: a flood of 20,000 connects is two lines. A flood that keeps the
 * count swinging about the cap (connections closed by their clients as fast as they come) starts a
 * burst of refusals many times a second: a burst that starts within 10 s of the last line is
 * counted, not logged, and the next burst logged says how many it folded in.
 *
 * <pre>{@code
 * if (!cap.tryOpen()) { socket.close(); return; }
 * ... serve ...; cap.closed();
 * }</pre>
 */
public final class ConnectionCap {
  private static final Logger log = LoggerFactory.getLogger(ConnectionCap.class);
  private static final long SUMMARY_NANOS = 60_000_000_000L;
  private static final long QUIET_NANOS = 10_000_000_000L;

  private final String name;
  private final int max;
  private final AtomicInteger open = new AtomicInteger();
  private boolean refusing;
  private boolean burstLogged;
  private long refused;
  private long bursts;
  private long refusedTotal;
  private long lastSummary;
  private long lastStartLine;
  private boolean anyStartLine;
  private long lines;

  /**
   * @param name the server's id, for the log lines
   * @param max connections open at once; 0 for no cap (then only counts)
   */
  public ConnectionCap(String name, int max) {
    this.name = name;
    this.max = max;
  }

  /** Whether a new connection may stay open; if so, it counts until {@link #closed()}. */
  public boolean tryOpen() {
    int now = open.incrementAndGet();
    if (max <= 0 || now <= max) {
      if (refusing) {
        endBurst();
      }
      return true;
    }
    open.decrementAndGet();
    refuse();
    return false;
  }

  /** A connection that {@link #tryOpen()} let in has ended. */
  public void closed() {
    open.decrementAndGet();
  }

  /** Connections open now. */
  public int open() {
    return open.get();
  }

  /** Lines logged since the start (for tests). */
  synchronized long lines() {
    return lines;
  }

  /** Connections refused since the start. */
  public synchronized long refused() {
    return refusedTotal;
  }

  private synchronized void refuse() {
    refused++;
    refusedTotal++;
    long now = System.nanoTime();
    if (!refusing) {
      refusing = true;
      bursts++;
      lastSummary = now;
      burstLogged = !anyStartLine || now - lastStartLine >= QUIET_NANOS;
      if (burstLogged) {
        anyStartLine = true;
        lastStartLine = now;
        lines++;
        log.warn(
            "{}: {} connections open, the cap (--max-connections): closing new connections until"
                + " some end",
            name,
            max);
      }
    } else if (now - lastSummary > SUMMARY_NANOS) {
      lastSummary = now;
      lines++;
      log.warn("{}: still at the cap of {}: {} connections closed so far", name, max, refused);
    }
  }

  private synchronized void endBurst() {
    if (refusing) {
      refusing = false;
      if (burstLogged) {
        lines++;
        log.warn(
            "{}: below the cap again after closing {} new connection(s){}",
            name,
            refused,
            bursts > 1 ? " in " + bursts + " bursts" : "");
        refused = 0;
        bursts = 0;
      }
    }
  }
}
