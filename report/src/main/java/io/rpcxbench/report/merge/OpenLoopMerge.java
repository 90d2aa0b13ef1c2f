package io.rpcxbench.report.merge;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.KeptUp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The open loop's part of a merge across client hosts ({@link HostMerge}): each host offered its
 * share of one schedule ({@code rate_schedule}; the whole is {@code fleet_rate_schedule}), so per
 * run the achieved rates and drops add up, the service-time histograms are added like the latency
 * ones, and the fleet's target is a host's share times the hosts expected (a missing host leaves
 * the fleet short). Whether a host and the fleet kept up is {@link KeptUp}'s rule, applied to each
 * host's share and to the fleet's whole; a host that fell behind is named. The generators' health
 * goes along: CPU and GC pauses summed, the worst host's send lag.
 *
 * <pre>{@code
 * Map<String, String> extra = OpenLoopMerge.run(hostRows, hosts, 3);   // target_rate, achieved_rate, ...
 * Map<String, String> prov = OpenLoopMerge.provenance(files, mergedRows, 3);   // kept_up, behind_hosts
 * }</pre>
 */
final class OpenLoopMerge {
  static final String TARGET = "target_rate";
  static final String ACHIEVED = "achieved_rate";
  static final String DROPPED = "dropped";

  /** Generator health, summed over the hosts. */
  private static final List<String> SUMMED = List.of("client_cpu_s", "gc_pauses", "gc_pause_ms");

  /** Generator health, the worst host's. */
  private static final List<String> WORST = List.of("max_lag_us", "send_lag_p99_us");

  /** limited_by over the hosts: the first of these that any host names. */
  private static final List<String> LIMITS = List.of("client", "contended", "server", "link");

  private OpenLoopMerge() {}

  /** Whether these rows are the open loop's (they carry a target rate). */
  static boolean open(List<RunRow> runs) {
    return runs.stream().allMatch(r -> r.extra(TARGET).isPresent());
  }

