package io.rpcxbench.harness.fleet;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.load.OpenLoopRunner;
import io.rpcxbench.harness.load.RunInstants;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.Protocol;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the harness is told when it is one of several client hosts driving one point together
 * (deploy/fleet, docs/fleet.md): the instants at which every host releases its runs ({@code
 * --start-at}, epoch ms, computed once by the driver and given to all hosts alike: the first for
 * order 0, the k-th for order k; runs beyond the list start when the previous one is done) and the
 * name the host goes by in the results ({@code --client-host-name}, e.g. its inventory name; on one
 * machine with network namespaces every host has the same OS host name). Part of {@link RunConfig}.
 *
 * <pre>{@code
 * FleetMember fleet = new FleetMember(List.of(1763820000000L), "client-2");
 * fleet.awaitStart(0);   // parks until 1763820000000 on this host's clock, then returns
 * }</pre>
 *
 * @param startAt the release instants of orders 0, 1, ... (epoch ms); empty for none
 * @param clientHostName the client host's name in the results, or null for the OS host name
 */
public record FleetMember(List<Long> startAt, String clientHostName) {
  public static final FleetMember NONE = new FleetMember(List.of(), null);

  /** Later than this behind its instant, a release is warned about. */
  static final double LATE_MS = 10;

  /** Epoch ms before 2000 or after 2100 is a mistake (seconds, or a typo), not an instant. */
  private static final long EARLIEST = 946_684_800_000L;

  private static final long LATEST = 4_102_444_800_000L;

  /** Parks at most this long at once, so that a clock step while waiting is noticed. */
  private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public FleetMember {
    startAt = List.copyOf(startAt);
  }

  boolean synchronizedStart() {
    return !startAt.isEmpty();
  }

  /** Checks the values; the message names the option. */
  public void validate() {
    long previous = 0;
    for (long at : startAt) {
      if (at < EARLIEST || at > LATEST) {
        throw new IllegalArgumentException(
            "--start-at takes instants in epoch milliseconds (e.g. "
                + System.currentTimeMillis()
                + "), got "
                + at
                + (at > 0 && at < EARLIEST / 100 ? " (seconds? multiply by 1000)" : ""));
      }
      if (at <= previous) {
        throw new IllegalArgumentException(
            "--start-at: the instants must increase, got " + at + " after " + previous);
      }
      previous = at;
    }
    if (clientHostName != null && !NAME.matcher(clientHostName).matches()) {
      throw new IllegalArgumentException(
          "--client-host-name must be letters, digits, '.', '_' or '-', got '"
              + clientHostName
              + "'");
    }
  }

  /**
   * Parks until order {@code order}'s instant on this host's wall clock; returns at once when it
   * has none or it has passed. Never spins: with client hosts that share CPUs with each other or
   * with the server (one machine, network namespaces), spinning hosts took the CPUs from the ones
   * still to wake up and made them tens of ms late; parked, they wake within a ms or two.
   */
  public void awaitStart(int order) throws InterruptedException {
    if (order >= startAt.size()) {
      return;
    }
    long targetMicros = startAt.get(order) * 1000;
    for (long left = targetMicros - RunInstants.wallMicros();
        left > 0;
        left = targetMicros - RunInstants.wallMicros()) {
      // The wall clock is re-read after each park: it may be slewed or stepped meanwhile.
      OpenLoopRunner.sleepUntil(System.nanoTime() + Math.min(left * 1000, MAX_PARK_NANOS));
    }
  }

  /** {@code provenance} with this host's name in place of the OS host name. */
  public Provenance applyTo(Provenance provenance) {
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
   * --client-host-name} replaced it), {@code start_at} (order 0's instant), {@code start_at_runs}
   * (all of them, when several), {@code released_at_ms} (the first run's actual release, from its
   * {@code start_epoch_us}), {@code start_late_ms} and {@code start_late_max_ms} (over the runs
   * that had an instant).
   */
  public void provenance(Map<String, String> m, List<RunResult> results, String osHostName) {
    if (clientHostName != null) {
      m.put("client_hostname", osHostName);
    }
    if (!synchronizedStart()) {
      return;
    }
    m.put("start_at", String.valueOf(startAt.get(0)));
    if (startAt.size() > 1) {
      m.put(
          "start_at_runs", startAt.stream().map(String::valueOf).collect(Collectors.joining(" ")));
    }
    List<Double> late = lateMs(results);
    if (!late.isEmpty()) {
      m.put("released_at_ms", millis(startAt.get(0) + late.get(0)));
      m.put("start_late_ms", millis(late.get(0)));
      m.put("start_late_max_ms", millis(late.stream().mapToDouble(d -> d).max().orElse(0)));
    }
  }

  /** How long after its instant each run that had one was released. */
  List<Double> lateMs(List<RunResult> results) {
    List<Double> late = new ArrayList<>();
    for (int i = 0; i < Math.min(startAt.size(), results.size()); i++) {
      String start = results.get(i).extra().get(RunInstants.START);
      if (start != null) {
        late.add(Long.parseLong(start) / 1000.0 - startAt.get(i));
      }
    }
    return late;
  }

  /** A warning line when a run was released late (the host was not ready in time), else null. */
  public String lateWarning(Protocol protocol, List<RunResult> results) {
    List<Double> late = lateMs(results);
    for (int order = 0; order < late.size(); order++) {
      if (late.get(order) > LATE_MS) {
        return "warning: "
            + protocol
            + ": order "
            + order
            + " released "
            + millis(late.get(order))
            + " ms after its --start-at instant "
            + startAt.get(order)
            + " ("
            + Instant.ofEpochMilli(startAt.get(order))
            + "): this host was not ready in time; give the hosts more lead"
            + (order > 0 ? " or the runs longer slots" : "");
      }
    }
    return null;
  }

  /** The options that reproduce these, for {@code # options:} and the forked workers. */
  public void addArgs(List<String> args) {
    if (synchronizedStart()) {
      args.add("--start-at");
      args.add(startAt.stream().map(String::valueOf).collect(Collectors.joining(",")));
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
