package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.FleetMember;
import io.rpcxbench.harness.config.RequestsPer;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Reachability;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Puts one point's load on a client: T threads (a fixed pool, created once and reused by the
 * warm-up and every run) each make blocking calls one after another; a run releases them together
 * behind a latch. One HdrHistogram per thread, merged per run; the warm-up keeps only counts.
 * Failed calls are counted by {@link ErrorKind}; with {@code --fail-after} a slower call fails too;
 * with {@code --hlog} every latency also goes to a shared {@link Recorder} for the interval log.
 */
public final class LoadRunner implements AutoCloseable {
  /** Histogram range: 1 µs .. 1 h, 3 significant digits; values are recorded in ns. */
  static final long LOWEST_NANOS = 1_000L;

  static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);
  static final int DIGITS = 3;

  private final BenchClient client;
  private final RunConfig config;
  private final CallKind.CallInput input;
  private final ThreadPoolExecutor pool;
  private final Histogram[] histograms;
  private final long failAfterNanos;
  private volatile Recorder intervals;

  /** With --run-time, when the current run ends (a nanoTime); the threads read it once released. */
  private volatile long runEnds;

  /** The runs' instants: {@code --start-at}'s, or those released after the warm-up. */
  private volatile FleetMember fleet;

  /** The run's failed calls so far, for the live figures (counted on failure only). */
  private final LongAdder errorsSoFar = new LongAdder();

  public LoadRunner(BenchClient client, RunConfig config, CallKind.CallInput input) {
    this.client = client;
    this.config = config;
    this.fleet = config.fleet();
    this.input = input;
    int threads = config.load().threads();
    AtomicInteger ids = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
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
    this.failAfterNanos = config.loadModel().failAfterNanos();
  }

  /** From now on every measured call's latency goes to {@code recorder} too (--hlog). */
  void recordIntervalsInto(Recorder recorder) {
    this.intervals = recorder;
  }

  /** The runs' instants from here on (given after the warm-up, {@code --await-release}). */
  void releaseAt(FleetMember fleet) {
    this.fleet = fleet;
  }

  /** The current run's failed calls so far. */
  long errorsSoFar() {
    return errorsSoFar.sum();
  }

  public static Histogram newHistogram() {
    return new Histogram(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
  }

  /** A run's threads, each waiting at {@code start}. */
  private record Ready(int order, CountDownLatch start, List<Future<Tally>> tallies) {}

  /** The next run's threads, made ready by {@link #prepare}, or null. */
  private Ready prepared;

  /**
   * Makes run {@code order}'s T threads ready to be released, so that the wait for its instant
   * ({@code --start-at}) can end close to it: in a fresh JVM (no warm-up, a fleet's first run)
   * submitting them took 30-50 ms. The next {@link #run} of that order releases them.
   */
  public void prepare(int order) throws InterruptedException {
    prepared = ready(order);
  }

  private Ready ready(int order) throws InterruptedException {
    int threads = config.load().threads();
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger tickets = new AtomicInteger();
    List<Future<Tally>> tallies = new ArrayList<>(threads);
    for (int i = 0; i < threads; i++) {
      int slot = i;
      tallies.add(pool.submit(() -> work(slot, order, ready, start, tickets)));
    }
    ready.await();
    return new Ready(order, start, tallies);
  }

  /**
   * Makes one run: T threads, released together; returns when the last reply is in. Its time runs
   * from the release, or from {@code since} (a nanoTime, with --cold-start) when that is >= 0.
   *
   * @throws TimeLimit.Reached when the run's deadline passes first (the threads are left to the
   *     pool's shutdown)
   */
  public RunResult run(int order, long since, TimeLimit limit)
      throws InterruptedException, TimeLimit.Reached {
    int threads = config.load().threads();
    if (prepared != null && prepared.order() != order) {
      throw new IllegalStateException(
          "run " + order + " asked while run " + prepared.order() + " is prepared");
    }
    Ready run = prepared != null ? prepared : ready(order);
    prepared = null;
    CountDownLatch start = run.start();
    List<Future<Tally>> tallies = run.tallies();
    RunInstants.awaitStart(fleet, order); // --start-at: every client host releases this run then
    long released = System.nanoTime();
    long releasedWallMicros = RunInstants.wallMicros();
    runEnds = released + config.load().runTime().toNanos();
    start.countDown();
    long deadline = limit.runDeadline(released);
    Tally all = new Tally();
    all.lastReply = released;
    Histogram merged = newHistogram();
    for (int i = 0; i < threads; i++) {
      all.add(join(tallies.get(i), deadline));
      merged.add(histograms[i]);
    }
    long from = since >= 0 ? since : released;
    long fromWallMicros = releasedWallMicros - (released - from) / 1000;
    return RunResult.of(order, all.lastReply - from, all.calls, all.errors, merged, all.firstError)
        .withExtra(RunInstants.columns(fromWallMicros, all.lastReply - from))
        .withExtra(all.kinds.columns());
  }

  /**
   * Warms up: the T threads make the runs' calls back to back until {@code duration} has passed
   * (each checks the clock after each call, so the last call may end a little later). Nothing of it
   * is kept but the counts, and failures do not stop it: the runs will record them.
   *
   * @throws TimeLimit.Reached when {@code limitDeadline} (the point's time limit) passes first
   */
  public Warmup warmUp(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    int threads = config.load().threads();
    // The pool's threads are started already: no start latch, one deadline for all of them.
    long begin = System.nanoTime();
    long deadline = begin + duration.toNanos();
    List<Future<Tally>> tallies = new ArrayList<>(threads);
    for (int i = 0; i < threads; i++) {
      int slot = i;
      tallies.add(pool.submit(() -> warm(slot, deadline)));
    }
    Tally all = new Tally();
    all.lastReply = begin;
    for (Future<Tally> future : tallies) {
      all.add(join(future, limitDeadline));
    }
    return new Warmup(all.lastReply - begin, all.calls, all.errors, all.firstError);
  }

  private Tally warm(int slot, long deadline) {
    String namePrefix = "w" + slot + "c";
    CallKind call = config.load().call();
    Tally tally = new Tally();
    int sequence = 0;
    // An interrupt (close() on the way out of an interrupted point) ends it early too.
    while (!Thread.currentThread().isInterrupted()) {
      callOnce(call, namePrefix, sequence, tally);
      sequence++;
      tally.lastReply = System.nanoTime();
      if (tally.lastReply - deadline >= 0) {
        break;
      }
    }
    return tally;
  }

  private Tally work(
      int slot, int order, CountDownLatch ready, CountDownLatch start, AtomicInteger tickets)
      throws InterruptedException {
    Histogram histogram = histograms[slot];
    histogram.reset();
    boolean perThread = config.load().requestsPer() == RequestsPer.THREAD;
    int requests = config.load().requests();
    String namePrefix = "o" + order + "t" + slot + "c";
    CallKind call = config.load().call();
    Tally tally = new Tally();
    ready.countDown();
    start.await();
    int sequence = 0;
    Recorder recorder = intervals;
    boolean timed = config.load().timedRuns();
    long ends = runEnds;
    while (timed
        ? System.nanoTime() - ends < 0
        : perThread ? sequence < requests : tickets.getAndIncrement() < requests) {
      long begin = System.nanoTime();
      boolean answered = callOnce(call, namePrefix, sequence, tally);
      long end = System.nanoTime();
      histogram.recordValue(Math.min(end - begin, HIGHEST_NANOS));
      if (recorder != null) {
        recorder.recordValue(Math.max(LOWEST_NANOS, Math.min(end - begin, HIGHEST_NANOS)));
      }
      if (answered && failAfterNanos > 0 && end - begin > failAfterNanos) {
        tally.failed(ErrorKind.OVER_THRESHOLD, "slower than --fail-after");
        answered = false;
      }
      if (!answered) {
        errorsSoFar.increment();
      }
      tally.lastReply = end;
      sequence++;
    }
    return tally;
  }

  /**
   * One call, counted in the tally; a failed call is counted as an error, not thrown.
   *
   * @return whether the right answer came
   */
  private boolean callOnce(CallKind call, String namePrefix, int sequence, Tally tally) {
    boolean answered = true;
    try {
      call.invoke(client, input, namePrefix, sequence);
    } catch (RuntimeException e) {
      tally.failed(ErrorKind.of(e), Reachability.describe(e));
      answered = false;
    }
    tally.calls++;
    return answered;
  }

  private static Tally join(Future<Tally> future, long deadline)
      throws InterruptedException, TimeLimit.Reached {
    try {
      return deadline == TimeLimit.NEVER
          ? future.get()
          : future.get(TimeLimit.remaining(deadline), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new TimeLimit.Reached();
    } catch (ExecutionException e) {
      // work() only throws InterruptedException or an Error, warm() only an Error: either
      // ends the point.
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

  /** What the warm-up did: its length (start to last reply), calls, failed calls. */
  public record Warmup(long timeNanos, long calls, long errors, String firstError) {
    static final Warmup NONE = new Warmup(0, 0, 0, null);
  }

  /** What one thread did in one run or in the warm-up. */
  private static final class Tally {
    long calls;
    long errors;
    long lastReply;
    String firstError;
    final ErrorCounts kinds = new ErrorCounts();

    void failed(ErrorKind kind, String reason) {
      errors++;
      kinds.add(kind);
      if (firstError == null) {
        firstError = reason;
      }
    }

    /** Adds another thread's tally: sums, the later last reply, the first error seen. */
    void add(Tally other) {
      calls += other.calls;
      errors += other.errors;
      lastReply = Math.max(lastReply, other.lastReply);
      kinds.add(other.kinds);
      if (firstError == null) {
        firstError = other.firstError;
      }
    }
  }
}
