package io.rpcxbench.harness.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * The harness JVM's garbage-collection pauses, counted from its {@link GarbageCollectorMXBean}s:
 * one run's count and time are the difference of two samples ({@code gc_pauses}, {@code
 * gc_pause_ms}). A paused generator sends late and replies wait for it, so these are part of the
 * generator's health beside its CPU and its send lag. The beans of concurrent cycles (ZGC's and
 * Shenandoah's {@code Cycles}, G1's {@code Concurrent GC}) do not stop the application and are left
 * out.
 *
 * <pre>{@code
 * GcPauses.Sample before = GcPauses.sample();
 * ... the run ...
 * GcPauses.Sample used = GcPauses.sample().minus(before);   // used.count(), used.millis()
 * }</pre>
 */
final class GcPauses {
  private GcPauses() {}

  /** Pauses and their accumulated time (ms) since the JVM started, or between two samples. */
  public record Sample(long count, long millis) {
    public Sample minus(Sample earlier) {
      return new Sample(Math.max(0, count - earlier.count), Math.max(0, millis - earlier.millis));
    }
  }

  /** Now, over the stop-the-world collectors. */
  public static Sample sample() {
    return of(ManagementFactory.getGarbageCollectorMXBeans());
  }

  static Sample of(List<GarbageCollectorMXBean> beans) {
    long count = 0;
    long millis = 0;
    for (GarbageCollectorMXBean bean : beans) {
      if (concurrent(bean.getName())) {
        continue;
      }
      // -1: undefined for this collector
      count += Math.max(0, bean.getCollectionCount());
      millis += Math.max(0, bean.getCollectionTime());
    }
    return new Sample(count, millis);
  }

  /** A bean that counts concurrent cycles, not pauses. */
  static boolean concurrent(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("cycles") || n.contains("concurrent");
  }
}
