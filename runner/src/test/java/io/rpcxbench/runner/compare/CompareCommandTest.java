package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.LineServerMain;
import io.rpcxbench.runner.RpcxBenchCommand;
import io.rpcxbench.runner.TestJars;
import io.rpcxbench.runner.point.RunTls;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rpcx-bench compare's two modes, its help, its usage errors, and what it gives the harness. */
class CompareCommandTest {
  record Outcome(int code, String out, String err) {}

  static Outcome compare(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    picocli.CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    String[] all = new String[args.length + 1];
    all[0] = "compare";
    System.arraycopy(args, 0, all, 1, args.length);
    int code = cl.execute(all);
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void helpShowsBothModesWithAnExampleEachAndTheExitCodes() {
    Outcome o = compare("--help");
    assertThat(o.code()).isZero();
    assertThat(o.out())
        .contains("Example: rpcx-bench compare --variants rpcx,grpc")
        .contains("Example: rpcx-bench compare results/before results/after")
        .contains(
            "--in-flight=LIST",
            "--warmup=DURATION",
            "--warmup-mode=fixed|steady",
            "--max-steal=PCT")
        .contains("Exit codes: rpcx-bench help exit-codes")
        .contains(
            "Example: rpcx-bench compare --base-jar old.jar --new-jar new.jar --protocol rpcx")
        .contains("--base-jar=OLD.jar", "--new-jar=NEW.jar", "--threshold=EXPR");
  }

  @Test
  void theCommandListShowsEverySubcommandsSummaryWhole() {
    StringWriter out = new StringWriter();
    picocli.CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    assertThat(cl.execute("--help")).isZero();
    String help = out.toString();
    String commands = help.substring(help.indexOf("Commands"), help.indexOf("Exit codes:"));
    assertThat(commands)
        .containsPattern("compare +Protocols side by side here, or two result folders diffed\\.")
        .containsPattern("choose +Which protocol meets a latency objective at the highest load\\.")
        .containsPattern("handshake +What a new connection costs, plaintext and over TLS\\.")
        .doesNotContainPattern("(?m)^ +repeat ")
        .containsPattern(
            "calibrate +How sure can a verdict be on this machine\\? An A/A of one protocol\\.")
        .doesNotContain("the highest open-loop rate");
    List<String> rows = commands.lines().skip(1).filter(l -> !l.isBlank()).toList();
    assertThat(rows).hasSize(10).allSatisfy(l -> assertThat(l).startsWith("  ").endsWith("."));
  }

  @Test
  void aPlacementOtherThanPinnedOrUnpinnedIsBadUsage() {
    Outcome o = compare("--variants", "rpcx", "--placement", "loose");
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err())
        .startsWith("error: ")
        .contains("--placement", "expected one of [pinned, unpinned]", "'loose'");
  }

  @Test
  void badUsageExits2WithOneLineNamingTheOption() {
    Map<List<String>, String> cases =
        Map.of(
            List.of("--variants", "rpcx", "--warmup", "lukewarm"), "'lukewarm' is not a duration",
            List.of("--variants", "rpcx", "--threads", "none", "--in-flight", "none"),
                "no point left to run",
            List.of("--variants", "rpcx", "--in-flight", "0"), "'0' is not a positive count",
            List.of("--variants", "rpcx", "--warmup-tolerance", "lots"), "not a percentage",
            List.of("--variants", "nope"), "--variants: unknown protocol 'nope'; known: ",
            List.of("--variants", "rpcx", "--warmup-runs", "4"), "--warmup-runs must be 0..3",
            List.of("--variants", "rpcx", "--max-steal", "101"), "--max-steal must be 0..100",
            List.of("--variants", "rpcx", "--divisors", "grpc=4"), "--divisors: bad item",
            List.of("--variants", "rpcx", "--nope"), "unknown option '--nope'",
            List.of("results/one"), "give two result folders (BASE NEW) to diff");
    cases.forEach(
        (args, message) -> {
          Outcome o = compare(args.toArray(new String[0]));
          assertThat(o.code()).as(args.toString()).isEqualTo(2);
          assertThat(o.err()).as(args.toString()).startsWith("error: ").contains(message);
        });
  }

