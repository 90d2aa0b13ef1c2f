package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The harness JVM's CPU time (all its threads: load, client I/O, JIT, GC) to the nanosecond: the
 * sum of its threads' run times, the first field of {@code /proc/self/task/TID/schedstat}. The
 * process's total ({@code /proc/self/stat}'s utime + stime, and the JVM's {@code
 * getProcessCpuTime}, which calls times()) counts whole 10 ms ticks, each end rounded down: over a
 * run of a few ms it was off by up to a tick, more than the run's wall time on all cores ("the
 * client used 2.877 of its 2 cores"). A thread that ends in the run takes its time out of the sum;
 * so where the tick total is more than a tick above the sum, the tick total is the figure.
 *
 * <pre>{@code
 * ClientCpu cpu = ClientCpu.ofThisJvm();
 * ClientCpu.Sample before = cpu.sample();
 * // ... the run ...
 * long nanos = ClientCpu.used(before, cpu.sample());
 * }</pre>
 */
final class ClientCpu {
  private final Path self;

  /** {@code self}: the process's /proc folder ({@code /proc/self}, or a fake one in tests). */
  ClientCpu(Path self) {
    this.self = self;
  }

  static ClientCpu ofThisJvm() {
    return new ClientCpu(Instruments.PROC.resolve("self"));
  }

  /**
   * @param tickNanos the process's utime + stime in ns (whole ticks), -1 when unknown
   * @param threadNanos each thread's run time in ns, by thread id; empty when unknown
   */
  record Sample(long tickNanos, Map<Long, Long> threadNanos) {
    Sample {
      threadNanos = Map.copyOf(threadNanos);
    }
  }

  Sample sample() {
    Map<Long, Long> threads = new HashMap<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(self.resolve("task"))) {
      for (Path task : tasks) {
        try {
          String schedstat = Files.readString(task.resolve("schedstat")).trim();
          threads.put(
              Long.parseLong(task.getFileName().toString()),
              Long.parseLong(schedstat.split("\\s+")[0]));
        } catch (IOException | RuntimeException e) {
          // a thread that ended meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      threads.clear(); // no /proc (not Linux): the ticks only
    }
    return new Sample(tickNanos(), threads);
  }

  /** The CPU time between two samples, ns. */
  static long used(Sample a, Sample b) {
    long ticks =
        a.tickNanos() < 0 || b.tickNanos() < 0 ? -1 : Math.max(0, b.tickNanos() - a.tickNanos());
    if (a.threadNanos().isEmpty() || b.threadNanos().isEmpty()) {
      return Math.max(0, ticks);
    }
    long threads = 0;
    for (Map.Entry<Long, Long> e : b.threadNanos().entrySet()) {
      long then = a.threadNanos().getOrDefault(e.getKey(), 0L);
      // a thread id reused by a new thread: all of the new one's time is in the run
      threads += e.getValue() >= then ? e.getValue() - then : e.getValue();
    }
    return threads >= ticks - ProcProcessTree.NANOS_PER_TICK ? threads : ticks;
  }

  /** utime + stime of {@code self/stat}, else the JVM's process CPU time; -1 when neither. */
  private long tickNanos() {
    try {
      NoiseSnapshot.Process p = NoiseSnapshot.process(Files.readString(self.resolve("stat")));
      return p.ticks() * ProcProcessTree.NANOS_PER_TICK;
    } catch (IOException | RuntimeException e) {
      if (ManagementFactory.getOperatingSystemMXBean()
          instanceof com.sun.management.OperatingSystemMXBean os) {
        return os.getProcessCpuTime();
      }
      return -1;
    }
  }
}
