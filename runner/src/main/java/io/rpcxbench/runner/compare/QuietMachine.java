package io.rpcxbench.runner.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Waits, before a windowed round is released, until the machine is quiet: the round's JVMs have
 * finished what their warm-up left running (the JIT compiler's queue, the GC), which would
 * otherwise run in the first windows of the other variants (measured: 30 of 64 runs contended, 0.78
 * cores of others, when released at once). Quiet: the CPUs busy below {@link #QUIET_CORES} over
 * {@link #SPAN_MS}, from {@code /proc/stat}; at most {@code maxMs}, then released all the same and
 * said.
 */
final class QuietMachine {
  /** Busy cores below which the machine counts as quiet. */
  static final double QUIET_CORES = 0.15;

  /** The span each look measures. */
  static final long SPAN_MS = 250;

  /** What a wait found: how long it took and the busy cores of its last look. */
  record Wait(long ms, double busyCores, boolean quiet) {
    String text() {
      return quiet
          ? String.format(Locale.ROOT, "quiet after %d ms (%.2f cores busy)", ms, busyCores)
          : String.format(
              Locale.ROOT,
              "not quiet after %d ms (%.2f cores busy): released anyway",
              ms,
              busyCores);
    }
  }

  private QuietMachine() {}

  /** Waits for a quiet machine, at most {@code maxMs}; unknown (no /proc/stat): no wait. */
  static Wait await(long maxMs) throws InterruptedException {
    long start = System.nanoTime();
    double busy = Double.NaN;
    while (true) {
      long[] before = ticks();
      Thread.sleep(SPAN_MS);
      long[] after = ticks();
      long ms = (System.nanoTime() - start) / 1_000_000;
      if (before == null || after == null) {
        return new Wait(ms, Double.NaN, true);
      }
      busy = busyCores(before, after);
      if (busy < QUIET_CORES) {
        return new Wait(ms, busy, true);
      }
      if (ms >= maxMs) {
        return new Wait(ms, busy, false);
      }
    }
  }

  /** The cores busy between two {@link #ticks} readings. */
  static double busyCores(long[] before, long[] after) {
    long total = after[1] - before[1];
    long busy = after[0] - before[0];
    int cpus = (int) after[2];
    return total <= 0 ? 0 : cpus * (double) busy / total;
  }

  /** {@code {busy, total, cpus}} ticks of {@code /proc/stat}, null when unreadable. */
  static long[] ticks() {
    try {
      return ticks(Files.readString(Path.of("/proc/stat"), StandardCharsets.US_ASCII));
    } catch (IOException e) {
      return null;
    }
  }

  /** The {@code cpu} line's busy and total ticks (idle and iowait are not busy), and the CPUs. */
  static long[] ticks(String stat) {
    long[] cpu = ProcStat.cpu(stat);
    if (cpu == null) {
      return null;
    }
    long total = ProcStat.total(cpu);
    return new long[] {
      total - cpu[ProcStat.IDLE] - cpu[ProcStat.IOWAIT], total, ProcStat.cpus(stat)
    };
  }
}
