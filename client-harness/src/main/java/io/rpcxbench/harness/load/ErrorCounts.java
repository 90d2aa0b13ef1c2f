package io.rpcxbench.harness.load;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Failed calls of one run by {@link ErrorKind}; thread-safe (completions count from any thread).
 */
final class ErrorCounts {
  private final Map<ErrorKind, LongAdder> counts = new EnumMap<>(ErrorKind.class);

  ErrorCounts() {
    for (ErrorKind k : ErrorKind.values()) {
      counts.put(k, new LongAdder());
    }
  }

  void add(ErrorKind kind) {
    counts.get(kind).increment();
  }

  /** Adds another's counts to these. */
  void add(ErrorCounts other) {
    other.counts.forEach((k, v) -> counts.get(k).add(v.sum()));
  }

  long get(ErrorKind kind) {
    return counts.get(kind).sum();
  }

  long total() {
    return counts.values().stream().mapToLong(LongAdder::sum).sum();
  }

  /** The run's {@code errors_*} columns, in {@link ErrorKind} order. */
  Map<String, String> columns() {
    Map<String, String> m = new LinkedHashMap<>();
    counts.forEach((k, v) -> m.put(k.column(), String.valueOf(v.sum())));
    return m;
  }
}
