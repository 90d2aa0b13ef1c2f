package io.rpcxbench.serverkit;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Whether the JVM's direct memory is nearly used up: what the buffered budget ({@code
 * --max-buffered}) counts are request bytes, but a read buffer a decoder keeps a slice of holds its
 * whole capacity, and a pooled chunk stays allocated while any buffer in it is held, so the direct
 * memory really held can be several times the bytes counted (issue 48: gRPC at 64 MiB of direct
 * memory ran out under a 16 MiB budget). A server refuses more unfinished bytes (beyond {@link
 * InputBudget#GRANTED_BYTES} a connection) while this says {@link #high()}: at {@value
 * #HIGH_WATER_PERCENT} % of {@code -XX:MaxDirectMemorySize}, counted as the JDK's own direct buffer
 * pool (which Netty's pooled chunks come from here) and Netty's count of buffers made without a
 * cleaner, whichever is larger.
 *
 * <pre>{@code
 * if (share.held() > InputBudget.GRANTED_BYTES && DirectMemoryPressure.jvm().high()) {
 *   ...close the connection, as when the budget refuses it...
 * }
 * }</pre>
 */
public final class DirectMemoryPressure {
  /** The share of the direct-memory limit past which unfinished bytes are refused. */
  public static final int HIGH_WATER_PERCENT = 75;

  private static final long SAMPLE_NANOS = 1_000_000; // reading the pools costs; 1 ms is fresh
  private static final DirectMemoryPressure JVM =
      new DirectMemoryPressure(DirectMemoryPressure::usedNow, MaxDirectMemory.bytes());

  private final LongSupplier used;
  private final long highWater;
  private volatile long sampledAt;
  private volatile boolean high;

  /**
   * @param used the direct bytes in use now
   * @param max the limit they count against
   */
  public DirectMemoryPressure(LongSupplier used, long max) {
    this.used = used;
    this.highWater = max / 100 * HIGH_WATER_PERCENT;
    this.sampledAt = System.nanoTime() - 2 * SAMPLE_NANOS; // the first call samples
  }

  /** This JVM's direct memory against its {@code -XX:MaxDirectMemorySize}. */
  public static DirectMemoryPressure jvm() {
    return JVM;
  }

  /** Whether the direct memory in use is past the high-water mark (sampled at most every 1 ms). */
  public boolean high() {
    long now = System.nanoTime();
    if (now - sampledAt >= SAMPLE_NANOS) {
      high = used.getAsLong() > highWater;
      sampledAt = now;
    }
    return high;
  }

  /** The mark, in bytes. */
  public long highWater() {
    return highWater;
  }

  static long usedNow() {
    long pool = 0;
    for (BufferPoolMXBean bean : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if ("direct".equals(bean.getName())) {
        pool = bean.getMemoryUsed();
      }
    }
    return Math.max(pool, NettyDirectMemory.used());
  }

  /** Netty's own count (unshaded and gRPC's shaded copy): -1 where it uses the JDK's buffers. */
  private static final class NettyDirectMemory {
    static long used() {
      long used = -1;
      try {
        used = io.netty.util.internal.PlatformDependent.usedDirectMemory();
      } catch (LinkageError e) {
        // no unshaded Netty on this server's class path
      }
      try {
        used =
            Math.max(
                used,
                io.grpc.netty.shaded.io.netty.util.internal.PlatformDependent.usedDirectMemory());
      } catch (LinkageError e) {
        // no gRPC on this server's class path
      }
      return used;
    }
  }
}
