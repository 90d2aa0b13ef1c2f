package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.Arrivals;
import io.rpcxbench.harness.config.RateSchedule;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.measure.LimitedBy;
import io.rpcxbench.harness.measure.RunMeters;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.raw.Histograms;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The open loop ({@code --rate R --duration D}): one scheduler thread starts call i at its intended
 * time {@code t0 + offset_i} from the schedule ({@link Arrivals}), never chained from the previous
 * call, whatever the replies do; at most {@code --max-in-flight} calls are out at once and a call
 * that finds them all out is dropped and counted. Latency counts from the intended start, so time a
 * call spent waiting for a stalled server or a late scheduler counts (wrk2's correction for
 * coordinated omission); the service time from the actual send is recorded beside it.
 */
final class OpenLoopRunner extends LauncherRunner {
  /** The first intended start is this long after the run is set up. */
  private static final long LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /** Poisson arrivals: seed + order, so that a run's arrivals can be reproduced. */
  private static final long SEED = 0x0be11L;

  OpenLoopRunner(BenchClient client, RunConfig config, CallKind.CallInput input, IntervalLog log) {
    super(client, config, input, log, config.loadModel().maxInFlight());
  }

  @Override
  RunResult run(int order, long deadline) throws InterruptedException, TimeLimit.Reached {
    CallTally tally = tally();
    Issued issued =
        IntervalLog.sampled(
            log,
            order,
            tally,
            () -> drive(model.schedule(), SEED + order, "o" + order + "c", tally, deadline));
    if (issued == null) {
      throw new TimeLimit.Reached();
    }
    RateSchedule schedule = model.schedule();
    double seconds = schedule.total().toNanos() / 1e9;
    Histogram service = tally.serviceTotal();
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("target_rate", RunMeters.decimal(schedule.meanRate()));
    extra.put("achieved_rate", RunMeters.decimal(issued.calls / seconds));
    extra.put(LimitedBy.DROPPED, String.valueOf(issued.dropped));
    extra.put(LimitedBy.MAX_IN_FLIGHT, String.valueOf(model.maxInFlight()));
    extra.put("max_lag_us", micros(tally.maxLagNanos()));
    extra.put(LimitedBy.SEND_LAG_P99, micros(tally.lagP99Nanos()));
    extra.put("service_p50_us", micros(service.getValueAtPercentile(50)));
    extra.put("service_p99_us", micros(service.getValueAtPercentile(99)));
    extra.put("service_histogram", service.getTotalCount() == 0 ? "" : Histograms.encode(service));
    extra.putAll(tally.errorColumns());
    return RunResult.of(
            order,
            tally.lastReply(issued.t0) - issued.t0,
            tally.calls(),
            tally.errors().total(),
            tally.latencyTotal(),
            tally.firstError())
        .withExtra(extra);
  }

  private static String micros(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1000.0);
  }

  /** The first step's rate for {@code duration}; nothing kept but the counts. */
  @Override
  LoadRunner.Warmup warmUpUntil(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    CallTally tally = tally();
    RateSchedule warm = RateSchedule.constant(model.schedule().steps().get(0).rate(), duration);
    Issued issued = drive(warm, SEED - 1, "w", tally, limitDeadline);
    if (issued == null) {
      throw new TimeLimit.Reached();
    }
    return new LoadRunner.Warmup(
        tally.lastReply(issued.t0) - issued.t0,
        tally.calls(),
        tally.errors().total(),
        tally.firstError());
  }

  /** Where a run started and what its scheduler did. */
  private record Issued(long t0, long calls, long dropped) {}

  /** The schedule's calls; null when {@code deadline} (a nanoTime) passed before they ended. */
  private Issued drive(
      RateSchedule schedule, long seed, String prefix, CallTally tally, long deadline)
      throws InterruptedException {
    ArrivalTimes times = new ArrivalTimes(model.arrivals(), schedule, seed);
    long t0 = System.nanoTime() + LEAD_NANOS;
    long calls = 0;
    long dropped = 0;
    int sequence = 0;
    for (long offset = times.next(); offset >= 0; offset = times.next(), sequence++) {
      long intended = t0 + offset;
      if (deadline != TimeLimit.NEVER && intended - deadline >= 0) {
        return null; // checked per call: a scheduler that fell behind still stops on time
      }
      sleepUntil(intended);
      if (deadline != TimeLimit.NEVER && System.nanoTime() - deadline >= 0) {
        return null;
      }
      boolean started =
          launcher.tryStart(
              prefix, sequence, (sent, end, failure) -> tally.record(intended, sent, end, failure));
      if (started) {
        calls++;
      } else {
        dropped++;
        tally.dropped();
      }
    }
    if (!launcher.awaitIdle(deadline)) {
      return null;
    }
    return new Issued(t0, calls, dropped);
  }

  /** Parks until {@code deadline} ({@code System.nanoTime}); never spins (2 vCPUs are shared). */
  public static void sleepUntil(long deadline) throws InterruptedException {
    for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }
}
