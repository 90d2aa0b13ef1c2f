package io.rpcxbench.period.client;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/** CPU time of this JVM and of another process (Linux /proc), in ns. */
final class ProcessCpu {
  /** /proc/PID/stat counts clock ticks of 10 ms (CLK_TCK 100 on Linux x86-64). */
  private static final long NANOS_PER_TICK = 10_000_000L;

  private ProcessCpu() {}

  /** This JVM's CPU time (all its threads), ns; -1 when the JVM cannot tell. */
  static long own() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
    }
    return -1;
  }

  /**
   * The CPU time of process {@code pid} and its waited-for children (utime, stime, cutime, cstime
   * of /proc/PID/stat), ns; -1 when it cannot be read (no such process, not Linux).
   */
  static long of(long pid) {
    if (pid <= 0) {
      return -1;
    }
    try {
      String stat =
          new String(
              Files.readAllBytes(Paths.get("/proc", Long.toString(pid), "stat")),
              StandardCharsets.US_ASCII);
      // comm (field 2) may hold spaces and parentheses: count the fields after the last ')'.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      // f[0] is field 3 (state): utime (field 14) is f[11]
      long ticks =
          Long.parseLong(f[11])
              + Long.parseLong(f[12])
              + Long.parseLong(f[13])
              + Long.parseLong(f[14]);
      return ticks * NANOS_PER_TICK;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
