package io.rpcxbench.harness;

import io.rpcxbench.harness.spi.BenchClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;

/**
 * Puts one point's load on a client: T threads (a fixed pool, created once and reused by every
 * run) start together behind a latch and each makes blocking calls one after another. One
 * HdrHistogram per thread, merged per run.
 */
final class LoadRunner implements AutoCloseable {
  /** Histogram range: 1 µs .. 1 h, 3 significant digits; values are recorded in ns. */
  static final long LOWEST_NANOS = 1_000L;
  static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);
  static final int DIGITS = 3;

  private final BenchClient client;
  private final RunConfig config;
  private final byte[] payload;
  private final ThreadPoolExecutor pool;
  private final Histogram[] histograms;

  LoadRunner(BenchClient client, RunConfig config, byte[] payload) {
    this.client = client;
    this.config = config;
    this.payload = payload;
    int threads = config.threads();
    AtomicInteger ids = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, "load-" + ids.getAndIncrement());
              t.setDaemon(true);
              return t;
            });
    pool.prestartAllCoreThreads();
    this.histograms = new Histogram[threads];
    for (int i = 0; i < threads; i++) {
      histograms[i] = newHistogram();
    }
  }

  static Histogram newHistogram() {
    return new Histogram(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
  }

  /** Makes one run: T threads, released together; returns when the last reply is in. */
  RunResult run(int order) throws InterruptedException {
    int threads = config.threads();
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger tickets = new AtomicInteger();
    List<Future<Tally>> tallies = new ArrayList<>(threads);
    for (int i = 0; i < threads; i++) {
      int slot = i;
      tallies.add(pool.submit(() -> work(slot, order, ready, start, tickets)));
    }
    ready.await();
    long released = System.nanoTime();
    start.countDown();
    long lastReply = released;
    long calls = 0;
    long errors = 0;
    String firstError = null;
    Histogram merged = newHistogram();
    for (int i = 0; i < threads; i++) {
      Tally t = join(tallies.get(i));
      lastReply = Math.max(lastReply, t.lastReply);
      calls += t.calls;
      errors += t.errors;
      if (firstError == null) {
        firstError = t.firstError;
      }
      merged.add(histograms[i]);
    }
    return RunResult.of(order, lastReply - released, calls, errors, merged, firstError);
  }

  private Tally work(
      int slot, int order, CountDownLatch ready, CountDownLatch start, AtomicInteger tickets)
      throws InterruptedException {
    Histogram histogram = histograms[slot];
    histogram.reset();
    boolean perThread = config.requestsPer() == RequestsPer.THREAD;
    int requests = config.requests();
    String namePrefix = "o" + order + "t" + slot + "c";
    CallKind call = config.call();
    Tally tally = new Tally();
    ready.countDown();
    start.await();
    int sequence = 0;
    while (perThread ? sequence < requests : tickets.getAndIncrement() < requests) {
      long begin = System.nanoTime();
      try {
        call.invoke(client, namePrefix, sequence, payload);
      } catch (RuntimeException e) {
        tally.errors++;
        if (tally.firstError == null) {
          tally.firstError = Reachability.describe(e);
        }
      }
      long end = System.nanoTime();
      histogram.recordValue(Math.min(end - begin, HIGHEST_NANOS));
      tally.lastReply = end;
      tally.calls++;
      sequence++;
    }
    return tally;
  }

  private static Tally join(Future<Tally> future) throws InterruptedException {
    try {
      return future.get();
    } catch (ExecutionException e) {
      // work() only throws InterruptedException or an Error: both end the point.
      Throwable cause = e.getCause();
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException("load thread failed", cause);
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }

  /** What one thread did in one run. */
  private static final class Tally {
    long calls;
    long errors;
    long lastReply;
    String firstError;
  }
}
