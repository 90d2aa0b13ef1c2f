package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts calls without waiting for them, never more than {@code maxOutstanding} at once: with the
 * client's async API when it has one ({@link CallKind#asyncWith}: RPCX, gRPC), else each on a
 * worker of a pool of {@code maxOutstanding} threads (a call then holds a thread, as it would for
 * the protocol's users). A call that would exceed the bound is not started: {@link #tryStart}
 * returns false and the caller counts it (dropped, k6's dropped_iterations). Every call ends: by
 * its client (reply, failure, the client's deadline) or, past that deadline plus a grace, by the
 * harness ({@link #awaitIdle}).
 */
final class CallLauncher implements AutoCloseable {
  /** How one started call ended: sent at {@code sent}, ended at {@code end}; failure or null. */
  @FunctionalInterface
  interface Done {
    void done(long sent, long end, Throwable failure);
  }

  /** Completions that start the next call nest on one stack when replies come at once: bound it. */
  private static final int MAX_NESTING = 32;

  /** How often {@link #awaitIdle} looks for calls out past their deadline. */
  private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  private static final Duration MIN_GRACE = Duration.ofSeconds(1);
  private static final Duration MAX_GRACE = Duration.ofSeconds(10);

  private static final ThreadLocal<int[]> NESTING = ThreadLocal.withInitial(() -> new int[1]);

  private final BenchClient client;
  private final CallKind call;
  private final CallKind.CallInput input;
  private final int maxOutstanding;
  private final boolean async;
  private final ThreadPoolExecutor workers;
  private final AtomicInteger outstanding = new AtomicInteger();
  private final AtomicInteger maxSeen = new AtomicInteger();
  // outstanding calls plus completions still running their Done: idle when 0
  private final AtomicInteger busy = new AtomicInteger();
  private final Object idle = new Object();
  private final Duration deadline;
  private final long limitNanos;
  private final OutstandingCalls calls;
  private final AtomicInteger neverEnded = new AtomicInteger();

  CallLauncher(
      BenchClient client,
      CallKind call,
      CallKind.CallInput input,
      int maxOutstanding,
      Duration deadline) {
    this.client = client;
    this.deadline = deadline;
    this.limitNanos = deadline.plus(grace(deadline)).toNanos();
    this.calls = new OutstandingCalls(maxOutstanding);
    this.call = call;
    this.input = input;
    this.maxOutstanding = maxOutstanding;
    this.async = call.asyncWith(client, input);
    if (async) {
      workers = null;
    } else {
      AtomicInteger ids = new AtomicInteger();
      workers =
          new ThreadPoolExecutor(
              maxOutstanding,
              maxOutstanding,
              0,
              TimeUnit.MILLISECONDS,
              new LinkedBlockingQueue<>(),
              r -> {
                Thread t = new Thread(r, "call-" + ids.getAndIncrement());
                t.setDaemon(true);
                return t;
              });
      workers.prestartAllCoreThreads();
    }
  }

  private static Duration grace(Duration deadline) {
    if (deadline.compareTo(MIN_GRACE) < 0) {
      return MIN_GRACE;
    }
    return deadline.compareTo(MAX_GRACE) > 0 ? MAX_GRACE : deadline;
  }

  /** Whether calls go through the client's async API (else through worker threads). */
  boolean async() {
    return async;
  }

  /**
   * Starts a call unless {@code maxOutstanding} are out already (then false: nothing started).
   * {@code done} runs on the thread that completes the call, or (a call its client never ended) on
   * the thread in {@link #awaitIdle} that ends it.
   */
  boolean tryStart(String prefix, int sequence, Done done) {
    int n;
    do {
      n = outstanding.get();
      if (n >= maxOutstanding) {
        return false;
      }
    } while (!outstanding.compareAndSet(n, n + 1));
    maxSeen.accumulateAndGet(n + 1, Math::max);
    busy.incrementAndGet();
    if (async) {
      long sent = System.nanoTime();
      CompletableFuture<Void> future;
      try {
        future = call.invokeAsync(client, input, prefix, sequence);
      } catch (RuntimeException e) { // a plug-in that throws instead of failing the future
        future = CompletableFuture.failedFuture(e);
      }
      start(new OutstandingCalls.Call(future, sent), done);
    } else {
      CompletableFuture<Void> ended = new CompletableFuture<>();
      OutstandingCalls.Call c = new OutstandingCalls.Call(ended, System.nanoTime());
      start(c, done);
      workers.execute(
          () -> {
            c.sent = System.nanoTime(); // the call's own time, not its wait for a worker
            try {
              call.invoke(client, input, prefix, sequence);
              ended.complete(null);
            } catch (RuntimeException e) {
              ended.completeExceptionally(e);
            }
          });
    }
    return true;
  }

  /** Registers the call, then listens for its end (so that it ends after it is registered). */
  private void start(OutstandingCalls.Call c, Done done) {
    calls.add(c);
    c.ended.whenComplete((ignored, failure) -> finish(c, failure, done));
  }

  private void finish(OutstandingCalls.Call c, Throwable failure, Done done) {
    long end = System.nanoTime();
    long sent = c.sent;
    calls.remove(c); // before the count: a call that done starts finds a free slot
    outstanding.decrementAndGet(); // first, so that done may start the next call
    int[] nesting = NESTING.get();
    if (nesting[0] >= MAX_NESTING) {
      ForkJoinPool.commonPool().execute(() -> complete(sent, end, failure, done));
      return;
    }
    nesting[0]++;
    try {
      complete(sent, end, failure, done);
    } finally {
      nesting[0]--;
    }
  }

  private void complete(long sent, long end, Throwable failure, Done done) {
    try {
      done.done(sent, end, failure);
    } finally {
      if (busy.decrementAndGet() == 0) {
        synchronized (idle) {
          idle.notifyAll();
        }
      }
    }
  }

  /** The most calls that were out at once since the last {@link #resetMaxSeen()}. */
  int maxSeen() {
    return maxSeen.get();
  }

  void resetMaxSeen() {
    maxSeen.set(0);
  }

  /**
   * Waits until every started call has ended and its {@link Done} has run. Meanwhile it ends, as a
   * failure ({@link OutstandingCalls.NeverEnded}, a timeout), every call still out {@link
   * #limitNanos()} after it was sent: a call that its client lost (no reply, no deadline) or whose
   * completion it lost. The first such call prints the JVM's threads to stderr, where the lost
   * call's client is caught in the act.
   */
  void awaitIdle() throws InterruptedException {
    awaitIdle(TimeLimit.NEVER);
  }

  /**
   * {@link #awaitIdle()} until {@code until} (a nanoTime; {@link TimeLimit#NEVER}: no end): false
   * when calls were still out then (the time limit's caller leaves them to the JVM's exit).
   */
  boolean awaitIdle(long until) throws InterruptedException {
    long period = Math.max(1, Math.min(SWEEP_NANOS, limitNanos / 4));
    while (true) {
      synchronized (idle) {
        if (busy.get() == 0) {
          return true;
        }
        long wait = Math.min(period, TimeLimit.remaining(until));
        if (wait <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(idle, wait);
        if (busy.get() == 0) {
          return true;
        }
      }
      endOverdue();
    }
  }

  /** Ends the calls out longer than {@link #limitNanos()} (outside the lock: their Done runs). */
  private void endOverdue() {
    String why =
        "the client did not end the call within its deadline "
            + DurationConverter.format(deadline)
            + " + "
            + DurationConverter.format(Duration.ofNanos(limitNanos).minus(deadline))
            + " grace: the harness ended it (a lost call or a lost completion)";
    int ended = calls.endOverdue(System.nanoTime(), limitNanos, why);
    if (ended > 0 && neverEnded.getAndAdd(ended) == 0) {
      System.err.println("harness: " + why + "; the JVM's threads then:");
      System.err.println(ThreadDump.now());
    }
  }

  /**
   * How long after it was sent the harness ends a call its client has not ended: the client's
   * deadline plus a grace of the deadline itself, at least 1 s and at most 10 s (the client's own
   * deadline task may run late on a loaded box).
   */
  long limitNanos() {
    return limitNanos;
  }

  /** Calls the harness had to end because their client never did (see {@link #awaitIdle}). */
  int neverEnded() {
    return neverEnded.get();
  }

  /** Calls started and not yet ended. */
  int outstanding() {
    return outstanding.get();
  }

  @Override
  public void close() {
    if (workers != null) {
      workers.shutdownNow();
    }
  }
}