  /**
   * The merged run's open-loop columns from one run of every present host.
   *
   * @param hosts the hosts of {@code runs}, in order
   * @param expected the hosts the point was meant for (the fleet's target counts all of them)
   */
  static Map<String, String> run(List<RunRow> runs, List<String> hosts, int expected) {
    Map<String, String> m = new LinkedHashMap<>();
    double share = number(runs.get(0), TARGET);
    m.put(TARGET, decimal(share * expected));
    m.put(ACHIEVED, decimal(runs.stream().mapToDouble(r -> number(r, ACHIEVED)).sum()));
    m.put(DROPPED, String.valueOf(runs.stream().mapToLong(r -> (long) number(r, DROPPED)).sum()));
    List<Histogram> service = new ArrayList<>();
    runs.forEach(r -> r.extraHistogram("service_histogram").ifPresent(service::add));
    if (service.size() == runs.size()) {
      Histogram all = Histograms.merge(service);
      m.put("service_p50_us", micros(all.getValueAtPercentile(50)));
      m.put("service_p99_us", micros(all.getValueAtPercentile(99)));
      m.put("service_histogram", all.getTotalCount() == 0 ? "" : Histograms.encode(all));
    }
    for (String column : SUMMED) {
      if (runs.stream().allMatch(r -> r.extra(column).isPresent())) {
        m.put(column, trim(runs.stream().mapToDouble(r -> number(r, column)).sum()));
      }
    }
    for (String column : WORST) {
      if (runs.stream().allMatch(r -> r.extra(column).isPresent())) {
        m.put(column, trim(runs.stream().mapToDouble(r -> number(r, column)).max().orElse(0)));
      }
    }
    List<String> limits = runs.stream().map(r -> r.extra("limited_by").orElse("")).toList();
    if (limits.stream().noneMatch(String::isEmpty)) {
      m.put(
          "limited_by", LIMITS.stream().filter(limits::contains).findFirst().orElse(limits.get(0)));
    }
    List<String> behind = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      RunRow r = runs.get(i);
      if (!KeptUp.met(number(r, ACHIEVED), number(r, TARGET)) || r.errors() > 0) {
        behind.add(hosts.get(i));
      }
    }
    m.put("behind_hosts", String.join(" ", behind));
    return m;
  }

  /**
   * The merged point's open-loop provenance: the whole schedule as its {@code rate_schedule}, each
   * host's share, and, over the kept runs (orders 1.., or the only one, as the report's cleaning
   * keeps), each host's achieved rate, drops and errors, the hosts that fell behind their share and
   * why, and whether the fleet kept up.
   *
   * @param hosts the present hosts' files, in order
   * @param merged the merged rows
   * @param expected how many hosts the point was meant for
   */
  static Map<String, String> provenance(List<HostFile> hosts, List<RunRow> merged, int expected) {
    Map<String, String> m = new LinkedHashMap<>();
    HostFile first = hosts.get(0);
    String share = first.provenance("rate_schedule").trim();
    String whole = first.provenance("fleet_rate_schedule").trim();
    if (!whole.isEmpty()) {
      m.put("rate_schedule", whole);
    }
    m.put("rate_schedule_per_host", share);
    int orders = merged.size();
    List<String> achieved = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    List<String> behind = new ArrayList<>();
    List<String> why = new ArrayList<>();
    for (HostFile f : hosts) {
      List<RunRow> kept = kept(f.rows().stream().filter(r -> r.order() < orders).toList());
      Verdict v = verdict(kept);
      achieved.add(f.host() + "=" + decimal(v.achievedMin));
      dropped.add(f.host() + "=" + v.dropped);
      errors.add(f.host() + "=" + v.errors);
      String reason = KeptUp.why(v.target, v.achievedMin, v.dropped, v.errors);
      if (reason != null) {
        behind.add(f.host());
        why.add(f.host() + ": " + reason + ";");
      }
    }
    m.put("achieved_rate_min_by_host", String.join(" ", achieved));
    m.put("dropped_by_host", String.join(" ", dropped));
    m.put("errors_by_host", String.join(" ", errors));
    m.put("behind_hosts", behind.isEmpty() ? "none" : String.join(" ", behind));
    if (!why.isEmpty()) {
      m.put("behind_why", String.join(" ", why));
    }
    Verdict fleet = verdict(kept(merged));
    String fleetWhy = KeptUp.why(fleet.target, fleet.achievedMin, fleet.dropped, fleet.errors);
    m.put(ACHIEVED, decimal(fleet.achievedMin));
    m.put(DROPPED, String.valueOf(merged.stream().mapToLong(r -> (long) number(r, DROPPED)).sum()));
    m.put("fleet_target_rate", decimal(fleet.target));
    m.put("fleet_achieved_rate_min", decimal(fleet.achievedMin));
    m.put("kept_up", fleetWhy == null ? "yes" : "no");
    if (fleetWhy != null) {
      m.put("kept_up_why", fleetWhy + (hosts.size() < expected ? " (hosts missing)" : ""));
    }
    return m;
  }

  /** A side's figures over its kept runs: mean target, slowest run, drops and errors summed. */
  private record Verdict(double target, double achievedMin, long dropped, long errors) {}

  private static Verdict verdict(List<RunRow> kept) {
    double target = kept.stream().mapToDouble(r -> number(r, TARGET)).average().orElse(0);
    double least = kept.stream().mapToDouble(r -> number(r, ACHIEVED)).min().orElse(0);
    long dropped = kept.stream().mapToLong(r -> (long) number(r, DROPPED)).sum();
    long errors = kept.stream().mapToLong(RunRow::errors).sum();
    return new Verdict(target, least, dropped, errors);
  }

  /** Orders 1.. (the warm first run dropped), or the only run. */
  static List<RunRow> kept(List<RunRow> rows) {
    return rows.size() > 1 ? rows.subList(1, rows.size()) : rows;
  }

  private static double number(RunRow r, String column) {
    Optional<String> v = r.extra(column);
    try {
      return v.isEmpty() || v.get().isBlank() ? 0 : Double.parseDouble(v.get().trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1000.0);
  }

  private static String decimal(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  /** A sum or maximum of columns the harness writes with at most 3 decimals. */
  private static String trim(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : decimal(v);
  }
}