  @Test
  void compareGivesEveryHarnessItsRunTimeWhichTheHarnessJudgesBeforeAnyServer() {
    Outcome zero = compare("--variants", "rpcx", "--run-time", "0s");
    assertThat(zero.code()).isEqualTo(2);
    assertThat(zero.err()).startsWith("error: ").contains("--run-time must be a positive duration");
    Outcome twice = compare("--variants", "rpcx", "--", "--run-time", "1s");
    assertThat(twice.code()).isEqualTo(2);
    assertThat(twice.err()).contains("--run-time is compare's own (default 2s): give it before");
    Outcome warmTwice = compare("--variants", "rpcx", "--", "--warmup-max=5s");
    assertThat(warmTwice.code()).isEqualTo(2);
    assertThat(warmTwice.err())
        .contains("--warmup-max is compare's own (a warm-up option): give it before \"--\"");
  }

  @Test
  void aUnitGivesTheHarnessItsLoadWarmUpServerAndFolder() {
    ComparePlan plan =
        ComparePlan.of("64", "64", "10", Map.of("grpc", 4), List.of("rpcx", "grpc"), 2);
    CompareSettings s =
        settings(plan, WarmupPlan.steady(Duration.ofSeconds(1), Duration.ofSeconds(30)));
    ComparePlan.Unit u = new ComparePlan.Unit(plan.points().get(1), 1, "grpc");
    assertThat(plan.units()).contains(u);
    Path dir = s.unitDir(u);
    assertThat(dir).isEqualTo(Path.of("/r/out/raw/inflight-64/round1/grpc"));
    long server = ProcessHandle.current().pid(); // the harness checks that a server's pid runs
    List<String> args = s.point(u, 4711, dir).serverPid("grpc", server).request().args();
    assertThat(String.join(" ", args))
        .startsWith("--protocol grpc ")
        .contains(
            "--requests 3",
            "--warmup-mode steady",
            "--warmup-max 30s",
            "--runs 4",
            "--host 127.0.0.1",
            "--port grpc=4711",
            "--server-pid grpc=" + server,
            "--out /r/out/raw/inflight-64/round1/grpc --force",
            "--in-flight 64",
            "--call items",
            "--items 10",
            "--provenance trial=1",
            "--provenance trials=2",
            "--provenance round=1",
            "--provenance order_index=" + (plan.order(1).indexOf("grpc") + 1),
            "--provenance round_order=" + String.join(" ", plan.order(1)),
            "--provenance order_seed=24001");
  }

