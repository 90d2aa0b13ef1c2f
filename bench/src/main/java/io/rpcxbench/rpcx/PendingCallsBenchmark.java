package io.rpcxbench.rpcx;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The pending-call map: one call into and one out of it per op, with {@value #IN_FLIGHT} more calls
 * already in it. RPCX's {@link PendingCalls} is confined to the channel's event loop (a Netty
 * {@code LongObjectHashMap}: the event loop registers calls as it writes them and removes them as
 * replies come), so it has one thread by design. For comparison, the shared map of the earlier
 * design, which the bare baseline still uses: a {@code ConcurrentHashMap<Long, call>} touched by
 * every calling thread, with 1 and 4 threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider",
      "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"
    })
public class PendingCallsBenchmark {
  static final int IN_FLIGHT = 16;
  private static final int RING = 1024;

  /** RPCX's map on its (embedded) event loop, with a ring of prepared calls. */
  @State(Scope.Thread)
  public static class EventLoopMap {
    PendingCalls pending;
    PendingCall[] ring;
    int next;
    EmbeddedChannel channel;

    @Setup(Level.Iteration)
    public void setUp() {
      channel = new EmbeddedChannel();
      pending = new PendingCalls(channel.eventLoop());
      ring = new PendingCall[RING];
      for (int i = 0; i < RING; i++) {
        ring[i] = PendingCall.blocking(i + 1, null, null, pending);
      }
      for (int i = 0; i < IN_FLIGHT; i++) {
        pending.add(ring[i]);
      }
      next = 0;
    }

    @TearDown(Level.Iteration)
    public void tearDown() {
      channel.finishAndReleaseAll();
    }
  }

  /** The shared map of the earlier design, shared by the benchmark threads. */
  @State(Scope.Benchmark)
  public static class SharedMap {
    final ConcurrentHashMap<Long, Object> calls = new ConcurrentHashMap<>();
    final AtomicLong ids = new AtomicLong();
  }

  /** One calling thread's ids in the shared map. */
  @State(Scope.Thread)
  public static class Caller {
    long[] ring;
    Object call = new Object();
    int next;

    @Setup(Level.Iteration)
    public void setUp(SharedMap shared) {
      ring = new long[RING];
      for (int i = 0; i < RING; i++) {
        ring[i] = shared.ids.incrementAndGet();
      }
      for (int i = 0; i < IN_FLIGHT; i++) {
        shared.calls.put(ring[i], call);
      }
      next = 0;
    }

    @TearDown(Level.Iteration)
    public void tearDown(SharedMap shared) {
      for (long id : ring) {
        shared.calls.remove(id);
      }
    }
  }

  @Benchmark
  public PendingCall rpcxEventLoopMap(EventLoopMap m) {
    int i = m.next;
    m.next = (i + 1) & (RING - 1);
    m.pending.add(m.ring[(i + IN_FLIGHT) & (RING - 1)]);
    return m.pending.remove(m.ring[i].id);
  }

  private static Object sharedAddRemove(SharedMap shared, Caller c) {
    int i = c.next;
    c.next = (i + 1) & (RING - 1);
    shared.calls.put(c.ring[(i + IN_FLIGHT) & (RING - 1)], c.call);
    return shared.calls.remove(c.ring[i]);
  }

  @Benchmark
  @Threads(1)
  public Object sharedMap1Thread(SharedMap shared, Caller caller) {
    return sharedAddRemove(shared, caller);
  }

  @Benchmark
  @Threads(4)
  public Object sharedMap4Threads(SharedMap shared, Caller caller) {
    return sharedAddRemove(shared, caller);
  }
}
