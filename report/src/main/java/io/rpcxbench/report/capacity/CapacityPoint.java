package io.rpcxbench.report.capacity;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.text.PrintfNumber;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One point of bench/capacity.sh as a {@code points.tsv} line: the harness's raw file of the point
 * (its kept runs, order 0 dropped: calls, time, the server's CPU and reads, the generator's cores,
 * the box's noise) and the cgroup snapshots the script took before and after the harness JVM
 * ({@link CgroupSnapshot}: the quota's CPU time and throttling over the whole JVM).
 *
 * <pre>{@code
 * CapacityPoint p = CapacityPoint.read(out.resolve("grpc/q0.2-n64"), 0, out);
 * String line = p.tsvLine();   // "grpc\t0.2\t64\t0-1\t6744\t0.200\t1.00\t..."
 * }</pre>
 */
record CapacityPoint(
    String protocol,
    String quota,
    String inFlight,
    String generatorCpus,
    KeptRuns runs,
    Optional<CgroupSnapshot> before,
    Optional<CgroupSnapshot> after,
    int harnessExit,
    String file) {

  /** The columns of {@code points.tsv}, in order. */
  static final List<String> COLUMNS =
      List.of(
          "protocol",
          "quota",
          "in_flight",
          "generator_cpus",
          "calls_per_s",
          "server_cores",
          "quota_used",
          "cgroup_cores_whole_jvm",
          "calls_per_server_core_s",
          "calls_per_server_read",
          "generator_cores_max",
          "throttled_share",
          "throttled_ms",
          "load1_before/runs_max/after",
          "psi_some_avg10_before/runs_max/after",
          "exit",
          "file");

  static final String BEFORE = "before";
  static final String AFTER = "after";
  private static final String NONE = "-";

  /**
   * The point in {@code folder}: its raw file (the first {@code .csv} under it), written by a
   * harness that exited {@code harnessExit}, named relative to {@code root}.
   */
  static CapacityPoint read(Path folder, int harnessExit, Path root) throws IOException {
    Path csv = resultFile(folder);
    RawContents c = RawResultFile.read(csv);
    if (!c.usable()) {
      throw new IOException(csv + ": " + String.join("; ", c.problems()));
    }
    return new CapacityPoint(
        c.provenance("protocol").orElse(NONE),
        c.provenance("server_cpu_quota")
            .orElseThrow(
                () ->
                    new IOException(csv + ": no server_cpu_quota: not a bench/capacity.sh point")),
        c.provenance("in_flight").orElse(NONE),
        c.provenance("generator_cpus").orElse(NONE),
        KeptRuns.of(c.rows()),
        CgroupSnapshot.read(folder.resolve(BEFORE)),
        CgroupSnapshot.read(folder.resolve(AFTER)),
        harnessExit,
        root.toAbsolutePath().relativize(csv.toAbsolutePath()).toString());
  }

  private static Path resultFile(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".csv") && Files.isRegularFile(f))
          .sorted()
          .findFirst()
          .orElseThrow(() -> new IOException(folder + ": no result file (*.csv)"));
    }
  }

  /** The line of {@code points.tsv}, tab-separated, numbers with a decimal point in any locale. */
  String tsvLine() {
    Optional<CgroupSnapshot> b = before.filter(x -> after.isPresent());
    Optional<CgroupSnapshot> a = after.filter(x -> before.isPresent());
    return String.join(
        "\t",
        protocol,
        quota,
        inFlight,
        generatorCpus,
        PrintfNumber.fixed(runs.callsPerSecond(), 0),
        PrintfNumber.fixed(runs.serverCores(), 3),
        quotaCores().map(q -> PrintfNumber.fixed(runs.serverCores() / q, 2)).orElse(NONE),
        a.map(x -> PrintfNumber.fixed(x.cpuCoresSince(b.get()), 3)).orElse(NONE),
        PrintfNumber.fixed(runs.callsPerServerCoreSecond(), 0),
        runs.callsPerServerRead().map(v -> PrintfNumber.fixed(v, 1)).orElse(NONE),
        PrintfNumber.fixed(runs.generatorCoresMax(), 2),
        a.flatMap(x -> x.throttledShareSince(b.get()))
            .map(s -> PrintfNumber.fixed(s, 2))
            .orElse(NONE),
        a.map(x -> PrintfNumber.fixed(x.throttledMillisSince(b.get()), 1)).orElse(NONE),
        beforeRunsAfter(
            b.map(x -> PrintfNumber.fixed(x.load1(), 2)),
            PrintfNumber.fixed(runs.loadMax(), 1),
            a.map(x -> PrintfNumber.fixed(x.load1(), 2))),
        beforeRunsAfter(
            b.map(CgroupSnapshot::cpuPressureSome).map(p -> PrintfNumber.fixed(p, 2)),
            PrintfNumber.fixed(runs.cpuPressureMax(), 0),
            a.map(CgroupSnapshot::cpuPressureSome).map(p -> PrintfNumber.fixed(p, 2))),
        String.valueOf(harnessExit),
        file);
  }

  /** The quota in cores; empty for a whole core ({@code max}). */
  private Optional<Double> quotaCores() {
    return quota.equals("max") ? Optional.empty() : Optional.of(Double.parseDouble(quota));
  }

  private static String beforeRunsAfter(
      Optional<String> before, String runsMax, Optional<String> after) {
    return before.orElse(NONE) + "/" + runsMax + "/" + after.orElse(NONE);
  }

  /**
   * The sums and maxima of a point's kept runs (order 0 dropped). A column a file lacks counts 0,
   * as a run that did not measure it.
   */
  record KeptRuns(
      long calls,
      double seconds,
      double serverCpuSeconds,
      double serverReads,
      double generatorCoresMax,
      double loadMax,
      double cpuPressureMax) {

    static KeptRuns of(List<RunRow> rows) {
      List<RunRow> kept = io.rpcxbench.raw.KeepRule.kept(rows);
      long calls = 0;
      double seconds = 0;
      double cpu = 0;
      double reads = 0;
      double cores = 0;
      double load = 0;
      double pressure = 0;
      for (RunRow r : kept) {
        calls += r.calls();
        seconds += r.timeTotal() / 1000;
        cpu += extra(r, "server_cpu_s");
        reads += extra(r, "server_reads");
        cores = Math.max(cores, extra(r, "client_cores"));
        load = Math.max(load, extra(r, "noise_load"));
        pressure = Math.max(pressure, extra(r, "noise_cpu_pressure"));
      }
      if (io.rpcxbench.raw.ServerReads.of(kept) == io.rpcxbench.raw.ServerReads.NOT_COUNTED) {
        reads = 0; // a server reading with recv: its few counted reads carried no calls
      }
      return new KeptRuns(calls, seconds, cpu, reads, cores, load, pressure);
    }

    double callsPerSecond() {
      return seconds > 0 ? calls / seconds : 0;
    }

    double serverCores() {
      return seconds > 0 ? serverCpuSeconds / seconds : 0;
    }

    double callsPerServerCoreSecond() {
      return serverCpuSeconds > 0 ? calls / serverCpuSeconds : 0;
    }

    /** Empty when the server's reads were not counted (or not measured). */
    Optional<Double> callsPerServerRead() {
      return serverReads > 0 ? Optional.of(calls / serverReads) : Optional.empty();
    }

    private static double extra(RunRow r, String column) {
      return r.extra(column).filter(v -> !v.isEmpty()).map(Double::parseDouble).orElse(0.0);
    }
  }
}