  @Test
  void theMethodTextSaysHowItWasMeasured() {
    ComparePlan plan = ComparePlan.of("1", "none", "10", Map.of(), List.of("rpcx", "grpc"), 3);
    CompareSettings s = settings(plan, WarmupPlan.fixed(Duration.ofSeconds(5)));
    String section = s.docSection(List.of("cpus: 2 (x)"), "### Closed loop\n");
    assertThat(section)
        .startsWith("## Side by side (rpcx-bench compare)\n\nCommand: `flock")
        .contains("- cpus: 2 (x)\n")
        .contains(
            "3 rounds; in each every variant ran once as a trial: a fresh server JVM and a fresh"
                + " harness\nJVM, which first warmed up (a fixed 5s)")
        .contains("4 runs; orders 0..0 are dropped")
        .contains("more than 5 %\nwas run again (up to 2 times")
        .endsWith("### Closed loop\n");
    assertThat(s.describe())
        .contains("steal limit: 5 % per harness JVM, up to 2 re-runs")
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith(
                        "points: closed-loop thread counts 1, in-flight counts none; calls per"
                            + " thread (slot) per run: 10 (divided by: none); rounds: 3"));
  }

  @Test
  void badBuildsExit2WithOneLineBeforeAnyWork(@TempDir Path work) throws Exception {
    Path good = TestJars.serverJar(work.resolve("a"), "server-rpcx.jar", LineServerMain.class);
    Path copy = Files.copy(good, Files.createDirectories(work.resolve("b")).resolve("copy.jar"));
    Path text = Files.writeString(work.resolve("notes.jar"), "not a zip");
    Path noMain = work.resolve("nomain.jar");
    try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(noMain), new Manifest())) {
      j.flush();
    }
    String g = good.toString();
    String c = copy.toString();
    Map<List<String>, String> cases = new java.util.LinkedHashMap<>();
    cases.put(
        List.of("--base-jar", work.resolve("old.jar").toString(), "--new-jar", g),
        "--base-jar: no file " + work.resolve("old.jar"));
    cases.put(List.of("--base-jar", g, "--new-jar", text.toString()), "--new-jar: ");
    cases.put(List.of("--base-jar", g, "--new-jar", noMain.toString()), "has no Main-Class");
    cases.put(
        List.of("--base-jar", g, "--new-jar", work.resolve("a/../a/server-rpcx.jar").toString()),
        "--base-jar and --new-jar are the same file (" + good + "): give two builds");
    cases.put(List.of("--base-jar", g), "--base-jar needs --new-jar");
    cases.put(List.of("--new-jar", g), "--new-jar needs --base-jar");
    cases.put(List.of("--base-jar", c, "--new-jar", g), "--base-jar copy.jar: give --protocol ID");
    cases.put(
        List.of("--protocol", "rpcx,grpc", "--base-jar", g, "--new-jar", c),
        "--protocol: with --base-jar and --new-jar one protocol");
    cases.put(
        List.of("--base-jar", g, "--new-jar", c, "--write-doc"),
        "--write-doc: the side-by-side tables of --variants");
    cases.put(
        List.of("--base-jar", g, "--new-jar", c, "--threshold", "delta.p99<<"), "delta.p99<<");
    cases.put(
        List.of("--variants", "rpcx", "--threshold", "delta.p99<10%"),
        "--threshold: a gate on a diff");
    cases.put(List.of("--base-jar", g, "--new-jar", c, "results/x"), "with --base-jar/--new-jar");
    cases.put(
        List.of("--variants", "rpcx", "--new-server-args", "--work 5us"),
        "--new-server-args: the arguments of one side's server, with --base-jar and --new-jar");
    cases.put(
        List.of(
            "--base-jar",
            g,
            "--new-jar",
            g,
            "--base-server-args",
            "--work 5us",
            "--new-server-args",
            "--work  5us"),
        "--base-jar and --new-jar are the same file");
    Path out = work.resolve("out");
    cases.forEach(
        (args, message) -> {
          List<String> all = new java.util.ArrayList<>(args);
          all.addAll(List.of("--out", out.toString()));
          Outcome o = compare(all.toArray(new String[0]));
          assertThat(o.code()).as(args.toString()).isEqualTo(2);
          assertThat(o.err()).as(args.toString()).startsWith("error: ").contains(message);
          assertThat(o.err().strip().lines().findFirst().orElseThrow())
              .as(args.toString())
              .contains(message);
          assertThat(out).as(args.toString()).doesNotExist();
        });
    assertThat(
            compare("--base-jar", g, "--new-jar", text.toString(), "--out", out.toString()).err())
        .contains(text + " is not a jar (");
  }

  /** --quick: the fewest rounds that test, short runs, none added; what was given wins. */
  @Test
  void aQuickLookIsFourRoundsOfShortRunsAndWhatIsGivenWins(@TempDir Path work) throws Exception {
    Path a = TestJars.serverJar(work.resolve("a"), "server-rpcx.jar", LineServerMain.class);
    Path b = Files.copy(a, Files.createDirectories(work.resolve("b")).resolve("server-rpcx.jar"));
    CompareSettings s =
        parsed(
            "--protocol",
            "rpcx",
            "--base-jar",
            a.toString(),
            "--new-jar",
            b.toString(),
            "--quick",
            "--threshold",
            "delta.p50<10%",
            "--out",
            work.resolve("q").toString());
    assertThat(s.plan().rounds()).isEqualTo(CompareRoundOptions.QUICK_ROUNDS).isEqualTo(4);
    assertThat(s.mostRounds()).isEqualTo(4);
    assertThat(s.runs()).isEqualTo(3);
    assertThat(s.harnessExtra()).containsSubsequence("--run-time", "1s");
    assertThat(s.warmup()).isEqualTo(CompareCommand.QUICK_WARMUP);
    assertThat(s.warmup().text()).isEqualTo("a fixed 1s");
    // a trial of 5 s (JVMs) + 1 s + 3 x 1 s: 8 trials in about 72 s
    assertThat(CompareForecast.trialSeconds(s)).contains(9);
    assertThat(CompareForecast.lines(s, java.util.Optional.empty()).get(0))
        .startsWith("plan: 1 point x 4 rounds x 2 builds = 8 trials, about 72 s");
    assertThat(CompareForecast.quickLine(s))
        .startsWith(
            "quick: 4 rounds of 3 short runs a trial, none added: the same test at the same"
                + " 5 % false-positive rate, with less power");
    CompareSettings given =
        parsed(
            "--protocol",
            "rpcx",
            "--base-jar",
            a.toString(),
            "--new-jar",
            b.toString(),
            "--quick",
            "--rounds",
            "5",
            "--run-time",
            "2s",
            "--warmup-max",
            "5s",
            "--out",
            work.resolve("q2").toString());
    assertThat(given.plan().rounds()).isEqualTo(5);
    assertThat(given.warmup().steady().max()).isEqualTo(Duration.ofSeconds(5));
    assertThat(given.harnessExtra()).containsSubsequence("--run-time", "2s");
    Outcome o = compare("--variants", "rpcx", "--quick", "--out", work.resolve("q3").toString());
    assertThat(o.code()).isEqualTo(2);
    assertThat(o.err()).contains("--quick is for two builds (--base-jar/--new-jar)");
  }

  /**
   * --compression, the harness's group mixed in: every run of every variant gets it (and its file
   * says gzip-); a variant whose stack has no such codec is refused before any server starts.
   */
  @Test
  void theCompressionReachesEveryRunAndIsRefusedWhereTheStackHasNone() throws Exception {
    CompareSettings s =
        parsed(
            "--variants",
            "grpc,http-json",
            "--threads",
            "1",
            "--compression",
            "gzip",
            "--out",
            Files.createTempDirectory("compare-gzip").toString());
    assertThat(s.harnessExtra()).containsSubsequence("--compression", "gzip");
    ComparePlan.Unit u = s.plan().units().get(0);
    assertThat(s.point(u, 8082, Path.of("/r/out/x")).request().args())
        .containsSubsequence("--compression", "gzip");
    Outcome refused = compare("--variants", "grpc,rpcx", "--threads", "1", "--compression", "gzip");
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err())
        .contains("--compression gzip: protocol rpcx has no compression in its stack");
  }

  /** Settings as the command checks them, with an install whose report jar is there. */
  private static CompareSettings parsed(String... args) throws java.io.IOException {
    Path home = Files.createTempDirectory("compare-home");
    Path report = Files.createDirectories(home.resolve("report/target")).resolve("report.jar");
    Files.writeString(report, "");
    CompareCommand c =
        new CompareCommand(new io.rpcxbench.runner.point.Install(home, "java", report));
    new picocli.CommandLine(c).parseArgs(args);
    return c.settings();
  }

  @Test
  void roundsAreAddedOneAtATimeUpToTheMostAndTheDiffLooksAtTheDesignsLevel() {
    JarPair jars =
        new JarPair(
            "rpcx", Path.of("/j/old.jar"), Path.of("/j/new.jar"), "a".repeat(64), "b".repeat(64));
    ComparePlan plan = ComparePlan.of("8", "none", "100", Map.of(), JarPair.SIDES, 6);
    CompareSettings base = settings(plan, WarmupPlan.fixed(Duration.ofSeconds(2)));
    CompareSettings s = builds(base, jars, List.of("delta.p50<10%"), 8);
    assertThat(CompareReport.diffRequest(s, 6).design())
        .isEqualTo(new io.rpcxbench.stats.Sequential(6, 8));
    CompareSettings seven = s.withRoundAdded();
    assertThat(seven.plan().rounds()).isEqualTo(7);
    assertThat(seven.mayAddRound()).isTrue();
    CompareSettings eight = seven.withRoundAdded();
    assertThat(eight.mayAddRound()).isFalse();
    // the new round's units are the only ones not measured before
    assertThat(eight.plan().units().stream().filter(u -> u.round() == 8)).hasSize(2);
  }

  @Test
  void maxRoundsWithoutAGateOrBelowTheRoundsIsBadUsage() {
    Outcome noGate = compare("--variants", "rpcx", "--threads", "1", "--max-rounds", "9");
    assertThat(noGate.code()).isEqualTo(2);
    assertThat(noGate.err())
        .contains("--max-rounds: rounds are added only while a gate of --base-jar/--new-jar");
  }

  @Test
  void aTrialOfABuildRunsItsProtocolAndRecordsItsSideJarAndPlace() {
    JarPair jars =
        new JarPair(
            "rpcx", Path.of("/j/old.jar"), Path.of("/j/new.jar"), "a".repeat(64), "b".repeat(64));
    ComparePlan plan = ComparePlan.of("8", "none", "100", Map.of(), JarPair.SIDES, 6);
    CompareSettings base = settings(plan, WarmupPlan.fixed(Duration.ofSeconds(2)));
    CompareSettings s = builds(base, jars, List.of("delta.p50<10%"), 0);
    ComparePlan.Unit u = new ComparePlan.Unit(plan.points().get(0), 3, JarPair.NEW);
    assertThat(s.unitDir(u)).isEqualTo(Path.of("/r/out/new/closed-8/round3"));
    List<String> args = s.point(u, 4711, s.unitDir(u)).request().args();
    assertThat(String.join(" ", args))
        .startsWith("--protocol rpcx --threads 8 --requests 100")
        .contains(
            "--warmup PT2S",
            "--runs 4",
            "--port rpcx=4711",
            "--out /r/out/new/closed-8/round3 --force")
        .contains(
            "--provenance trial=3",
            "--provenance trials=6",
            "--provenance round=3",
            "--provenance order_index=" + (plan.order(3).indexOf("new") + 1),
            "--provenance build=new",
            "--provenance server_jar=/j/new.jar",
            "--provenance server_jar_sha256=" + "b".repeat(64));
    assertThat(s.describe())
        .contains(
            "base build: /j/old.jar (sha256 aaaaaaaaaaaaaaaa), serving rpcx",
            "new build: /j/new.jar (sha256 bbbbbbbbbbbbbbbb), serving rpcx");
    io.rpcxbench.verdict.diff.DiffVerdict.Request diff = CompareReport.diffRequest(s, 6);
    assertThat(diff.base()).isEqualTo(Path.of("/r/out/base"));
    assertThat(diff.next()).isEqualTo(Path.of("/r/out/new"));
    assertThat(diff.thresholds())
        .extracting(io.rpcxbench.stats.Threshold::expression)
        .containsExactly("delta.p50<10%");
    assertThat(diff.design()).isEqualTo(io.rpcxbench.stats.Sequential.fixed(1));
  }

  private static CompareSettings settings(ComparePlan plan, WarmupPlan warmup) {
    return new CompareSettings(
        plan,
        warmup,
        4,
        1,
        5,
        2,
        CompareCommand.DEFAULT_JVM_FLAGS,
        Path.of("/r/out"),
        null,
        false,
        Path.of("/r/docs/performance.md"),
        List.of("--call", "items", "--items", "10"),
        "bench/compare.sh --rounds 3",
        Path.of("/r"),
        RunTls.of("off", Path.of("/r/out")),
        null,
        List.of(),
        0,
        null);
  }

  @Test
  void tlsGivesEveryHarnessTheRunsAuthorityAndRefusesAProtocolWithoutTls() {
    ComparePlan plan =
        ComparePlan.of("64", "64", "10", Map.of("grpc", 4), List.of("rpcx", "grpc"), 2);
    CompareSettings off = settings(plan, WarmupPlan.fixed(Duration.ofSeconds(5)));
    CompareSettings mtls =
        new CompareSettings(
            off.plan(),
            off.warmup(),
            off.runs(),
            off.warmupRuns(),
            off.maxSteal(),
            off.retries(),
            off.jvmFlags(),
            off.out(),
            off.targets(),
            off.writeDoc(),
            off.doc(),
            off.harnessExtra(),
            off.commandLine(),
            off.home(),
            RunTls.of("mtls", off.out()),
            null,
            List.of(),
            0,
            null);
    ComparePlan.Unit u = plan.units().get(0);
    assertThat(off.point(u, 8081, Path.of("/r/out/x")).request().args()).doesNotContain("--tls-ca");
    assertThat(mtls.point(u, 8081, Path.of("/r/out/x")).request().args())
        .containsSubsequence("--tls-ca", "/r/out/tls/ca.pem")
        .containsSubsequence("--tls-cert", "/r/out/tls/client.pem");
    assertThat(mtls.describe()).contains("tls: mtls (a test authority made for the comparison)");

    // every catalog stack has TLS now: the tests' line plug-in has none
    Outcome o = compare("--variants", "rpcx,line", "--threads", "1", "--tls", "tls");
    assertThat(o.code()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).contains("--tls-ca: protocol line has no TLS wired");
    Outcome bad = compare("--variants", "rpcx", "--threads", "1", "--tls", "ssl3");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("--tls must be one of off, tls, mtls, got 'ssl3'");
  }

  /** {@code base} as a comparison of two builds, with gates and the rounds at most. */
  private static CompareSettings builds(
      CompareSettings base, JarPair jars, List<String> thresholds, int mostRounds) {
    return new CompareSettings(
        base.plan(),
        base.warmup(),
        base.runs(),
        base.warmupRuns(),
        base.maxSteal(),
        base.retries(),
        base.jvmFlags(),
        base.out(),
        null,
        false,
        base.doc(),
        List.of(),
        base.commandLine(),
        base.home(),
        base.tls(),
        jars,
        thresholds.stream()
            .map(t -> io.rpcxbench.stats.Threshold.parse(t, io.rpcxbench.stats.Threshold.DIFF))
            .toList(),
        mostRounds,
        null);
  }
}
