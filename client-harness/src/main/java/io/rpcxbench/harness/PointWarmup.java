package io.rpcxbench.harness;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.SteadyWarmup;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.PointRunner;
import io.rpcxbench.harness.load.SteadyWarmupRun;
import io.rpcxbench.harness.load.TimeLimit;
import io.rpcxbench.harness.measure.JitThreads;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.protocol.Protocol;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * The warm-up of one protocol's point in this JVM, before its order 0 ({@link ProtocolRun}): steady
 * (iterations until converged), fixed or none, and after an open loop's in-flight warm-up a full GC
 * and the warm-up again at the point's own load; its counts go into the file's provenance.
 */
final class PointWarmup {
  /** The longest settle after a fixed in-flight warm-up ({@link #settle}). */
  private static final int SETTLE_S = 2;

  private final RunConfig config;
  private final Protocol protocol;
  private final PrintWriter err;
  private final RunLines lines;

  PointWarmup(RunConfig config, PrintWriter err, RunLines lines) {
    this.config = config;
    this.protocol = config.protocols().get(0);
    this.err = err;
    this.lines = lines;
  }

  /**
   * The warm-up asked for: {@code --warmup-mode steady} (iterations until converged), {@code
   * --warmup D}, or none; its counts go into the provenance, its line to stderr. An open loop's
   * {@code --warmup-in-flight} warm-up is followed by a GC of this JVM and the same warm-up at the
   * point's own load ({@link #settle}).
   */
  void run(PointRunner runner, PointRecorder recorder, TimeLimit limit, JitThreads.Probe jit)
      throws InterruptedException, TimeLimit.Reached {
    SteadyWarmup steady = config.warmup().steady();
    boolean inFlight = config.warmup().inFlightFor(config.loadModel().kind());
    String load = "";
    if (inFlight) {
      int calls = config.forInFlightWarmup().loadModel().inFlight();
      recorder.set("warmup_in_flight", String.valueOf(calls)); // at most the open loop's own
      load = "; its load " + calls + (calls == 1 ? " call" : " calls") + " in flight";
    }
    if (steady != null) {
      SteadyWarmupRun.Outcome o =
          SteadyWarmupRun.run(
              steady, length -> runner.warmUp(length, limit.warmupDeadline()), jit::cores);
      recorder.set("warmup_calls", String.valueOf(o.total().calls()));
      recorder.set("warmup_iterations", String.valueOf(o.iterations()));
      recorder.set("warmup_converged", String.valueOf(o.converged()));
      recorder.set("warmup_rates", SteadyWarmupRun.rates(o));
      recorder.set("warmup_jit_cores", SteadyWarmupRun.jitCores(o));
      err.println(SteadyWarmupRun.line(protocol, steady, o) + load);
    } else if (config.warmup().fixed().compareTo(Duration.ZERO) > 0) {
      LoadRunner.Warmup warmup = runner.warmUp(config.warmup().fixed(), limit.warmupDeadline());
      recorder.set("warmup_calls", String.valueOf(warmup.calls()));
      recorder.set("warmup_iterations", "1");
      err.println(lines.warmup(warmup) + load);
    }
    if (inFlight) {
      collectTheWarmupsGarbage(recorder);
      runner.endOtherWarmup();
      settle(runner, recorder, limit);
    }
    err.flush();
  }

  /**
   * After the in-flight warm-up and its GC, the warm-up again at the point's own load (the steady
   * rule, or {@value #SETTLE_S} s of a fixed one): what the burst left to do, the JIT's and the
   * GC's, the server's as much as this JVM's, is done before order 0. Without it the first lan
   * probe of each search found its server busy at 19-29 % of its core (the later ones at 1 %) and a
   * service p99 of 5.7-12.5 ms, and failing there capped every search below it.
   */
  private void settle(PointRunner runner, PointRecorder recorder, TimeLimit limit)
      throws InterruptedException, TimeLimit.Reached {
    SteadyWarmup steady = config.warmup().steady();
    LoadRunner.Warmup own;
    int iterations;
    if (steady != null) {
      SteadyWarmupRun.Outcome o =
          SteadyWarmupRun.run(steady, length -> runner.warmUp(length, limit.warmupDeadline()));
      own = o.total();
      iterations = o.iterations();
    } else {
      Duration d = config.warmup().fixed();
      Duration most = Duration.ofSeconds(SETTLE_S);
      own = runner.warmUp(d.compareTo(most) < 0 ? d : most, limit.warmupDeadline());
      iterations = 1;
    }
    recorder.set("warmup_own_calls", String.valueOf(own.calls()));
    recorder.set("warmup_own_iterations", String.valueOf(iterations));
    err.println(
        protocol
            + " then at its own load: "
            + own.calls()
            + " calls, "
            + own.errors()
            + " errors, "
            + iterations
            + (iterations == 1 ? " iteration" : " iterations"));
  }

  /**
   * After an open loop's in-flight warm-up, one full GC of this JVM before order 0 (JMH's {@code
   * -gc}): the warm-up's thousands of calls a second left a young generation that a low rate's
   * short run would otherwise collect in its own window (thrift's 2 s lan probes each had one 10-14
   * ms pause of the harness after such a warm-up); the run's own garbage is still collected in it.
   * The pause is in the file ({@code warmup_gc_ms}).
   */
  private void collectTheWarmupsGarbage(PointRecorder recorder) {
    long t0 = System.nanoTime();
    System.gc();
    long ms = (System.nanoTime() - t0) / 1_000_000;
    recorder.set("warmup_gc_ms", String.valueOf(ms));
    err.println(protocol + " after the warm-up: a full GC of the harness JVM (" + ms + " ms)");
  }
}
