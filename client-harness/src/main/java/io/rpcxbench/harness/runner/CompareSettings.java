package io.rpcxbench.harness.runner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One side-by-side comparison, checked ({@link CompareCommand} makes it): the plan, each harness
 * JVM's warm-up and runs, the steal limit, the one set of JVM flags of servers and clients (the one
 * variable is the protocol), where the results go and whether the document gets the tables.
 *
 * @param runs runs per harness JVM
 * @param warmupRuns the first runs of each JVM the tables leave out
 * @param maxSteal % of CPU time the hypervisor may take during a harness JVM before it is rerun
 * @param retries how often at most
 * @param targets the goals {@code report compare --targets} checks, or null
 * @param doc the document {@code writeDoc} replaces the compare section of
 * @param harnessExtra harness options for every run (after "--")
 * @param commandLine how the user started it, for the document
 * @param home the repository (or deploy folder) the jars are found in
 * @param tls the servers' and harnesses' TLS ({@code --tls}), its files under {@code out/tls}
 */
record CompareSettings(
    ComparePlan plan,
    CompareWarmup warmup,
    int runs,
    int warmupRuns,
    int maxSteal,
    int retries,
    String jvmFlags,
    Path out,
    Path targets,
    boolean writeDoc,
    Path doc,
    List<String> harnessExtra,
    String commandLine,
    Path home,
    RunTls tls) {
  static final String HOST = "127.0.0.1";

  CompareSettings {
    harnessExtra = List.copyOf(harnessExtra);
    if (runs < 1) {
      throw new IllegalArgumentException("--runs must be a positive count, got '" + runs + "'");
    }
    if (warmupRuns < 0 || warmupRuns >= runs) {
      throw new IllegalArgumentException(
          "--warmup-runs must be 0.." + (runs - 1) + " (below --runs), got '" + warmupRuns + "'");
    }
    if (maxSteal < 0 || maxSteal > 100) {
      throw new IllegalArgumentException("--max-steal must be 0..100 (%), got '" + maxSteal + "'");
    }
    if (retries < 0) {
      throw new IllegalArgumentException("--retries must be a count, got '" + retries + "'");
    }
  }

  List<String> jvmFlagList() {
    return jvmFlags.isBlank() ? List.of() : List.of(jvmFlags.trim().split("\\s+"));
  }

  /** The folder a unit's raw file goes in (report compare reads raw/POINT/roundK/VARIANT/). */
  Path unitDir(ComparePlan.Unit u) {
    return out.resolve("raw")
        .resolve(u.point().name())
        .resolve("round" + u.round())
        .resolve(u.variant());
  }

  /** The harness arguments of {@code u}, its file under {@code dir}. */
  List<String> harnessArgs(ComparePlan.Unit u, int port, List<String> serverStats, Path dir) {
    List<String> a = new ArrayList<>(List.of("--protocol", u.variant()));
    a.addAll(u.point().loadArgs(plan.requests(u.variant(), u.point())));
    a.addAll(warmup.args());
    a.addAll(List.of("--runs", String.valueOf(runs), "--host", HOST));
    a.addAll(List.of("--port", u.variant() + "=" + port));
    a.addAll(serverStats);
    a.addAll(List.of("--out", dir.toString(), "--force"));
    a.addAll(tls.clientArgs());
    a.addAll(harnessExtra);
    return a;
  }

  /** The settings' lines of machine.txt (after the machine's and the placement). */
  List<String> describe() {
    return List.of(
        "jvm flags (servers and clients): " + jvmFlags,
        "tls: " + tls.mode() + (tls.on() ? " (a test authority made for the comparison)" : ""),
        "steal limit: " + maxSteal + " % per harness JVM, up to " + retries + " re-runs",
        String.format(
            Locale.ROOT,
            "points: closed loop at %s thread counts, %s calls in flight; calls per thread (slot)"
                + " per run: %s (divided by: %s); rounds: %d; per JVM: warm-up %s, then %d runs"
                + " (first %d dropped)",
            plan.countsText(ComparePoint.Kind.CLOSED),
            plan.countsText(ComparePoint.Kind.INFLIGHT),
            plan.requestsSpec(),
            plan.divisorsText(),
            plan.rounds(),
            warmup.text(),
            runs,
            warmupRuns));
  }

  /**
   * The compare section of docs/performance.md: the command, the machine, how it was measured (this
   * text must stay true of {@link CompareRounds} and report compare), then the tables.
   */
  String docSection(List<String> machine, String tables) {
    StringBuilder b = new StringBuilder();
    b.append("## Side by side (rpcx-bench compare)\n\n");
    b.append("Command: `flock /tmp/rpcx-bench-measure.lock ").append(commandLine).append("`\n\n");
    machine.forEach(l -> b.append("- ").append(l).append('\n'));
    String dropped =
        warmupRuns == 0 ? "no order is dropped" : "orders 0.." + (warmupRuns - 1) + " are dropped";
    b.append(
        String.format(
            Locale.ROOT,
            """

            %d rounds; a round is one harness JVM, which first warmed up (%s) and then made
            %d runs; %s. Calls/s: the mean of the rounds' calls/s (a round's:
            its kept runs' calls over their time) with its 95 %% t interval, min-max beside it; p50 and p99: of the
            merged histogram of the kept runs of every round, with a 95 %% bootstrap interval over rounds (the
            estimator is in each header; docs/performance.md, "Estimators"). Within a point the rounds alternate
            the variants, each round in its own seeded random order. CPU µs/call: the harness's own CPU time and the
            server process's (--server-pid, /proc/PID/stat) over the kept runs, divided by their calls. Limited by:
            the harness's limited_by of the kept runs (client or server: that side used at least 90 %% of the cores
            it may run on; none: neither did, the calls waited on each other). Steal: the share of CPU time the
            hypervisor took from this VM while a harness JVM ran (/proc/stat); a JVM with more than %d %%
            was run again (up to %d times; the attempt with the least steal counts).

            """,
            plan.rounds(),
            warmup.text(),
            runs,
            dropped,
            maxSteal,
            retries));
    b.append(tables);
    return b.toString();
  }
}
