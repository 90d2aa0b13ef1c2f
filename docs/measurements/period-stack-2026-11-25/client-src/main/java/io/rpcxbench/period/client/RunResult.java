package io.rpcxbench.period.client;

import org.HdrHistogram.Histogram;

/** What one run measured: wall time, calls, errors, per-call latency and CPU time. */
final class RunResult {
  final int order;

  /** From the release of all threads to the last reply, ns. */
  final long wallNanos;

  final long calls;

  /** Failed calls and wrong (empty) replies. */
  final long errors;

  /** Per-call latency, ns. */
  final Histogram latency;

  /** This JVM's CPU time during the run (every thread: load, I/O, JIT, GC), ns. */
  final long clientCpuNanos;

  /** The server process's CPU time during the run, ns; -1 when not measured. */
  final long serverCpuNanos;

  /** The run's first failure, or null. */
  final String firstError;

  RunResult(
      int order,
      long wallNanos,
      long calls,
      long errors,
      Histogram latency,
      long clientCpuNanos,
      long serverCpuNanos,
      String firstError) {
    this.order = order;
    this.wallNanos = wallNanos;
    this.calls = calls;
    this.errors = errors;
    this.latency = latency;
    this.clientCpuNanos = clientCpuNanos;
    this.serverCpuNanos = serverCpuNanos;
    this.firstError = firstError;
  }
}
