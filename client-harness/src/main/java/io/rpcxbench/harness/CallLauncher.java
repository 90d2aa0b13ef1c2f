package io.rpcxbench.harness;

import io.rpcxbench.spi.BenchClient;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts calls without waiting for them, never more than {@code maxOutstanding} at once: with the
 * client's async API when it has one ({@link BenchClient#isAsync()}: RPCX, gRPC), else each on a
 * worker of a pool of {@code maxOutstanding} threads (a call then holds a thread, as it would for
 * the protocol's users). A call that would exceed the bound is not started: {@link #tryStart}
 * returns false and the caller counts it (dropped, k6's dropped_iterations).
 */
final class CallLauncher implements AutoCloseable {
  /** How one started call ended: sent at {@code sent}, ended at {@code end}; failure or null. */
  @FunctionalInterface
  interface Done {
    void done(long sent, long end, Throwable failure);
  }

  /** Completions that start the next call nest on one stack when replies come at once: bound it. */
  private static final int MAX_NESTING = 32;

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

  CallLauncher(BenchClient client, CallKind call, CallKind.CallInput input, int maxOutstanding) {
    this.client = client;
    this.call = call;
    this.input = input;
    this.maxOutstanding = maxOutstanding;
    this.async = client.isAsync();
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

  /** Whether calls go through the client's async API (else through worker threads). */
  boolean async() {
    return async;
  }

  /**
   * Starts a call unless {@code maxOutstanding} are out already (then false: nothing started).
   * {@code done} runs on the thread that completes the call.
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
      future.whenComplete((ignored, failure) -> finish(sent, failure, done));
    } else {
      workers.execute(
          () -> {
            long sent = System.nanoTime();
            Throwable failure = null;
            try {
              call.invoke(client, input, prefix, sequence);
            } catch (RuntimeException e) {
              failure = e;
            }
            finish(sent, failure, done);
          });
    }
    return true;
  }

  private void finish(long sent, Throwable failure, Done done) {
    long end = System.nanoTime();
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
   * Waits until every started call has ended and its {@link Done} has run.
   *
   * @return false when {@code timeoutNanos} passed first (calls the client never ended)
   */
  boolean awaitIdle(long timeoutNanos) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    synchronized (idle) {
      while (busy.get() > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedWait(idle, left);
      }
    }
    return true;
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
