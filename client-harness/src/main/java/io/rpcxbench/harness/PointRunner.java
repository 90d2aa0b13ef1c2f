package io.rpcxbench.harness;

import io.rpcxbench.spi.BenchClient;
import java.io.IOException;
import java.time.Duration;

/**
 * Puts one point's load on a client, run after run, in one of the load models ({@link LoadModel}):
 * {@link ClosedLoop} (the paper's), {@link OpenLoopRunner}, {@link InFlightRunner}. Each owns the
 * point's interval log, if any.
 */
interface PointRunner extends AutoCloseable {
  /** One run (order {@code order}); returns when its last reply is in. */
  RunResult run(int order) throws InterruptedException;

  /** The same load for {@code duration}, nothing recorded but counts. */
  LoadRunner.Warmup warmUp(Duration duration) throws InterruptedException;

  /** Whether calls go through the client's async API (else one thread per outstanding call). */
  boolean async();

  @Override
  void close();

  /**
   * The runner of {@code config}'s model; it writes {@code config}'s interval log, if any, tagged
   * with the protocol and {@code clientHost}.
   */
  static PointRunner open(
      BenchClient client, RunConfig config, CallKind.CallInput input, String clientHost)
      throws IOException {
    Protocol protocol = config.protocols().get(0);
    IntervalLog log =
        config.instruments().hlog() == null
            ? null
            : IntervalLog.open(config.instruments().hlog(), protocol.id(), clientHost);
    try {
      return switch (config.loadModel().kind()) {
        case CLOSED -> new ClosedLoop(new LoadRunner(client, config, input), log);
        case OPEN -> new OpenLoopRunner(client, config, input, log);
        case IN_FLIGHT -> new InFlightRunner(client, config, input, log);
      };
    } catch (RuntimeException e) {
      if (log != null) {
        log.close();
      }
      throw e;
    }
  }
}
