package io.rpcxbench.period.client;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;

/**
 * The paper's closed loop: per run, T threads each make R blocking {@code hello("bench")} calls,
 * released together; the run lasts from the release to the last reply. The T threads are started
 * once and reused by every run, as the harness's LoadRunner does.
 *
 * <pre>{@code
 * try (ClosedLoopRuns runs = new ClosedLoopRuns(caller, 10, 100, -1)) {
 *   RunResult first = runs.run(0);
 * }
 * }</pre>
 */
final class ClosedLoopRuns implements AutoCloseable {
  static final String NAME = "bench";
  // the harness's histogram: 1 µs to 1 h, 3 significant digits
  private static final long LOWEST_NANOS = 1_000L;
  private static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);
  private static final int DIGITS = 3;

  private final HelloCaller caller;
  private final int threads;
  private final int requests;
  private final long serverPid;
  private final ExecutorService pool;
  private final Histogram[] histograms;

  ClosedLoopRuns(HelloCaller caller, int threads, int requests, long serverPid) {
    this.caller = caller;
    this.threads = threads;
    this.requests = requests;
    this.serverPid = serverPid;
    final AtomicInteger ids = new AtomicInteger();
    this.pool =
        Executors.newFixedThreadPool(
            threads,
            new ThreadFactory() {
              @Override
              public Thread newThread(Runnable r) {
                Thread t = new Thread(r, "load-" + ids.getAndIncrement());
                t.setDaemon(true);
                return t;
              }
            });
    this.histograms = new Histogram[threads];
    for (int i = 0; i < threads; i++) {
      histograms[i] = new Histogram(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    }
  }

  /** Makes run {@code order} and returns what it measured. */
  RunResult run(int order) throws InterruptedException {
    final CountDownLatch ready = new CountDownLatch(threads);
    final CountDownLatch start = new CountDownLatch(1);
    List<Future<Tally>> tallies = new ArrayList<>(threads);
    for (int i = 0; i < threads; i++) {
      final Histogram histogram = histograms[i];
      tallies.add(
          pool.submit(
              new Callable<Tally>() {
                @Override
                public Tally call() throws InterruptedException {
                  return work(histogram, ready, start);
                }
              }));
    }
    ready.await();
    long serverBefore = ProcessCpu.of(serverPid);
    long clientBefore = ProcessCpu.own();
    long released = System.nanoTime();
    start.countDown();
    Tally all = new Tally(released);
    Histogram merged = new Histogram(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    for (int i = 0; i < threads; i++) {
      all.add(join(tallies.get(i)));
      merged.add(histograms[i]);
    }
    long clientAfter = ProcessCpu.own();
    long serverAfter = ProcessCpu.of(serverPid);
    return new RunResult(
        order,
        all.lastReply - released,
        all.calls,
        all.errors,
        merged,
        clientBefore < 0 || clientAfter < 0 ? -1 : clientAfter - clientBefore,
        serverBefore < 0 || serverAfter < 0 ? -1 : serverAfter - serverBefore,
        all.firstError);
  }

  private Tally work(Histogram histogram, CountDownLatch ready, CountDownLatch start)
      throws InterruptedException {
    histogram.reset();
    ready.countDown();
    start.await();
    Tally tally = new Tally(System.nanoTime());
    for (int i = 0; i < requests; i++) {
      long begin = System.nanoTime();
      String failure;
      try {
        String reply = caller.hello(NAME);
        failure = reply == null || reply.isEmpty() ? "empty reply" : null;
      } catch (RuntimeException e) {
        failure = e.toString();
      }
      long end = System.nanoTime();
      histogram.recordValue(Math.min(end - begin, HIGHEST_NANOS));
      tally.calls++;
      if (failure != null) {
        tally.errors++;
        if (tally.firstError == null) {
          tally.firstError = failure;
        }
      }
      tally.lastReply = end;
    }
    return tally;
  }

  private static Tally join(Future<Tally> future) throws InterruptedException {
    try {
      return future.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("a load thread failed: " + e.getCause(), e.getCause());
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }

  /** One thread's counts, and then the run's. */
  private static final class Tally {
    long calls;
    long errors;
    long lastReply;
    String firstError;

    Tally(long lastReply) {
      this.lastReply = lastReply;
    }

    void add(Tally other) {
      calls += other.calls;
      errors += other.errors;
      lastReply = Math.max(lastReply, other.lastReply);
      if (firstError == null) {
        firstError = other.firstError;
      }
    }
  }
}
