package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-flight model ({@code --in-flight N}): N calls outstanding at all times; each reply starts
 * the next call from the thread that completed it, until the run's calls are made (N x R with
 * {@code --requests-per thread}, R with {@code total}). With an async client (RPCX, gRPC) that is
 * grpc-java's {@code qps/AsyncClient} with {@code outstanding_rpcs} N, and ghz's concurrency; a
 * client without an async API gets N threads making blocking calls, which is the closed loop again.
 * With {@code --run-time} a run starts calls until its deadline instead of counting them.
 */
final class InFlightRunner extends LauncherRunner {

  InFlightRunner(BenchClient client, RunConfig config, CallKind.CallInput input, IntervalLog log) {
    super(client, config, input, log, config.loadModel().inFlight());
  }

  @Override
  RunResult run(int order, long deadline) throws InterruptedException, TimeLimit.Reached {
    CallTally tally = tally();
    Long start =
        IntervalLog.sampled(
            log,
            order,
            tally,
            () ->
                config.load().timedRuns()
                    ? drive(
                        Long.MAX_VALUE,
                        config.load().runTime().toNanos(),
                        "o" + order + "c",
                        tally,
                        deadline)
                    : drive(config.load().callsPerRun(), 0, "o" + order + "c", tally, deadline));
    if (start == null) {
      throw new TimeLimit.Reached();
    }
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("in_flight_max", String.valueOf(launcher.maxSeen()));
    extra.putAll(tally.errorColumns());
    return RunResult.of(
            order,
            tally.lastReply(start) - start,
            tally.calls(),
            tally.errors().total(),
            tally.latencyTotal(),
            tally.firstError())
        .withExtra(extra);
  }

  @Override
  LoadRunner.Warmup warmUpUntil(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    CallTally tally = tally();
    Long start = drive(Long.MAX_VALUE, duration.toNanos(), "w", tally, limitDeadline);
    if (start == null) {
      throw new TimeLimit.Reached();
    }
    return new LoadRunner.Warmup(
        tally.lastReply(start) - start, tally.calls(), tally.errors().total(), tally.firstError());
  }

  /** How many calls a run makes, or (warm-up) until when it starts them; shared by the slots. */
  private static final class Budget {
    final AtomicLong tickets = new AtomicLong();
    final long calls;
    final boolean timed;
    final long deadline;
    final long limit;
    volatile boolean cut;

    Budget(long calls, boolean timed, long deadline, long limit) {
      this.calls = calls;
      this.timed = timed;
      this.deadline = deadline;
      this.limit = limit;
    }

    /** The next call's sequence number, or -1 when the run has made its calls. */
    long take() {
      if (timed && System.nanoTime() - deadline >= 0) {
        return -1;
      }
      if (limit != TimeLimit.NEVER && System.nanoTime() - limit >= 0) {
        cut = true; // --time-limit: no call starts after it
        return -1;
      }
      long ticket = tickets.getAndIncrement();
      return ticket < calls ? ticket : -1;
    }
  }

  /**
   * Fills the N slots with {@code calls} calls (or for {@code forNanos}, if positive), waits for
   * the last reply; returns the start time, or null when {@code limit} (a nanoTime, the time limit)
   * passed first.
   */
  private Long drive(long calls, long forNanos, String prefix, CallTally tally, long limit)
      throws InterruptedException {
    launcher.resetMaxSeen();
    long start = System.nanoTime();
    Budget budget = new Budget(calls, forNanos > 0, start + forNanos, limit);
    for (int slot = 0; slot < model.inFlight(); slot++) {
      next(budget, prefix, tally);
    }
    if (!launcher.awaitIdle(limit) || budget.cut) {
      return null;
    }
    return start;
  }

  private void next(Budget budget, String prefix, CallTally tally) {
    long ticket = budget.take();
    if (ticket < 0) {
      return;
    }
    boolean started =
        launcher.tryStart(
            prefix,
            (int) ticket,
            (sent, end, failure) -> {
              tally.record(sent, sent, end, failure);
              next(budget, prefix, tally);
            });
    if (!started) { // a slot frees itself before it starts the next call: cannot happen
      throw new IllegalStateException("no free slot of " + model.inFlight());
    }
  }
}
