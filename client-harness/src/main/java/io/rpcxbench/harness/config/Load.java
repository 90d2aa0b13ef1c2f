package io.rpcxbench.harness.config;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.protocol.CallKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The load one point puts on a server, as the paper gives it: T threads x R calls of one kind,
 * {@code --runs} times, within a time limit ({@link LoadOptions}). Part of {@link RunConfig}; the
 * open loop and the in-flight model fill threads and requests from their own options ({@link
 * LoadModelOptions}).
 *
 * @param threads threads that call at once
 * @param requests calls per thread, or in total ({@code requestsPer})
 * @param runs runs in one JVM, orders 0..runs-1
 * @param call the call each thread makes
 * @param payloadBytes echo's payload or put's value, given or the call's default
 * @param items the n of items(n)
 * @param timeLimit the point's (or each run's) time limit; zero for none
 * @param runTime each run's fixed length ({@code --run-time}) instead of its count of calls; zero
 *     for none (the paper's runs of R calls)
 */
public record Load(
    int threads,
    int requests,
    RequestsPer requestsPer,
    int runs,
    CallKind call,
    int payloadBytes,
    int items,
    Duration timeLimit,
    TimeLimitPer timeLimitPer,
    Duration runTime) {
  // Defaults, as picocli wants them (strings); the only place they are written down.
  static final String DEFAULT_RUNS = "10";
  static final String DEFAULT_REQUESTS_PER = "thread";
  static final String DEFAULT_CALL = "hello";
  static final String DEFAULT_ITEMS = "" + BenchContract.DEFAULT_ITEMS;

  /** No time limit: sweep.sh passes the paper's 600 s. */
  static final String DEFAULT_TIME_LIMIT = "0s";

  static final String DEFAULT_TIME_LIMIT_PER = "point";

  /** No --run-time: a run is a count of calls. */
  public static final Duration NO_RUN_TIME = Duration.ZERO;

  /** The paper's load without --run-time (its runs are counts of calls). */
  public Load(
      int threads,
      int requests,
      RequestsPer requestsPer,
      int runs,
      CallKind call,
      int payloadBytes,
      int items,
      Duration timeLimit,
      TimeLimitPer timeLimitPer) {
    this(
        threads,
        requests,
        requestsPer,
        runs,
        call,
        payloadBytes,
        items,
        timeLimit,
        timeLimitPer,
        NO_RUN_TIME);
  }

  /** Whether each run lasts {@link #runTime} instead of a count of calls. */
  public boolean timedRuns() {
    return !runTime.isZero();
  }

  /** A {@code --payload} the contract carries: 0 to its most. */
  static void checkPayload(int bytes) {
    if (bytes < 0 || bytes > BenchContract.MAX_PAYLOAD) {
      throw new IllegalArgumentException(
          "--payload must be between 0 and " + BenchContract.MAX_PAYLOAD + " bytes, got " + bytes);
    }
  }

  /** An {@code --items} the contract carries: 0 to its most. */
  static void checkItems(int count) {
    if (count < 0 || count > BenchContract.MAX_ITEMS) {
      throw new IllegalArgumentException(
          "--items must be between 0 and " + BenchContract.MAX_ITEMS + ", got " + count);
    }
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    positive("--threads", threads);
    ThreadLimit threadLimit = ThreadLimit.ofThisMachine();
    if (threads > threadLimit.max()) {
      throw new IllegalArgumentException(threadLimit.explain(threads));
    }
    positive("--requests", requests);
    positive("--runs", runs);
    checkPayload(payloadBytes);
    checkItems(items);
    if (timeLimit.isNegative()) {
      throw new IllegalArgumentException(
          "--time-limit must not be negative (0s: none), got " + timeLimit);
    }
  }

  private static void positive(String option, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException(option + " must be a positive count, got " + value);
    }
  }

  /** The bytes each call sends: echo's payload, put's value; 0 for hello and items. */
  public int payloadBytesSent() {
    return call.sendsPayload() ? payloadBytes : 0;
  }

  /** The n of items(n), or 0 for the other calls. */
  public int itemsAsked() {
    return call == CallKind.ITEMS ? items : 0;
  }

  public long callsPerRun() {
    return requestsPer.callsPerRun(threads, requests);
  }

  /**
   * {@code --threads}, {@code --requests}, {@code --requests-per}, {@code --runs}; the open loop's
   * schedule and the in-flight count imply the first three ({@link LoadModelOptions}).
   */
  void addCountArgs(List<String> args, LoadModel.Kind model) {
    if (model == LoadModel.Kind.CLOSED) {
      args.addAll(List.of("--threads", String.valueOf(threads)));
    }
    if (model != LoadModel.Kind.OPEN) {
      args.addAll(List.of("--requests", String.valueOf(requests)));
      args.addAll(List.of("--requests-per", requestsPer.id()));
    }
    args.addAll(List.of("--runs", String.valueOf(runs)));
  }

  /** {@code --call}, {@code --payload}, {@code --items}: {@link Call}'s writer. */
  void addCallArgs(List<String> args) {
    // only what the call uses: the worker refuses an option its call would ignore
    args.addAll(
        new Call(
                call,
                call.sendsPayload() ? payloadBytes : null,
                call == CallKind.ITEMS ? items : null)
            .args());
  }

  /** {@code --time-limit}, {@code --time-limit-per}. */
  void addLimitArgs(List<String> args) {
    args.addAll(List.of("--time-limit", String.valueOf(timeLimit)));
    args.addAll(List.of("--time-limit-per", timeLimitPer.id()));
    if (timedRuns()) { // only when given: the paper's options line stays as it was
      args.addAll(List.of("--run-time", runTime.toMillis() + "ms"));
    }
  }

  /** {@code runs} (the point's identity keys come from {@link PointRecorder#identity}). */
  public void provenance(Map<String, String> m) {
    m.put("runs", String.valueOf(runs));
  }

  /** {@code limit_s} (when there is a limit) and {@code timeout_per}. */
  public void limitProvenance(Map<String, String> m) {
    if (!timeLimit.isZero()) {
      // whole seconds, rounded up: the raw format's limit_s is a positive integer
      long ms = timeLimit.toMillis();
      m.put("limit_s", String.valueOf(Math.max(1, (ms + 999) / 1000)));
    }
    m.put("timeout_per", timeLimitPer.id());
    if (timedRuns()) {
      m.put("run_time_ms", String.valueOf(runTime.toMillis()));
    }
  }
}
