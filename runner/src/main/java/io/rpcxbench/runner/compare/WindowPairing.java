package io.rpcxbench.runner.compare;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The variants of one round measured in turns, window by window ({@code compare --pairing
 * windows}): every variant's server and harness JVM are started afresh for the round and warm up
 * together; then, when the last is warmed up, their runs take turns on the machine in slots of the
 * run time plus a gap, in the round's seeded order and back again (A B, B A, A B, ...: a drift
 * within the round falls on both alike), each harness parked while another measures. Where one
 * variant has two slots in a row (the B B of A B B A) a turnaround is added between them: a harness
 * needs some hundred ms after a run for its bookkeeping (meters, the run's line and file) before
 * its next run's threads are ready, more on a busy box. A run of A and the run of B next to it see
 * the same seconds of the machine, where two trials in a row (the default pairing, {@code trials})
 * lie 20-30 s apart; the unit of the test stays the round, fresh JVMs for every variant. Abedi and
 * Brecht's randomized interleaving, at the grain of a run; Duet benchmarking's shared noise,
 * without running the two at once on 2 vCPUs.
 *
 * <pre>{@code
 * WindowPairing w = new WindowPairing(Duration.ofSeconds(2), WindowPairing.GAP);
 * w.instants(List.of("new", "base"), 3, 1_000_000L);
 * // new, base | base, new | new, base, 2.4 s apart and 1 s more between two slots of one variant:
 * // {new=[1000000, 1008200, 1011600], base=[1002400, 1005800, 1014000]}
 * }</pre>
 *
 * @param runTime every run's length ({@code --run-time}: windows need a time, not a call count)
 * @param gap between one window's end and the next's release: the run's last calls, its
 *     bookkeeping, the next run's threads made ready
 */
record WindowPairing(Duration runTime, Duration gap) {
  /** The gap between windows by default. */
  static final Duration GAP = Duration.ofMillis(400);

  /**
   * How long after the release is written the first window opens: each harness reads it, makes its
   * run's threads ready and takes its readings before the run (15-60 ms here, over 150 ms under a
   * parallel build; at 250 ms a first run was released 460 ms late).
   */
  static final long LEAD_MS = 1_000;

  /** Added between two slots in a row of one variant. */
  static final long TURNAROUND_MS = 1_000;

  /** Two windows of different variants that overlap by more than this spoil the round. */
  static final long OVERLAP_ALLOWED_US = 20_000;

  WindowPairing {
    if (runTime.isZero() || runTime.isNegative()) {
      throw new IllegalArgumentException(
          "--pairing windows needs runs of a time (--run-time), not of a call count");
    }
  }

  /** A slot: the run time and the gap. */
  long slotMs() {
    return runTime.toMillis() + gap.toMillis();
  }

  /**
   * Each variant's release instants (epoch ms) of {@code runs} runs from {@code t0}: run k in the
   * round's {@code order} when k is even, reversed when odd, one slot after another, with {@link
   * #TURNAROUND_MS} more before a variant's second slot in a row.
   */
  Map<String, List<Long>> instants(List<String> order, int runs, long t0) {
    Map<String, List<Long>> at = new LinkedHashMap<>();
    order.forEach(v -> at.put(v, new ArrayList<>()));
    long next = t0;
    String previous = null;
    for (int k = 0; k < runs; k++) {
      List<String> turn = new ArrayList<>(order);
      if (k % 2 == 1) {
        java.util.Collections.reverse(turn);
      }
      for (String v : turn) {
        if (v.equals(previous)) {
          next += TURNAROUND_MS;
        }
        at.get(v).add(next);
        next += slotMs();
        previous = v;
      }
    }
    return at;
  }

  /** The round's length once released: the last slot's end from the first's release. */
  Duration measuring(List<String> order, int runs) {
    long last =
        instants(order, runs, 0).values().stream()
            .flatMap(List::stream)
            .mapToLong(t -> t)
            .max()
            .orElse(0);
    return Duration.ofMillis(last + slotMs());
  }

  /** A run's window as its file recorded it: release and last reply, epoch µs. */
  record Window(String variant, int order, long startUs, long endUs) {}

  /**
   * The most two windows of different variants overlapped, µs (0 when none did): a harness released
   * late, or a run whose last calls outlasted its gap, measured beside another.
   */
  static long overlapUs(List<Window> windows) {
    long most = 0;
    for (int i = 0; i < windows.size(); i++) {
      for (int j = i + 1; j < windows.size(); j++) {
        Window a = windows.get(i);
        Window b = windows.get(j);
        if (!a.variant().equals(b.variant())) {
          long overlap = Math.min(a.endUs(), b.endUs()) - Math.max(a.startUs(), b.startUs());
          most = Math.max(most, overlap);
        }
      }
    }
    return most;
  }

  /** How machine.txt and the method text say it. */
  String text() {
    return "windows: the round's variants warm up together, then take turns in slots of "
        + runTime.toMillis()
        + " ms + "
        + gap.toMillis()
        + " ms, in the round's order and back (A B, B A, ...)";
  }
}
