package io.rpcxbench.runner.sweep;

import static io.rpcxbench.runner.sweep.SweepInProcessTest.sweep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.runner.RpcxBenchCommand;
import io.rpcxbench.runner.point.Placement;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
  @TempDir Path work;

  @Test
  void helpShowsAnExampleAndWhereTheExitCodesAre() {
    SweepInProcessTest.Outcome o = sweep("--help");
    assertThat(o.code()).isZero();
    assertThat(o.out())
        .contains("Example: rpcx-bench sweep --local", "Exit codes: rpcx-bench help exit-codes")
        .doesNotContain("another run holds the output folder's lock");
  }

  @Test
  void theDryRunPrintsThePointsInOrderWithTheHarnessesFileNames() {
    SweepInProcessTest.Outcome o =
        sweep(
            "--protocol",
            "line,scripted",
            "--threads",
            "10,20",
            "--requests",
            "100",
            "--out",
            work.toString(),
            "--dry-run",
            "--call",
            "echo",
            "--payload",
            "64");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .contains(
            "plan: 4 points; protocols line scripted; threads 10,20; requests 100; runs 10; limit 600s per point")
        .contains("harness options: --paper --call echo --payload 64")
        .contains("1/4 line t10 r100 " + work.resolve("line/echo-p64-t10-r100.csv"))
        .contains("4/4 scripted t20 r100 " + work.resolve("scripted/echo-p64-t20-r100.csv"));
  }

  /**
   * --compression, the harness's own group mixed in: every point gets it and its file says it
   * (gzip-); a protocol whose stack has no such codec is refused before any work.
   */
  @Test
  void theCompressionReachesEveryPointAndIsRefusedWhereTheStackHasNone() {
    SweepInProcessTest.Outcome o =
        sweep(
            "--protocol",
            "grpc",
            "--threads",
            "1",
            "--requests",
            "10",
            "--out",
            work.toString(),
            "--dry-run",
            "--compression",
            "gzip");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("harness options: --paper --compression gzip\n")
        .contains("1/1 grpc t1 r10 " + work.resolve("grpc/gzip-t1-r10.csv"));
    SweepInProcessTest.Outcome refused =
        sweep("--protocol", "line", "--out", work.toString(), "--dry-run", "--compression", "gzip");
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("--compression gzip: protocol line has no compression");
  }

  /**
   * --compression none,gzip: a dimension of the sweep (every point once per codec, its file and
   * series saying which); a protocol without one of the codecs is refused before any work, and a
   * point's harness takes one codec only.
   */
  @Test
  void severalCodecsAreADimension() {
    SweepInProcessTest.Outcome o =
        sweep(
            "--protocol",
            "grpc,http-json",
            "--threads",
            "1,2",
            "--requests",
            "10",
            "--out",
            work.toString(),
            "--dry-run",
            "--compression",
            "none,gzip");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("plan: 8 points")
        .contains("harness options: --paper\n")
        .contains("grpc t1 r10 compression=none " + work.resolve("grpc/t1-r10.csv"))
        .contains("grpc t1 r10 compression=gzip " + work.resolve("grpc/gzip-t1-r10.csv"))
        .contains("http-json t2 r10 compression=gzip " + work.resolve("http-json/gzip-t2-r10.csv"));
    SweepInProcessTest.Outcome refused =
        sweep(
            "--protocol",
            "grpc,rpcx",
            "--out",
            work.toString(),
            "--dry-run",
            "--compression",
            "none,gzip");
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("--compression gzip: protocol rpcx has no compression");
    assertThatThrownBy(
            () ->
                HarnessPoints.point("grpc")
                    .closed(1, 1)
                    .options(List.of("--compression", "none,gzip"))
                    .request())
        .hasMessageContaining(
            "--compression none,gzip: one point takes one codec (a sweep takes several");
  }

  /** --trials N: the dry run plans N trials (points, calls, files, time), as the run runs them. */
  @Test
  void theDryRunPlansEveryTrial() {
    String[] args = {
      "--protocol",
      "line",
      "--threads",
      "10,110",
      "--requests",
      "100",
      "--runs",
      "2",
      "--out",
      work.toString(),
      "--dry-run",
      "--seed",
      "40"
    };
    SweepInProcessTest.Outcome one = sweep(args);
    String[] six = java.util.Arrays.copyOf(args, args.length + 2);
    six[args.length] = "--trials";
    six[args.length + 1] = "6";
    SweepInProcessTest.Outcome o = sweep(six);
    assertThat(one.code()).as(one.err()).isZero();
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(one.out())
        .contains("plan: 2 points; protocols line; threads 10,110; requests 100; runs 2;")
        .contains("size: 2 points to run, ")
        .doesNotContain("trial");
    assertThat(o.out())
        .contains("plan: 12 points (6 trials of 2); protocols line; threads 10,110; requests 100;")
        .contains("size: 12 points to run, ")
        .contains("trials: 6, one after the other, each with fresh servers, into trial-1/ ..")
        .contains("(seed 40 + trial)")
        .doesNotContain("the seed is the clock's");
    java.util.List<String> points = o.out().lines().filter(l -> l.matches("\\d+/12 .*")).toList();
    assertThat(points).hasSize(12);
    for (int k = 1; k <= 6; k++) {
      Path trial = work.resolve("trial-" + k);
      assertThat(points.subList(2 * (k - 1), 2 * k))
          .allMatch(
              l ->
                  l.endsWith(" " + trial.resolve("line/t10-r100.csv"))
                      || l.endsWith(" " + trial.resolve("line/t110-r100.csv")))
          .as("trial %d", k);
    }
    // the calls and the time it may take: six trials' worth of the grid points, each at its limit
    SweepInProcessTest.Outcome oneJson = sweep(append(args, "--json"));
    SweepInProcessTest.Outcome json = sweep(append(six, "--json"));
    assertThat(number(json.out(), "planned_calls"))
        .isEqualTo(6 * number(oneJson.out(), "planned_calls"));
    assertThat(number(json.out(), "grid_points_max_ms"))
        .isEqualTo(6 * number(oneJson.out(), "grid_points_max_ms"));
    assertThat(o.out())
        .contains(
            String.format(
                java.util.Locale.ROOT, "%,d calls planned", number(json.out(), "planned_calls")));
    assertThat(json.out())
        .startsWith("{\"points\":12,")
        .contains("\"runs\":2,\"trials\":6,")
        .contains("{\"trial\":6,\"protocol\":\"line\"")
        .contains("\"file\":\"trial-6/line/t110-r100.csv\"");
  }

  private static long number(String json, String key) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\"" + key + "\":(\\d+)").matcher(json);
    assertThat(m.find()).as(key).isTrue();
    return Long.parseLong(m.group(1));
  }

  private static String[] append(String[] args, String... more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  @Test
  void theDryRunPrintsWhereALocalSweepPlacesItsServersAndClient() {
    SweepInProcessTest.Outcome pinned =
        sweep("--local", "--protocol", "line", "--out", work.toString(), "--dry-run");
    assertThat(pinned.code()).as(pinned.err()).isZero();
    Placement here = Placement.here();
    assertThat(pinned.out()).contains("placement: " + here.textInProcess());
    SweepInProcessTest.Outcome unpinned =
        sweep(
            "--local",
            "--placement",
            "unpinned",
            "--protocol",
            "line",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(unpinned.out()).contains("placement: not pinned (--placement unpinned)");
    SweepInProcessTest.Outcome remote =
        sweep("--host", "b", "--protocol", "line", "--out", work.toString(), "--dry-run");
    assertThat(remote.out())
        .contains("placement: servers on b, started elsewhere; client not pinned");
  }

  @Test
  void aBadPlacementOrOneWithoutLocalIsRefusedInOneLine() {
    SweepInProcessTest.Outcome bad =
        sweep("--local", "--placement", "loose", "--protocol", "line", "--dry-run");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().lines().findFirst().orElse(""))
        .startsWith("error: ")
        .contains("--placement", "expected one of [pinned, unpinned]", "'loose'");
    SweepInProcessTest.Outcome remote =
        sweep("--host", "b", "--placement", "pinned", "--protocol", "line", "--dry-run");
    assertThat(remote.code()).isEqualTo(2);
    assertThat(remote.err()).contains("--placement goes with --local");
  }

  @Test
  void aRunTimeReachesEveryPointsHarnessAndARateSweepRefusesIt() {
    SweepInProcessTest.Outcome timed =
        sweep(
            "--local",
            "--protocol",
            "line",
            "--threads",
            "1,8",
            "--requests",
            "100",
            "--run-time",
            "2s",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(timed.code()).as(timed.err()).isZero();
    assertThat(timed.out()).contains("harness options: --paper --run-time 2s\n");
    SweepInProcessTest.Outcome rates =
        sweep(
            "--protocol",
            "line",
            "--rates",
            "10",
            "--duration",
            "1s",
            "--run-time",
            "2s",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(rates.code()).isEqualTo(2);
    assertThat(rates.err()).contains("--run-time goes with --threads or --in-flight");
  }

  @Test
  void aRateSweepPassesItsWarmUpLoadToTheHarness() throws Exception {
    SweepInProcessTest.Outcome o =
        sweep(
            "--protocol",
            "line",
            "--rates",
            "10",
            "--duration",
            "1s",
            "--warmup-in-flight",
            "4",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .contains(
            "harness options: --warmup-mode steady --warmup-iteration 1s --warmup-tolerance 3%"
                + " --warmup-max 60s --warmup-in-flight 4");
  }

  @Test
  void aWarmUpOptionIsTheSweepsOwnBeforeDashesAndTheHarnessesAfterThemButNotBoth()
      throws Exception {
    SweepInProcessTest.Outcome both =
        sweep(
            "--protocol",
            "line",
            "--threads",
            "1",
            "--requests",
            "10",
            "--warmup-max",
            "3s",
            "--out",
            work.toString(),
            "--dry-run",
            "--",
            "--warmup-iteration",
            "500ms");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err())
        .contains(
            "--warmup-iteration is the sweep's own (a warm-up option): give it before \"--\"");
    SweepInProcessTest.Outcome after =
        sweep(
            "--protocol",
            "line",
            "--threads",
            "1",
            "--requests",
            "10",
            "--out",
            work.toString(),
            "--dry-run",
            "--",
            "--warmup",
            "1s");
    assertThat(after.code()).as(after.err()).isZero();
    assertThat(after.out()).contains("harness options: --warmup 1s\n");
    SweepInProcessTest.Outcome paper =
        sweep(
            "--protocol",
            "line",
            "--threads",
            "1",
            "--requests",
            "10",
            "--paper",
            "--warmup-max",
            "3s",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(paper.code()).isEqualTo(2);
    assertThat(paper.err()).contains("--paper is the paper's cold method, no warm-up");
  }

  @Test
  void aPlanOverAThousandPointsOrAnHourIsRefusedWithoutATerminalUnlessYes() throws Exception {
    // 1,100 grid points: the plan's size is in the dry run, and the sweep refuses to start it
    Object[] many = {"--protocol", "line", "--threads", "1:1100:1", "--requests", "10"};
    SweepInProcessTest.Outcome dry = sweep(with(many, "--out", work.toString(), "--dry-run"));
    assertThat(dry.code()).as(dry.err()).isZero();
    assertThat(dry.out())
        .contains("size: 1,100 points to run, 60,555,000 calls planned; grid points: at most")
        .contains("the sweep asks before starting");
    SweepInProcessTest.Outcome refused = sweep(with(many, "--out", work.toString()));
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err().lines())
        .singleElement()
        .asString()
        .startsWith("rpcx-bench sweep: 1,100 points to run")
        .endsWith("add --yes to start it (no terminal to ask; --dry-run lists it)");
    assertThat(work.resolve("line")).doesNotExist();

    // a rate sweep known to take over an hour: 2 rates x 10 runs x 200 s
    Object[] long_ = {"--protocol", "line", "--rates", "100,200", "--duration", "200s"};
    SweepInProcessTest.Outcome slow = sweep(with(long_, "--out", work.toString()));
    assertThat(slow.code()).isEqualTo(2);
    assertThat(slow.err()).contains("rate points: 1:06:40 of runs").contains("add --yes");
    SweepInProcessTest.Outcome json =
        sweep(with(long_, "--out", work.toString(), "--dry-run", "--json"));
    assertThat(json.out())
        .contains("\"to_run\":2")
        .contains("\"rate_points_ms\":4000000")
        .contains("\"asks\":true");
  }

  private static String[] with(Object[] first, String... more) {
    java.util.List<String> all = new java.util.ArrayList<>();
    for (Object o : first) {
      all.add(o.toString());
    }
    all.addAll(java.util.List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void theDryRunPlansEveryPointOnEachProfileWithItsOwnFile() {
    SweepInProcessTest.Outcome o =
        sweep(
            "--protocol",
            "line",
            "--profile",
            "loopback,cross-az",
            "--threads",
            "10",
            "--requests",
            "100",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("1/2 line t10 r100 loopback " + work.resolve("line/t10-r100.csv"))
        .contains("2/2 line t10 r100 cross-az " + work.resolve("line/cross-az-t10-r100.csv"));
  }

  @Test
  void anUnknownProfileAndTheLabAreRefusedInOneLine() {
    SweepInProcessTest.Outcome unknown =
        sweep("--protocol", "line", "--profile", "moon", "--out", work.toString(), "--dry-run");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err())
        .contains("unknown --profile 'moon' (known: loopback, lan,")
        .contains("cross-az");
    SweepInProcessTest.Outcome lab =
        sweep(
            "--lab",
            "--protocol",
            "line",
            "--profile",
            "wan",
            "--link",
            "proxy",
            "--out",
            work.toString());
    assertThat(lab.code()).isEqualTo(2);
    assertThat(lab.err()).contains("--link proxy with --lab");
    SweepInProcessTest.Outcome packet =
        sweep(
            "--local",
            "--protocol",
            "line",
            "--profile",
            "wan",
            "--link",
            "packet",
            "--out",
            work.toString(),
            "--dry-run");
    assertThat(packet.code()).isEqualTo(2);
    assertThat(packet.err()).contains("--link packet makes the link between the lab's");
  }

  @Test
  void aFleetIsRefusedInOneLineWhereItCannotRun() throws Exception {
    SweepInProcessTest.Outcome missing =
        sweep("--fleet", work.resolve("none.ini").toString(), "--protocol", "line", "--dry-run");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("--fleet: no inventory file at");
    Path inventory = java.nio.file.Files.writeString(work.resolve("inv.ini"), "[clients]\nc1\n");
    SweepInProcessTest.Outcome both =
        sweep("--fleet", inventory.toString(), "--local", "--protocol", "line", "--dry-run");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("--host, --local, --lab and --fleet are mutually exclusive");
    SweepInProcessTest.Outcome tls =
        sweep("--fleet", inventory.toString(), "--tls", "tls", "--protocol", "line", "--dry-run");
    assertThat(tls.code()).isEqualTo(2);
    assertThat(tls.err()).contains("--tls with --fleet");
    SweepInProcessTest.Outcome profile =
        sweep("--fleet", inventory.toString(), "--profile", "wan", "--protocol", "line");
    assertThat(profile.code()).isEqualTo(2);
    assertThat(profile.err()).contains("--profile with --fleet");
  }

  @Test
  void onAFleetEveryPointsFileIsTheMergedOneNamedByItsClientHosts() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        onPath("ansible-inventory"),
        "ansible-inventory not installed (pip install ansible-core==2.19.14): --fleet reads the"
            + " inventory with it");
    Path inventory =
        java.nio.file.Files.writeString(
            work.resolve("inv.ini"), "[clients]\nc1\nc2\nc3\n\n[servers]\ns1\n");
    SweepInProcessTest.Outcome o =
        sweep(
            "--fleet",
            inventory.toString(),
            "--protocol",
            "line",
            "--rates",
            "300,600",
            "--duration",
            "2s",
            "--out",
            work.resolve("raw").toString(),
            "--dry-run");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .contains(work.resolve("raw/line/open-r300-d2s-x3.csv").toString())
        .contains(work.resolve("raw/line/open-r600-d2s-x3.csv").toString());
    SweepInProcessTest.Outcome noServers =
        sweep(
            "--fleet",
            java.nio.file.Files.writeString(work.resolve("c.ini"), "[clients]\nc1\n").toString(),
            "--protocol",
            "line",
            "--dry-run");
    assertThat(noServers.code()).isEqualTo(2);
    assertThat(noServers.err()).contains("needs a group 'clients'", "1 client and 0 server hosts");
  }

  private static boolean onPath(String command) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (java.nio.file.Files.isExecutable(Path.of(dir, command))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void theJsonPlanListsPointsFilesAndCalls() {
    SweepInProcessTest.Outcome o =
        sweep(
            "--protocol",
            "line",
            "--scenario",
            "chain",
            "--work",
            "100ms",
            "--threads",
            "2",
            "--requests",
            "10",
            "--runs",
            "3",
            "--out",
            work.toString(),
            "--dry-run",
            "--json");
    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.out())
        .startsWith("{\"points\":1,\"protocols\":[\"line\"],\"load\":\"grid\",\"runs\":3")
        .contains("\"threads\":2,\"requests\":10,\"calls\":60")
        .contains("line/chain-w100ms-t2-r10.csv");
  }

  @Test
  void badUsageExits2WithSweepShsMessage() {
    assertThat(sweep("--local", "--lab").err())
        .contains("--host, --local, --lab and --fleet are mutually exclusive");
    assertThat(sweep("--local", "--lab").code()).isEqualTo(2);
    assertThat(sweep("--protocol", "nope", "--dry-run").err())
        .contains("--protocol: unknown protocol 'nope'; known: ");
    assertThat(sweep("--payload", "256", "--dry-run").err())
        .contains("--payload is unused by --call hello (the default call)");
    assertThat(sweep("--call", "items", "--payload", "256", "--dry-run").err())
        .contains("--payload is unused by --call items: give --call echo or --call put with it");
    assertThat(sweep("--rates", "2000000", "--dry-run").err())
        .contains("--rates: 2000000 calls/s is over the 1000000 calls/s one harness offers");
    assertThat(sweep("--out", "", "--dry-run").err()).contains("an empty folder");
    assertThat(sweep("--timeout", "30", "--dry-run").err())
        .contains(
            "--timeout is the per-call deadline (a sweep's limit of a point in seconds is"
                + " --point-timeout 30)");
    assertThat(sweep("--rates", "100", "--threads", "2", "--dry-run").err())
        .contains("--threads belongs to the closed loop's grid");
    assertThat(sweep("--duration", "10s", "--dry-run").err())
        .contains("--duration is the schedule of a rate sweep: give --rates too");
    assertThat(sweep("--threads", "0", "--dry-run").err())
        .contains("--threads: expected a positive integer, got '0'");
    assertThat(sweep("--port", "line=70000", "--dry-run").code()).isEqualTo(2);
    assertThat(sweep("--local", "--server-stats", "cgroup", "--dry-run").err())
        .contains("--server-stats cgroup needs --lab (host B's cgroup)");
    assertThat(sweep("--local", "--server-stats", "ssh", "--dry-run").err())
        .contains("--server-stats ssh goes with --host B");
    assertThat(sweep("--host", "b", "--server-stats", "proc", "--dry-run").err())
        .contains("--server-stats proc needs --local or --lab");
    assertThat(sweep("--local", "--server-ssh", "b", "--dry-run").err())
        .contains("--server-stats ssh goes with --host B");
    assertThat(sweep("--host", "b", "--server-ssh", "me@b", "--dry-run").code()).isZero();
    assertThat(sweep("--rates", "100", "--skip-dominated", "--dry-run").err())
        .contains("--skip-dominated moves on along the grid's thread counts");
  }

  @Test
  void everySubcommandHasHelpWithAnExampleAndTheOneVersion() {
    for (String sub : new String[] {"run", "sweep", "list", "report", "lab", "compare"}) {
      java.io.StringWriter out = new java.io.StringWriter();
      picocli.CommandLine cl = RpcxBenchCommand.commandLine();
      cl.setOut(new java.io.PrintWriter(out, true));
      assertThat(cl.execute(sub, "--help")).as(sub).isZero();
      assertThat(out.toString()).as(sub).contains("Example: ");
      java.io.StringWriter version = new java.io.StringWriter();
      cl.setOut(new java.io.PrintWriter(version, true));
      assertThat(cl.execute(sub, "--version")).isZero();
      assertThat(version.toString()).as(sub).startsWith("rpcx-bench ");
    }
  }
}
