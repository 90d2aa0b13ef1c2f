package io.rpcxbench.harness.load;

import io.rpcxbench.harness.output.RunResult;
import java.time.Duration;

/**
 * An open-loop point whose warm-up keeps {@code --warmup-in-flight} calls outstanding ({@link
 * InFlightRunner}: the open loop's own calls, its async API or a thread a call, as fast as the
 * replies come; {@link io.rpcxbench.harness.config.WarmupPlan}); after {@link #endOtherWarmup} its
 * warm-ups and its runs are the schedule's. The warm-up's launcher is closed then (or before the
 * first run) so it cannot compete with them.
 */
final class InFlightWarmup implements PointRunner {
  private final PointRunner point;
  private final InFlightRunner warm;
  private boolean warmClosed;

  InFlightWarmup(PointRunner point, InFlightRunner warm) {
    this.point = point;
    this.warm = warm;
  }

  @Override
  public RunResult run(int order) throws InterruptedException {
    endWarmup();
    return point.run(order);
  }

  @Override
  public RunResult run(int order, long since, TimeLimit limit)
      throws InterruptedException, TimeLimit.Reached {
    endWarmup();
    return point.run(order, since, limit);
  }

  @Override
  public LoadRunner.Warmup warmUp(Duration duration) throws InterruptedException {
    return warmClosed ? point.warmUp(duration) : warm.warmUp(duration);
  }

  @Override
  public LoadRunner.Warmup warmUp(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    return warmClosed
        ? point.warmUp(duration, limitDeadline)
        : warm.warmUp(duration, limitDeadline);
  }

  @Override
  public void endOtherWarmup() {
    endWarmup();
  }

  @Override
  public void releaseAt(io.rpcxbench.harness.config.FleetMember fleet) {
    point.releaseAt(fleet);
  }

  @Override
  public boolean async() {
    return point.async();
  }

  private void endWarmup() {
    if (!warmClosed) {
      warmClosed = true;
      warm.close();
    }
  }

  @Override
  public void close() {
    endWarmup();
    point.close();
  }
}
