package io.rpcxbench.runner.compare;

/**
 * The machine's CPU time in {@code /proc/stat}'s {@code cpu} line: its eight counters, user, nice,
 * system, idle, iowait, irq, softirq and steal, in ticks (guest time is inside user already); the
 * one reading of that line for {@link StealRetry} and {@link QuietMachine}.
 */
final class ProcStat {
  static final int IDLE = 3;
  static final int IOWAIT = 4;
  static final int STEAL = 7;

  private ProcStat() {}

  /** The {@code cpu} line's eight counters; null when the text has none. */
  static long[] cpu(String stat) {
    for (String line : stat.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("cpu") && f.length >= 9) {
        long[] c = new long[8];
        for (int i = 0; i < 8; i++) {
          c[i] = Long.parseLong(f[i + 1]);
        }
        return c;
      }
    }
    return null;
  }

  /** The counters summed: all the CPU time so far. */
  static long total(long[] cpu) {
    long t = 0;
    for (long v : cpu) {
      t += v;
    }
    return t;
  }

  /** The CPUs the text lists ({@code cpu0}, {@code cpu1}, ...), at least 1. */
  static int cpus(String stat) {
    int n = 0;
    for (String line : stat.split("\n")) {
      if (line.matches("cpu[0-9]+ .*")) {
        n++;
      }
    }
    return Math.max(1, n);
  }
}
