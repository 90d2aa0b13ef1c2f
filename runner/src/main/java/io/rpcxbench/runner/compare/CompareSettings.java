package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.point.RunTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One side-by-side comparison, checked ({@link CompareCommand} makes it): the plan, each harness
 * JVM's warm-up and runs, the steal limit, the one set of JVM flags of servers and clients (the one
 * variable is the protocol, or with {@code jars} the server's build), where the results go and
 * whether the document gets the tables. A unit of the plan is a trial: a fresh server JVM and a
 * fresh harness JVM, its file recording its round and its place in the round's order.
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
 * @param jars with {@code --base-jar}/{@code --new-jar} the two builds (the plan's candidates are
 *     then their sides, {@code base} and {@code new}); null for {@code --variants}
 * @param thresholds with {@code jars}: the {@code --threshold}s report diff checks at the end
 * @param mostRounds the rounds at most: rounds are added one at a time while a gate is undecided
 *     (the plan's rounds when none may be added)
 * @param windows with {@code --pairing windows} how a round's variants take turns ({@link
 *     WindowPairing}); null: each variant a trial of its own, one after another
 */
record CompareSettings(
    ComparePlan plan,
    WarmupPlan warmup,
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
    RunTls tls,
    JarPair jars,
    List<io.rpcxbench.stats.Threshold> thresholds,
    int mostRounds,
    WindowPairing windows) {
  static final String HOST = "127.0.0.1";

  CompareSettings {
    harnessExtra = List.copyOf(harnessExtra);
    thresholds = List.copyOf(thresholds);
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

  /** These settings with a round more, up to {@link #mostRounds}. */
  CompareSettings withRoundAdded() {
    ComparePlan p = plan;
    return new CompareSettings(
        new ComparePlan(p.points(), p.requestsSpec(), p.divisors(), p.variants(), p.rounds() + 1),
        warmup,
        runs,
        warmupRuns,
        maxSteal,
        retries,
        jvmFlags,
        out,
        targets,
        writeDoc,
        doc,
        harnessExtra,
        commandLine,
        home,
        tls,
        jars,
        thresholds,
        mostRounds,
        windows);
  }

  /** How the round's variants are paired, as the files' {@code pairing} key says it. */
  String pairingText() {
    return windows == null
        ? "trials: each variant a trial of its own, one after another in the round's order"
        : windows.text();
  }

  /** Whether a round may still be added. */
  boolean mayAddRound() {
    return plan.rounds() < mostRounds;
  }

  List<String> jvmFlagList() {
    return jvmFlags.isBlank() ? List.of() : List.of(jvmFlags.trim().split("\\s+"));
  }

  /** The protocol a candidate of the plan runs: itself, or with two builds the builds' protocol. */
  String protocol(String candidate) {
    return jars == null ? candidate : jars.protocol();
  }

  /**
   * The folder a unit's harness writes in (its file goes to {@code PROTOCOL/} under it): {@code
   * raw/POINT/roundK/VARIANT/} (report compare reads it), or with two builds {@code
   * SIDE/POINT/roundK/} (report diff reads base/ and new/).
   */
  Path unitDir(ComparePlan.Unit u) {
    if (jars != null) {
      return out.resolve(u.variant()).resolve(u.point().name()).resolve("round" + u.round());
    }
    return out.resolve("raw")
        .resolve(u.point().name())
        .resolve("round" + u.round())
        .resolve(u.variant());
  }

  /** Whether {@code u} ran before: its folder holds a complete raw file (a rerun keeps it). */
  boolean finished(ComparePlan.Unit u) {
    Path file = point(u, 1, unitDir(u)).request().resultFile();
    return Files.isDirectory(file.getParent()) && PointFiles.completeFileIn(file.getParent());
  }

  /** The harness's point of {@code u}, its server at {@code port}, its file under {@code dir}. */
  PointBuilder point(ComparePlan.Unit u, int port, Path dir) {
    PointBuilder point = HarnessPoints.point(protocol(u.variant()));
    u.point().load(point, plan.requests(u.variant(), u.point()));
    return point
        .options(warmup.args())
        .runs(runs)
        .target(HOST, port)
        .out(dir, true)
        .tls(tls.clientTls())
        .facts(trialProvenance(u))
        .options(harnessExtra);
  }

  /**
   * What a trial's file records of its place in the design: its round (also as {@code trial}, the
   * key report diff reads), its place in the round's seeded order (1-based) and that order; with
   * two builds its side and its jar's name and sha256.
   */
  Map<String, String> trialProvenance(ComparePlan.Unit u) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("trial", String.valueOf(u.round()));
    p.put("trials", String.valueOf(plan.rounds()));
    p.put("round", String.valueOf(u.round()));
    p.put("order_index", String.valueOf(plan.order(u.round()).indexOf(u.variant()) + 1));
    p.put("round_order", String.join(" ", plan.order(u.round())));
    p.put("order_seed", String.valueOf(ComparePlan.ORDER_SEED + u.round()));
    if (jars != null) {
      p.put("build", u.variant());
      p.put("server_jar", jars.jar(u.variant()).toString());
      p.put("server_jar_sha256", jars.sha256(u.variant()));
    }
    return p;
  }

  /** The settings' lines of machine.txt (after the machine's and the placement). */
  List<String> describe() {
    List<String> d = new ArrayList<>();
    if (jars != null) {
      for (String side : JarPair.SIDES) {
        d.add(
            side
                + " build: "
                + jars.jar(side)
                + " (sha256 "
                + jars.sha256(side).substring(0, 16)
                + "), serving "
                + jars.protocol());
      }
    }
    d.addAll(describeRun());
    return d;
  }

  private List<String> describeRun() {
    return List.of(
        "jvm flags (servers and clients): " + jvmFlags,
        "tls: " + tls.mode() + (tls.on() ? " (a test authority made for the comparison)" : ""),
        "pairing: " + pairingText(),
        "steal limit: " + maxSteal + " % per harness JVM, up to " + retries + " re-runs",
        "harness options of every run: "
            + (harnessExtra.isEmpty() ? "none" : String.join(" ", harnessExtra))
            + (harnessExtra.contains("--run-time")
                ? " (each run lasts --run-time; the calls per run below name the points)"
                : ""),
        String.format(
            Locale.ROOT,
            "points: closed-loop thread counts %s, in-flight counts %s; calls per thread (slot)"
                + " per run: %s (divided by: %s); rounds: %d, each a fresh server and harness JVM"
                + " per %s in a seeded random order; per JVM: warm-up %s, then %d runs (first %d"
                + " dropped)",
            plan.countsText(ComparePoint.Kind.CLOSED),
            plan.countsText(ComparePoint.Kind.INFLIGHT),
            plan.requestsSpec(),
            plan.divisorsText(),
            plan.rounds(),
            jars == null ? "variant" : "build",
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

            %d rounds; in each every variant ran once as a trial: a fresh server JVM and a fresh harness
            JVM, which first warmed up (%s) and then made %d runs; %s. Calls/s: the mean of the rounds' calls/s (a round's:
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
