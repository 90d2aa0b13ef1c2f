package io.rpcxbench.harness.fleet;

import io.rpcxbench.harness.config.FleetMember;
import io.rpcxbench.harness.load.RunInstants;
import io.rpcxbench.harness.output.Provenance;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.Protocol;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a {@link FleetMember}'s runs record: the host's name in place of the OS's, the fleet keys of
 * the raw file, and a warning when a run was released late.
 */
public final class FleetProvenance {
  /** Later than this behind its instant, a release is warned about. */
  static final double LATE_MS = 10;

  private FleetProvenance() {}

  /** {@code provenance} with this host's name in place of the OS host name. */
  public static Provenance applyTo(FleetMember fleet, Provenance provenance) {
    if (fleet.clientHostName() == null) {
      return provenance;
    }
    return new Provenance(
        fleet.clientHostName(),
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
  public static void provenance(
      FleetMember fleet, Map<String, String> m, List<RunResult> results, String osHostName) {
    if (fleet.clientHostName() != null) {
      m.put("client_hostname", osHostName);
    }
    if (!fleet.synchronizedStart()) {
      return;
    }
    m.put("start_at", String.valueOf(fleet.startAt().get(0)));
    if (fleet.startAt().size() > 1) {
      m.put(
          "start_at_runs",
          fleet.startAt().stream().map(String::valueOf).collect(Collectors.joining(" ")));
    }
    List<Double> late = lateMs(fleet, results);
    if (!late.isEmpty()) {
      m.put("released_at_ms", millis(fleet.startAt().get(0) + late.get(0)));
      m.put("start_late_ms", millis(late.get(0)));
      m.put("start_late_max_ms", millis(late.stream().mapToDouble(d -> d).max().orElse(0)));
    }
  }

  /** How long after its instant each run that had one was released. */
  static List<Double> lateMs(FleetMember fleet, List<RunResult> results) {
    List<Double> late = new ArrayList<>();
    for (int i = 0; i < Math.min(fleet.startAt().size(), results.size()); i++) {
      String start = results.get(i).extra().get(RunInstants.START);
      if (start != null) {
        late.add(Long.parseLong(start) / 1000.0 - fleet.startAt().get(i));
      }
    }
    return late;
  }

  /** A warning line when a run was released late (the host was not ready in time), else null. */
  public static String lateWarning(FleetMember fleet, Protocol protocol, List<RunResult> results) {
    List<Double> late = lateMs(fleet, results);
    for (int order = 0; order < late.size(); order++) {
      if (late.get(order) > LATE_MS) {
        return "warning: "
            + protocol
            + ": order "
            + order
            + " released "
            + millis(late.get(order))
            + " ms after its --start-at instant "
            + fleet.startAt().get(order)
            + " ("
            + Instant.ofEpochMilli(fleet.startAt().get(order))
            + "): this host was not ready in time; give the hosts more lead"
            + (order > 0 ? " or the runs longer slots" : "");
      }
    }
    return null;
  }

  private static String millis(double ms) {
    return String.format(Locale.ROOT, "%.3f", ms);
  }
}
