package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;

/**
 * An open-loop or in-flight point whose warm-up is a closed loop of {@code --warmup-threads}
 * threads on the same client, as fast as the replies come ({@link
 * io.rpcxbench.harness.config.WarmupPlan}); its runs are the point's own. The closed loop's threads
 * are started with it and stopped once the warm-up is over.
 */
final class ClosedLoopWarmup implements PointRunner {
  private final PointRunner point;
  private final ClosedLoop warm;
  private boolean warmClosed;

  ClosedLoopWarmup(PointRunner point, BenchClient client, RunConfig config, CallKind.CallInput in) {
    this.point = point;
    RunConfig warmup = config.forClosedLoopWarmup();
    this.warm = new ClosedLoop(new LoadRunner(client, warmup, in), null, warmup.load().threads());
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
    return warm.warmUp(duration);
  }

  @Override
  public LoadRunner.Warmup warmUp(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    return warm.warmUp(duration, limitDeadline);
  }

  @Override
  public boolean async() {
    return point.async();
  }

  /** The warm-up's threads stop before the first run: they must not compete with it. */
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
