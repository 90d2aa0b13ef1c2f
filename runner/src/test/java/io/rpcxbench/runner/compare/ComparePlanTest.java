package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.LineServerMain;
import io.rpcxbench.runner.TestJars;
import io.rpcxbench.runner.point.RunTls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparePlanTest {
  @TempDir Path work;

  private static ComparePlan plan(String threads, String inFlight, String requests, int rounds) {
    return ComparePlan.of(
        threads, inFlight, requests, Map.of("grpc", 4), List.of("rpcx", "grpc", "bare"), rounds);
  }

  @Test
  void eachRoundRunsEveryVariantOnceInASeededOrderOfItsOwn() {
    ComparePlan p = plan("1", "none", "10", 4);
    // every round each variant once, in a seeded order of its own, the same on a resume
    for (int r = 1; r <= 6; r++) {
      assertThat(p.order(r)).containsExactlyInAnyOrder("rpcx", "grpc", "bare");
      assertThat(p.order(r)).isEqualTo(p.order(r));
    }
    assertThat(
            java.util.stream.IntStream.rangeClosed(1, 12)
                .mapToObj(r -> p.order(r).get(0))
                .distinct()
                .count())
        .isGreaterThan(1);
  }

  @Test
  void unitsRunPointByPointRoundByRoundEveryVariantOncePerRound() {
    ComparePlan p = plan("64", "1", "10", 2);
    List<String> units =
        p.units().stream()
            .map(u -> u.point().name() + "/" + u.round() + "/" + u.variant())
            .toList();
    List<String> expected = new java.util.ArrayList<>();
    for (String point : List.of("closed-64", "inflight-1")) {
      for (int r = 1; r <= 2; r++) {
        for (String v : p.order(r)) {
          expected.add(point + "/" + r + "/" + v);
        }
      }
    }
    assertThat(units).containsExactlyElementsOf(expected).hasSize(12);
  }

  @Test
  void requestsComeFromTheSpecPerCountAndAreDividedRoundedUp() {
    ComparePlan p = plan("1,64", "64", "1:20000,64:3001", 1);
    ComparePoint closed1 = p.points().get(0);
    ComparePoint inflight64 = p.points().get(2);
    assertThat(p.requests(closed1)).isEqualTo(20000);
    assertThat(p.requests("rpcx", inflight64)).isEqualTo(3001);
    assertThat(p.requests("grpc", inflight64)).isEqualTo(751);
    assertThat(p.requests("grpc", closed1)).isEqualTo(5000);
    assertThat(plan("1,64", "none", "40", 1).requests("grpc", closed1)).isEqualTo(10);
  }

  @Test
  void thePointKindsGiveTheHarnessTheirLoadOptions() {
    ComparePlan p = plan("2", "8", "10", 1);
    assertThat(p.points()).extracting(ComparePoint::name).containsExactly("closed-2", "inflight-8");
    PointBuilder closed = HarnessPoints.point("rpcx");
    p.points().get(0).load(closed, 10);
    assertThat(String.join(" ", closed.request().args())).contains("--threads 2 --requests 10");
    PointBuilder inFlight = HarnessPoints.point("rpcx");
    p.points().get(1).load(inFlight, 3);
    assertThat(String.join(" ", inFlight.request().args()))
        .contains("--requests 3")
        .contains("--in-flight 8");
    assertThat(p.countsText(ComparePoint.Kind.CLOSED)).isEqualTo("2");
    assertThat(plan("none", "1 64", "5", 1).countsText(ComparePoint.Kind.CLOSED)).isEqualTo("none");
  }

  @Test
  void badSpecsNameTheOption() {
    assertThatThrownBy(() -> plan("none", "none", "10", 1))
        .hasMessage("--threads and --in-flight: no point left to run");
    assertThatThrownBy(() -> plan("0", "none", "10", 1))
        .hasMessage("--threads/--in-flight: '0' is not a positive count");
    assertThatThrownBy(() -> plan("1,x", "none", "10", 1))
        .hasMessage("--threads/--in-flight: 'x' is not a positive count");
    assertThatThrownBy(() -> plan("1,64", "none", "1:100", 1))
        .hasMessage("--requests: no R for 64 in '1:100'");
    assertThatThrownBy(() -> plan("1", "none", "1-100", 1))
        .hasMessage("--requests: bad item '1-100' (R or N:R,...)");
    assertThatThrownBy(() -> plan("1", "none", "10", 0))
        .hasMessage("--rounds must be a positive count, got '0'");
    assertThatThrownBy(() -> ComparePlan.divisors("openfeign=20"))
        .hasMessage("--divisors: bad item 'openfeign=20' (VARIANT:D, e.g. openfeign:20)");
  }

  @Test
  void divisorsComeFromTheFileOrTheOptionOrNone() throws Exception {
    Path file = work.resolve("divisors.tsv");
    Files.writeString(file, "# comment\ngrpc\t4\nopenfeign\t20\n\n");
    assertThat(ComparePlan.divisors(file))
        .containsExactly(Map.entry("grpc", 4), Map.entry("openfeign", 20));
    assertThat(ComparePlan.divisors(work.resolve("missing.tsv"))).isEmpty();
    assertThat(ComparePlan.divisors("none")).isEmpty();
    assertThat(ComparePlan.divisors("http-json:10")).containsExactly(Map.entry("http-json", 10));
    assertThat(plan("1", "none", "10", 1).divisorsText()).isEqualTo("grpc:4");
  }

  @Test
  void theWarmUpIsSteadyOrFixed() {
    assertThat(WarmupPlan.steady(Duration.ofSeconds(1), Duration.ofSeconds(30)).args())
        .containsExactly(
            "--warmup-mode",
            "steady",
            "--warmup-iteration",
            "1s",
            "--warmup-tolerance",
            "3%",
            "--warmup-max",
            "30s");
    assertThat(WarmupPlan.fixed(Duration.ofSeconds(5)).args()).containsExactly("--warmup", "5s");
    assertThat(WarmupPlan.fixed(Duration.ofSeconds(5)).text()).isEqualTo("a fixed 5s");
    assertThat(WarmupPlan.steady(Duration.ofSeconds(1), Duration.ofSeconds(30)).text())
        .isEqualTo("steady: 1s iterations until two in a row differ by less than 3%, at most 30s");
    assertThat(WarmupPlan.fixed(Duration.ZERO).text()).isEqualTo("none");
    // none is the paper's cold method: the runner starts its JVM with the point, no archive
    assertThat(WarmupPlan.fixed(Duration.ZERO).args()).containsExactly("--paper");
  }

  @Test
  void everyRoundRunsEachBuildOnceInASeededOrderThatARerunDrawsAgain() {
    ComparePlan p = ComparePlan.of("8", "1", "100", Map.of(), JarPair.SIDES, 8);
    ComparePlan again = ComparePlan.of("8", "1", "100", Map.of(), JarPair.SIDES, 8);
    List<String> firsts = new java.util.ArrayList<>();
    for (int r = 1; r <= 8; r++) {
      assertThat(p.order(r)).containsExactlyInAnyOrder("base", "new");
      assertThat(again.order(r)).isEqualTo(p.order(r));
      assertThat(ComparePlan.roundOrder(JarPair.SIDES, r)).isEqualTo(p.order(r));
      firsts.add(p.order(r).get(0));
    }
    // drawn, not fixed: each build leads some rounds (Random(24000 + r) unmixed kept base first
    // in every round) and the leads do not simply alternate
    assertThat(java.util.Collections.frequency(firsts, "base")).isBetween(2, 6);
    assertThat(firsts)
        .isNotEqualTo(List.of("base", "new", "base", "new", "base", "new", "base", "new"))
        .isNotEqualTo(List.of("new", "base", "new", "base", "new", "base", "new", "base"));
    for (ComparePoint point : p.points()) {
      for (int r = 1; r <= 8; r++) {
        int round = r;
        assertThat(p.units())
            .filteredOn(u -> u.point().equals(point) && u.round() == round)
            .extracting(ComparePlan.Unit::variant)
            .containsExactlyElementsOf(p.order(r));
      }
    }
    assertThat(p.units()).hasSize(2 * 8 * 2);
    assertThat(ComparePlan.bothSides(20)).containsOnly(Map.entry("base", 20), Map.entry("new", 20));
    assertThat(ComparePlan.bothSides(1)).isEmpty();
  }

  @Test
  void aRerunSkipsTheTrialsWhoseFileIsCompleteAndRunsTheRest() throws Exception {
    ComparePlan p = ComparePlan.of("2", "none", "10", Map.of(), JarPair.SIDES, 2);
    CompareSettings s = builds(p, work.resolve("out"));
    List<ComparePlan.Unit> units = p.units();
    // round 1 finished both builds; round 2's first trial was cut short (status incomplete)
    for (ComparePlan.Unit u : units.subList(0, 3)) {
      Path file = s.point(u, 1, s.unitDir(u)).request().resultFile();
      Files.createDirectories(file.getParent());
      String status = u.round() == 1 ? "complete" : "incomplete";
      Files.writeString(file, "# rpcx-bench raw result v2\n# status: " + status + "\n");
    }
    assertThat(units).extracting(s::finished).containsExactly(true, true, false, false);
    assertThat(CompareBuilds.completeRounds(s))
        .containsExactly(
            "closed-2: 1 of 2 rounds hold a trial of both builds (round 2 lacks base and new)");
    assertThat(s.unitDir(units.get(0)).toString())
        .startsWith(work.resolve("out").resolve(units.get(0).variant()).toString());
  }

  @Test
  void aFolderOfOtherBuildsIsNotResumed() throws Exception {
    Path a = TestJars.serverJar(work.resolve("a"), "x.jar", LineServerMain.class);
    Path b = Files.copy(a, work.resolve("y.jar"));
    JarPair first = JarPair.of(a, b, "rpcx", io.rpcxbench.harness.HarnessPoints.catalog());
    Path out = Files.createDirectories(work.resolve("out"));
    CompareBuilds.checkResume(out, first);
    CompareBuilds.record(out, first);
    CompareBuilds.checkResume(out, first);
    assertThat(first.identical()).isTrue();
    Path c = TestJars.serverJar(work.resolve("c"), "y.jar", ComparePlanTest.class);
    JarPair rebuilt = JarPair.of(a, c, "rpcx", io.rpcxbench.harness.HarnessPoints.catalog());
    assertThat(rebuilt.identical()).isFalse();
    assertThatThrownBy(() -> CompareBuilds.checkResume(out, rebuilt))
        .hasMessageStartingWith("--new-jar: " + c + " is not the build the trials in " + out)
        .hasMessageEndingWith("now): use another --out, or that build");
    JarPair grpc = JarPair.of(a, b, "grpc", io.rpcxbench.harness.HarnessPoints.catalog());
    assertThatThrownBy(() -> CompareBuilds.checkResume(out, grpc))
        .hasMessage(
            "--protocol: the trials in " + out + " are of rpcx, not grpc: use another --out");
  }

  @Test
  void oneJarWithOtherServerArgumentsIsAComparisonAndItsArgumentsAreKept() throws Exception {
    var catalog = HarnessPoints.catalog();
    Path a = TestJars.serverJar(work.resolve("a"), "x.jar", LineServerMain.class);
    assertThatThrownBy(() -> JarPair.of(a, a, "rpcx", catalog))
        .hasMessageEndingWith("or one jar with other --new-server-args");
    List<String> slower = List.of("--work", "5us", "--work-kind", "cpu");
    JarPair known = JarPair.of(a, a, "rpcx", catalog, List.of(), slower);
    assertThat(known.identical()).isFalse();
    var rpcx = catalog.stream().filter(e -> e.id().equals("rpcx")).findFirst().orElseThrow();
    List<String> expected = new java.util.ArrayList<>(rpcx.serverArgs());
    expected.addAll(slower);
    assertThat(known.server(JarPair.NEW, rpcx, a).serverArgs()).isEqualTo(expected);
    assertThat(known.server(JarPair.BASE, rpcx, a).serverArgs()).isEqualTo(rpcx.serverArgs());
    Path out = Files.createDirectories(work.resolve("out"));
    CompareBuilds.record(out, known);
    CompareBuilds.checkResume(out, known);
    assertThat(Files.readString(out.resolve(CompareBuilds.FILE)))
        .contains("new-server-args\t--work 5us --work-kind cpu\n");
    JarPair other = JarPair.of(a, a, "rpcx", catalog, List.of(), List.of("--work", "9us"));
    assertThatThrownBy(() -> CompareBuilds.checkResume(out, other))
        .hasMessage(
            "--new-server-args: the trials in "
                + out
                + " ran the new server with '--work 5us --work-kind cpu', not '--work 9us': use"
                + " another --out, or those arguments");
    assertThatThrownBy(() -> JarPair.of(a, a, "rpcx", catalog, slower, slower))
        .hasMessageStartingWith("--base-jar and --new-jar are the same file");
  }

  @Test
  void theBuildsProtocolComesFromTheJarsNameWhenOnlyOneProtocolHasThatJar() throws Exception {
    var catalog = HarnessPoints.catalog();
    Path thrift = TestJars.serverJar(work.resolve("a"), "thrift-server.jar", LineServerMain.class);
    Path other = TestJars.serverJar(work.resolve("b"), "thrift-server.jar", LineServerMain.class);
    assertThat(JarPair.of(thrift, other, null, catalog).protocol()).isEqualTo("thrift");
    Path rpcx = TestJars.serverJar(work.resolve("c"), "server-rpcx.jar", LineServerMain.class);
    assertThatThrownBy(() -> JarPair.of(rpcx, other, null, catalog))
        .hasMessageStartingWith("--base-jar server-rpcx.jar: give --protocol ID")
        .hasMessageContaining("rpcx or rpcx-epoll");
    assertThat(JarPair.of(rpcx, other, "rpcx-lean", catalog).protocol()).isEqualTo("rpcx-lean");
    assertThatThrownBy(() -> JarPair.of(rpcx, other, "nope", catalog))
        .hasMessageStartingWith("--protocol: unknown protocol 'nope'; known: rpcx, ");
  }

  private static CompareSettings builds(ComparePlan plan, Path out) {
    JarPair jars =
        new JarPair(
            "rpcx", Path.of("/j/old.jar"), Path.of("/j/new.jar"), "a".repeat(64), "b".repeat(64));
    return new CompareSettings(
        plan,
        WarmupPlan.fixed(Duration.ZERO),
        2,
        1,
        5,
        0,
        "",
        out,
        null,
        false,
        out.resolve("doc.md"),
        List.of(),
        "rpcx-bench compare",
        out,
        RunTls.of("off", out),
        jars,
        List.of(),
        0,
        null);
  }
}
