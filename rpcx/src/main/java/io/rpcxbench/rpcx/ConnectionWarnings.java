package io.rpcxbench.rpcx;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * A warning a hostile client can trigger once per connection, logged at most once per 10 s: the
 * lines in between are counted and the next one says how many were left out.
 */
final class ConnectionWarnings {
  private static final long INTERVAL_NANOS = 10_000_000_000L;

  private final Logger log;
  private final AtomicLong next = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong suppressed = new AtomicLong();

  ConnectionWarnings(Logger log) {
    this.log = log;
  }

  void warn(String format, Object... args) {
    long now = System.nanoTime();
    long due = next.get();
    if ((due != Long.MIN_VALUE && now - due < 0)
        || !next.compareAndSet(due, now + INTERVAL_NANOS)) {
      suppressed.incrementAndGet();
      return;
    }
    long left = suppressed.getAndSet(0);
    log.warn(
        left > 0 ? format + " (and " + left + " more like it in the last 10 s)" : format, args);
  }
}
