package io.rpcxbench.harness.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
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
    assertThat(p.points().get(0).loadArgs(10))
        .containsExactly("--threads", "2", "--requests", "10");
    assertThat(p.points().get(1).loadArgs(3))
        .containsExactly("--in-flight", "8", "--requests", "3");
    assertThat(p.countsText(ComparePoint.Kind.CLOSED)).isEqualTo("2");
    assertThat(plan("none", "1 64", "5", 1).countsText(ComparePoint.Kind.CLOSED)).isEqualTo("no");
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
    assertThatThrownBy(() -> CompareWarmup.of("lukewarm", "1s", "3%", "30s"))
        .hasMessage("--warmup*: 'lukewarm' is not steady or a duration like 10s, 500ms, 1m");
    assertThatThrownBy(() -> CompareWarmup.of("steady", "1s", "lots", "30s"))
        .hasMessage("--warmup-tolerance: 'lots' is not a percentage like 3%");
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
    assertThat(CompareWarmup.of("steady", "1s", "3%", "30s").args())
        .containsExactly(
            "--warmup-mode",
            "steady",
            "--warmup-iteration",
            "1s",
            "--warmup-tolerance",
            "3%",
            "--warmup-max",
            "30s");
    assertThat(CompareWarmup.of("5s", "1s", "3%", "30s").args()).containsExactly("--warmup", "5s");
    assertThat(CompareWarmup.of("5s", "1s", "3%", "30s").text()).isEqualTo("a fixed 5s");
  }
}
