package io.rpcxbench.harness.config;

import java.util.Locale;

/** The two readings of the paper's "request count". */
public enum RequestsPer {
  /** Each thread makes {@code requests} calls: a run makes threads x requests calls. */
  THREAD,
  /** The threads share {@code requests} calls between them. */
  TOTAL;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Calls one run makes. */
  long callsPerRun(int threads, int requests) {
    return this == THREAD ? (long) threads * requests : requests;
  }
}
