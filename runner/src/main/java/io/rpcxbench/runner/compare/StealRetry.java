package io.rpcxbench.runner.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A harness JVM run again while the hypervisor stole more than {@code maxSteal} % of the CPU time
 * during it (a shared VM's neighbours took the CPU: the run measured them), up to {@code retries}
 * times; of the attempts, the one with the least steal counts. A steal that cannot be read (no
 * /proc/stat) is never retried and counts as the worst.
 *
 * <pre>{@code
 * StealRetry.Choice c = new StealRetry(5, 2, StealRetry.Meter.proc(), log::line)
 *     .run(attempt -> launch(dir.resolveSibling(name + ".try" + attempt)));
 * c.kept();   // the attempt whose folder becomes the round's
 * }</pre>
 */
final class StealRetry {
  /** The CPU time of the whole machine so far: {@code {steal, total}} ticks, null when unknown. */
  interface Meter {
    long[] ticks();

    /** {@code /proc/stat}'s {@code cpu} line: steal, and user .. steal summed. */
    static Meter proc() {
      return () -> {
        try {
          return ticks(Files.readString(Path.of("/proc/stat"), StandardCharsets.US_ASCII));
        } catch (IOException e) {
          return null;
        }
      };
    }

    /** The {@code cpu} line of a {@code /proc/stat} text; null when there is none. */
    static long[] ticks(String stat) {
      long[] cpu = ProcStat.cpu(stat);
      return cpu == null ? null : new long[] {cpu[ProcStat.STEAL], ProcStat.total(cpu)};
    }
  }

  /** One attempt: the harness JVM's exit code. */
  interface Attempt {
    int run(int attempt) throws IOException, InterruptedException;
  }

  /**
   * The attempt that counts.
   *
   * @param kept its number (0: the first)
   * @param steal its steal in % (one decimal), NaN when unknown
   * @param code its exit code
   * @param attempts how many were run
   */
  record Choice(int kept, double steal, int code, int attempts) {
    /** As steal.tsv has it: {@code 12.3} or {@code nan}. */
    String stealText() {
      return text(steal);
    }
  }

  private final double maxSteal;
  private final int retries;
  private final Meter meter;
  private final Consumer<String> log;

  StealRetry(double maxSteal, int retries, Meter meter, Consumer<String> log) {
    this.maxSteal = maxSteal;
    this.retries = retries;
    this.meter = meter;
    this.log = log;
  }

  /** Runs {@code attempt} 0, then again while its steal was above the limit. */
  Choice run(Attempt attempt) throws IOException, InterruptedException {
    Choice best = null;
    int n = 0;
    while (true) {
      long[] before = meter.ticks();
      int code = attempt.run(n);
      double steal = percent(before, meter.ticks());
      if (best == null || worth(steal) < worth(best.steal())) {
        best = new Choice(n, steal, code, n + 1);
      }
      if (Double.isNaN(steal) || steal <= maxSteal || n >= retries) {
        break;
      }
      n++;
      log.accept(
          "  steal "
              + text(steal)
              + " % > "
              + text(maxSteal)
              + " %: running again ("
              + n
              + "/"
              + retries
              + ")");
    }
    Choice chosen = new Choice(best.kept(), best.steal(), best.code(), n + 1);
    if (n > 0) {
      log.accept("  kept the attempt with " + chosen.stealText() + " % steal");
    }
    return chosen;
  }

  private static double worth(double steal) {
    return Double.isNaN(steal) ? Double.MAX_VALUE : steal;
  }

  /** The steal share between two readings in %, cut to one decimal; NaN when unknown. */
  static double percent(long[] before, long[] after) {
    if (before == null || after == null || after[1] <= before[1]) {
      return Double.NaN;
    }
    long tenths = (after[0] - before[0]) * 1000 / (after[1] - before[1]);
    return tenths / 10.0;
  }

  static String text(double pct) {
    return Double.isNaN(pct) ? "nan" : String.format(Locale.ROOT, "%.1f", pct);
  }
}
