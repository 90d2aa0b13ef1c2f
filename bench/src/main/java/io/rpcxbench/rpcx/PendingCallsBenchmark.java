package io.rpcxbench.rpcx;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * RPCX's pending-call map ({@link PendingCalls}, shared by every caller of a connection): one
 * call in and out per op, with {@code inFlight} other calls of the same thread already in it
 * (64 threads x 1 call is what the harness's 64-thread point keeps in flight). 1 and 4 threads
 * on one shared map. The {@link PendingCall}s are made up front: this is the map alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "-Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider",
    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class PendingCallsBenchmark {
  private static final int RING = 1024;

  /** The connection's map, shared by the benchmark threads. */
  @State(Scope.Benchmark)
  public static class Shared {
    final PendingCalls pending = new PendingCalls();
    final AtomicLong ids = new AtomicLong();
  }

  /** One thread's calls: a ring of distinct ids, {@code inFlight} of them left in the map. */
  @State(Scope.Thread)
  public static class Caller {
    @Param({"16"})
    int inFlight;

    PendingCall[] ring;
    int next;

    @Setup(Level.Iteration)
    public void setUp(Shared shared) {
      ring = new PendingCall[RING];
      for (int i = 0; i < RING; i++) {
        ring[i] = new PendingCall(shared.ids.incrementAndGet(), null, null);
      }
      for (int i = 0; i < inFlight; i++) {
        shared.pending.add(ring[i]);
      }
      next = 0;
    }

    @TearDown(Level.Iteration)
    public void tearDown(Shared shared) {
      for (PendingCall call : ring) {
        shared.pending.remove(call.id);
      }
    }
  }

  private static PendingCall addRemove(Shared shared, Caller caller) {
    int i = caller.next;
    caller.next = (i + 1) & (RING - 1);
    shared.pending.add(caller.ring[(i + caller.inFlight) & (RING - 1)]);
    return shared.pending.remove(caller.ring[i].id);
  }

  @Benchmark
  @Threads(1)
  public PendingCall addRemove1Thread(Shared shared, Caller caller) {
    return addRemove(shared, caller);
  }

  @Benchmark
  @Threads(4)
  public PendingCall addRemove4Threads(Shared shared, Caller caller) {
    return addRemove(shared, caller);
  }
}
