package io.rpcxbench.harness;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * What the harness is told when it is one of several client hosts driving one point together
 * (deploy/fleet, docs/fleet.md): the instant at which every host releases its first run ({@code
 * --start-at}, epoch ms, computed once by the driver and given to all hosts alike) and the name the
 * host goes by in the results ({@code --client-host-name}, the inventory name; on one machine with
 * network namespaces every host has the same OS host name). Part of {@link RunConfig}.
 *
 * <pre>{@code
 * FleetMember fleet = new FleetMember(1763820000000L, "client-2");
 * fleet.awaitStart();   // parks until 1763820000000 on this host's clock, then returns
 * }</pre>
 *
 * @param startAtEpochMs the shared release instant of the first run, or 0 for none
 * @param clientHostName the client host's name in the results, or null for the OS host name
 */
record FleetMember(long startAtEpochMs, String clientHostName) {
  static final FleetMember NONE = new FleetMember(0, null);

  /** Later than this behind {@code --start-at}, the release is warned about. */
  static final double LATE_MS = 10;

  /** Epoch ms before 2000 or after 2100 is a mistake (seconds, or a typo), not an instant. */
  private static final long EARLIEST = 946_684_800_000L;

  private static final long LATEST = 4_102_444_800_000L;

  /** Parks at most this long at once, so that a clock step while waiting is noticed. */
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  boolean synchronizedStart() {
    return startAtEpochMs > 0;
  }

  /** Checks the values; the message names the option. */
  void validate() {
    if (startAtEpochMs != 0 && (startAtEpochMs < EARLIEST || startAtEpochMs > LATEST)) {
      throw new IllegalArgumentException(
          "--start-at must be an instant in epoch milliseconds (e.g. "
              + System.currentTimeMillis()
              + "), got "
              + startAtEpochMs
              + (startAtEpochMs > 0 && startAtEpochMs < EARLIEST / 1000 * 10
                  ? " (seconds? multiply by 1000)"
                  : ""));
    }
    if (clientHostName != null && !NAME.matcher(clientHostName).matches()) {
      throw new IllegalArgumentException(
          "--client-host-name must be letters, digits, '.', '_' or '-', got '"
              + clientHostName
              + "'");
    }
  }

  /**
   * Parks until {@code --start-at} on this host's wall clock; returns at once without it or when
   * the instant has passed. Never spins (the CPUs may be shared with the server).
   */
  void awaitStart() throws InterruptedException {
    if (!synchronizedStart()) {
      return;
    }
    long targetMicros = startAtEpochMs * 1000;
    for (long left = targetMicros - RunInstants.wallMicros();
        left > 0;
        left = targetMicros - RunInstants.wallMicros()) {
      // The wall clock is re-read after each park: it may be slewed or stepped meanwhile.
      OpenLoopRunner.sleepUntil(System.nanoTime() + Math.min(left * 1000, MAX_PARK_NANOS));
    }
  }

  /** {@code provenance} with this host's name in place of the OS host name. */
  Provenance applyTo(Provenance provenance) {
    if (clientHostName == null) {
      return provenance;
    }
    return new Provenance(
        clientHostName,
        provenance.jvm(),
        provenance.jvmFlags(),
        provenance.os(),
        provenance.gitCommit());
  }

  /**
   * The fleet keys (docs/raw-format.md): {@code client_hostname} (the OS's, when {@code
   * --client-host-name} replaced it), {@code start_at}, {@code released_at_ms} (the first run's
   * actual release, from its {@code start_epoch_us}) and {@code start_late_ms}.
   */
  void provenance(Map<String, String> m, List<RunResult> results, String osHostName) {
    if (clientHostName != null) {
      m.put("client_hostname", osHostName);
    }
    if (!synchronizedStart()) {
      return;
    }
    m.put("start_at", String.valueOf(startAtEpochMs));
    Double late = lateMs(results);
    if (late != null) {
      m.put("released_at_ms", millis(startAtEpochMs + late));
      m.put("start_late_ms", millis(late));
    }
  }

  /** How long after {@code --start-at} the first run was released, or null without a run. */
  Double lateMs(List<RunResult> results) {
    if (!synchronizedStart() || results.isEmpty()) {
      return null;
    }
    String start = results.get(0).extra().get(RunInstants.START);
    return start == null ? null : Long.parseLong(start) / 1000.0 - startAtEpochMs;
  }

  /** A warning line when the first run was released late (the host was not ready in time). */
  String lateWarning(Protocol protocol, List<RunResult> results) {
    Double late = lateMs(results);
    if (late == null || late <= LATE_MS) {
      return null;
    }
    return "warning: "
        + protocol
        + ": released "
        + millis(late)
        + " ms after --start-at "
        + startAtEpochMs
        + " ("
        + Instant.ofEpochMilli(startAtEpochMs)
        + "): this host was not ready in time (start-up, warm-up); give the hosts more lead";
  }

  /** The options that reproduce these, for {@code # options:} and the forked workers. */
  void addArgs(List<String> args) {
    if (synchronizedStart()) {
      args.add("--start-at");
      args.add(String.valueOf(startAtEpochMs));
    }
    if (clientHostName != null) {
      args.add("--client-host-name");
      args.add(clientHostName);
    }
  }

  private static String millis(double ms) {
    return String.format(Locale.ROOT, "%.3f", ms);
  }
}
