package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.spi.BenchClient;
import java.io.IOException;
import java.time.Duration;

/**
 * Puts one point's load on a client, run after run, in one of the load models ({@link LoadModel}):
 * {@link ClosedLoop} (the paper's), {@link OpenLoopRunner}, {@link InFlightRunner}. Each owns the
 * point's interval log, if any.
 */
public interface PointRunner extends AutoCloseable {
  /** One run (order {@code order}); returns when its last reply is in. */
  RunResult run(int order) throws InterruptedException;

  /** The same load for {@code duration}, nothing recorded but counts. */
  LoadRunner.Warmup warmUp(Duration duration) throws InterruptedException;

  /**
   * One run under {@code --time-limit}, timed from {@code since} (a nanoTime, --cold-start) when
   * that is >= 0. The open and in-flight models run for a bounded schedule or call count: they
   * check the limit before the run and ignore {@code since} (--cold-start is the closed loop's).
   *
   * @throws TimeLimit.Reached when the run's deadline has passed
   */
  default RunResult run(int order, long since, TimeLimit limit)
      throws InterruptedException, TimeLimit.Reached {
    if (TimeLimit.remaining(limit.runDeadline(System.nanoTime())) == 0) {
      throw new TimeLimit.Reached();
    }
    return run(order);
  }

  /** The warm-up under the point's time limit ({@link TimeLimit#warmupDeadline()}). */
  default LoadRunner.Warmup warmUp(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    if (TimeLimit.remaining(limitDeadline) == 0) {
      throw new TimeLimit.Reached();
    }
    return warmUp(duration);
  }

  /**
   * Ends a warm-up of another load than the point's own ({@code --warmup-in-flight}): from here
   * {@link #warmUp} runs the point's own load. Nothing for a runner without one.
   */
  default void endOtherWarmup() {}

  /**
   * The instants of the runs from here, given after the warm-up ({@code --await-release}): a runner
   * that waits for them itself (the closed loop, with its threads ready) takes them; the others'
   * runs are released by their caller.
   */
  default void releaseAt(io.rpcxbench.harness.config.FleetMember fleet) {}

  /**
   * Makes run {@code order} ready to be released before its caller waits for the run's instant
   * ({@link LoadRunner#prepare}); nothing for a runner released by its caller.
   */
  default void prepare(int order) throws InterruptedException {}

  /** Whether calls go through the client's async API (else one thread per outstanding call). */
  boolean async();

  @Override
  void close();

  /**
   * The runner of {@code config}'s model (an open loop's warm-up in flight where {@code
   * --warmup-in-flight} asks for it); it writes {@code config}'s interval log, if any, tagged with
   * the protocol and {@code clientHost}, and hands each second's sample to {@code watcher} (null:
   * none).
   */
  static PointRunner open(
      BenchClient client,
      RunConfig config,
      CallKind.CallInput input,
      String clientHost,
      RunWatcher watcher)
      throws IOException {
    Protocol protocol = config.protocols().get(0);
    IntervalLog log =
        config.instruments().hlog() == null
            ? (watcher == null ? null : IntervalLog.clockOnly(watcher))
            : IntervalLog.open(config.instruments().hlog(), protocol.id(), clientHost, watcher);
    try {
      PointRunner point =
          switch (config.loadModel().kind()) {
            case CLOSED ->
                new ClosedLoop(new LoadRunner(client, config, input), log, config.load().threads());
            case OPEN -> new OpenLoopRunner(client, config, input, log);
            case IN_FLIGHT -> new InFlightRunner(client, config, input, log);
          };
      return config.warmup().inFlightFor(config.loadModel().kind())
          ? new InFlightWarmup(
              point, new InFlightRunner(client, config.forInFlightWarmup(), input, null))
          : point;
    } catch (RuntimeException e) {
      if (log != null) {
        log.close();
      }
      throw e;
    }
  }
}
