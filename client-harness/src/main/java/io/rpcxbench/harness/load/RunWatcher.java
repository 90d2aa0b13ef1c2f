package io.rpcxbench.harness.load;

/**
 * Watches a run while it runs: once per second the run's interval recorder is sampled (the same
 * sample that {@code --hlog} writes, never a second copy of the measurement) and handed here with
 * the run's counts so far. Called from one daemon thread; the live console and the metrics endpoint
 * read it ({@code io.rpcxbench.harness.metrics.LiveFigures}).
 */
public interface RunWatcher {
  /** Run {@code order} is about to start its calls. */
  void runStarted(int order);

  /** One interval: its latency histogram (ns) and the run's errors, drops and calls in flight. */
  void interval(CallTally.Interval interval);

  /** The run's last reply is in: the interval that follows is its last (a part of a second). */
  void runEnded();
}
