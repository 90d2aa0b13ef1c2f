package io.rpcxbench.serverkit;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * A warning that a hostile client can trigger once per connection or per request, logged at most
 * once per interval per kind: the lines in between are counted, and the next line says how many
 * were left out. A flood of bad connections then costs a few lines, not one each.
 *
 * <pre>{@code
 * private static final RateLimitedLog warnings = new RateLimitedLog(log, Duration.ofSeconds(10));
 * warnings.warn("decode", "closing the connection from {}: {}", peer, reason);
 * }</pre>
 */
public final class RateLimitedLog {
  /** The interval the servers use. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

  private final Logger log;
  private final long intervalNanos;
  private final ConcurrentMap<String, Kind> kinds = new ConcurrentHashMap<>();

  /** One kind of line: when it was last logged, and how many were left out since. */
  private static final class Kind {
    final AtomicLong next = new AtomicLong(Long.MIN_VALUE);
    final AtomicLong suppressed = new AtomicLong();
  }

  public RateLimitedLog(Logger log, Duration interval) {
    this.log = log;
    this.intervalNanos = interval.toNanos();
  }

  public RateLimitedLog(Logger log) {
    this(log, DEFAULT_INTERVAL);
  }

  /**
   * Logs a warning unless one of this {@code kind} was logged less than the interval ago.
   *
   * @return whether the line was logged
   */
  public boolean warn(String kind, String format, Object... args) {
    Kind k = kinds.computeIfAbsent(kind, key -> new Kind());
    long now = System.nanoTime();
    long next = k.next.get();
    if ((next != Long.MIN_VALUE && now - next < 0)
        || !k.next.compareAndSet(next, now + intervalNanos)) {
      k.suppressed.incrementAndGet();
      return false;
    }
    long left = k.suppressed.getAndSet(0);
    if (left > 0) {
      log.warn(format + " (and " + left + " more like it in the last " + seconds() + " s)", args);
    } else {
      log.warn(format, args);
    }
    return true;
  }

  /** Lines of this kind left out since the last one logged (for tests). */
  public long suppressed(String kind) {
    Kind k = kinds.get(kind);
    return k == null ? 0 : k.suppressed.get();
  }

  private long seconds() {
    return Math.max(1, intervalNanos / 1_000_000_000L);
  }
}
