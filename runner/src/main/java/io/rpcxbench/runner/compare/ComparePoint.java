package io.rpcxbench.runner.compare;

import java.util.List;

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
  /** The two kinds, with the folder prefix and the harness option of each. */
  enum Kind {
    CLOSED("closed", "--threads"),
    INFLIGHT("inflight", "--in-flight");

    final String id;
    final String option;

    Kind(String id, String option) {
      this.id = id;
      this.option = option;
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

  /** The harness's load options at {@code requests} calls per thread (per slot). */
  List<String> loadArgs(int requests) {
    return List.of(kind.option, String.valueOf(count), "--requests", String.valueOf(requests));
  }
}
