package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.PointBuilder;

/**
 * A point of the side-by-side comparison: {@code closed-T} (T threads, each making R blocking
 * calls, the paper's method) or {@code inflight-N} (N calls kept outstanding through the client's
 * async API, the harness's {@code --in-flight N}). Its name is its folder under {@code raw/}, the
 * one {@code report compare} reads.
 *
 * <pre>{@code
 * new ComparePoint(ComparePoint.Kind.INFLIGHT, 64).loadArgs(3000);  // --in-flight 64 --requests 3000
 * }</pre>
 */
record ComparePoint(Kind kind, int count) {
  /** The two kinds, with the folder prefix of each. */
  enum Kind {
    CLOSED("closed"),
    INFLIGHT("inflight");

    final String id;

    Kind(String id) {
      this.id = id;
    }
  }

  ComparePoint {
    if (count < 1) {
      throw new IllegalArgumentException("a point's count is positive, got " + count);
    }
  }

  /** {@code closed-64}, {@code inflight-1}: the folder under raw/ and the steal.tsv key. */
  String name() {
    return kind.id + "-" + count;
  }

  /** {@code point}'s load: this one at {@code requests} calls per thread (per slot). */
  void load(PointBuilder point, int requests) {
    if (kind == Kind.CLOSED) {
      point.closed(count, requests);
    } else {
      point.inFlight(count, requests);
    }
  }
}
