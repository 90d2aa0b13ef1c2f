package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.FleetMember;
import io.rpcxbench.harness.output.RunResult;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * When a run happened on the wall clock: the raw file's {@code start_epoch_us} and {@code
 * end_epoch_us} columns (docs/raw-format.md), epoch microseconds of the release and of the last
 * reply. They let {@code report merge-hosts} take a point's runtime across client hosts from the
 * earliest start to the latest end. The end is the start plus the run's monotonic time, so the two
 * differ by exactly {@code timeTotal}.
 */
public final class RunInstants {
  public static final String START = "start_epoch_us";
  public static final String END = "end_epoch_us";

  private RunInstants() {}

  /** Now on the wall clock, epoch µs. */
  public static long wallMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
  }

  /** The two columns of a run released at {@code startMicros} that took {@code nanos}. */
  static Map<String, String> columns(long startMicros, long nanos) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(START, String.valueOf(startMicros));
    m.put(END, String.valueOf(startMicros + Math.max(1, nanos) / 1000));
    return m;
  }

  /**
   * {@code r} with the columns, if its runner did not add them: the end is now (the runner just
   * returned), the start the end minus the run's time. The closed loop stamps its runs itself, at
   * the release.
   */
  public static RunResult stamp(RunResult r) {
    if (r.extra().containsKey(START)) {
      return r;
    }
    long end = wallMicros();
    return r.withExtra(columns(end - r.timeNanos() / 1000, r.timeNanos()));
  }

  /** Parks at most this long at once, so that a clock step while waiting is noticed. */
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  /**
   * Parks until the fleet's instant for order {@code order} ({@code --start-at}) on this host's
   * wall clock; returns at once when it has none or it has passed. Never spins: with client hosts
   * that share CPUs with each other or with the server (one machine, network namespaces), spinning
   * hosts took the CPUs from the ones still to wake up and made them tens of ms late; parked, they
   * wake within a ms or two.
   */
  public static void awaitStart(FleetMember fleet, int order) throws InterruptedException {
    awaitStart(fleet, order, Duration.ZERO);
  }

  /**
   * How long before a run's instant the closed loop's caller stops waiting, at least: time for the
   * readings before the run (15-60 ms here, 250 ms under CI's parallel suites: at a lead of 30 ms a
   * fleet host's run was released 183 ms late), then the threads wait the rest. The span a run's
   * meters measure starts here, so it holds up to this much waiting.
   */
  public static final Duration READY_LEAD = Duration.ofMillis(250);

  /**
   * The lead for a run whose readings before it (the meters' and the TCP counters', 5-60 ms here:
   * {@code ss} is a process, the noise meter reads all of /proc) last took {@code readingNanos}:
   * {@link #READY_LEAD} plus twice that.
   */
  public static Duration readyLead(long readingNanos) {
    return READY_LEAD.plusNanos(2 * Math.max(0, readingNanos));
  }

  /** As {@link #awaitStart(FleetMember, int)}, returning {@code lead} before the instant. */
  public static void awaitStart(FleetMember fleet, int order, Duration lead)
      throws InterruptedException {
    if (order >= fleet.startAt().size()) {
      return;
    }
    long targetMicros = (fleet.startAt().get(order) - lead.toMillis()) * 1000;
    for (long left = targetMicros - wallMicros(); left > 0; left = targetMicros - wallMicros()) {
      // The wall clock is re-read after each park: it may be slewed or stepped meanwhile.
      OpenLoopRunner.sleepUntil(System.nanoTime() + Math.min(left * 1000, MAX_PARK_NANOS));
    }
  }
}
