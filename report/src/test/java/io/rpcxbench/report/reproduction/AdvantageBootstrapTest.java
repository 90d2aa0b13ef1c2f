package io.rpcxbench.report.reproduction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.report.db.Protocol;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seeded bootstrap of RPCX's runtime advantage: deterministic, and resampling sweeps too. */
class AdvantageBootstrapTest {
  @Test
  void theSameSeedGivesTheSameIntervalsAndAnotherSeedOthers() {
    Regime g = VerdictBoxTest.noisyRegime();
    Map<String, AdvantageBootstrap.Result> a = new AdvantageBootstrap(1000, 42L).run(g.keptRuns());
    Map<String, AdvantageBootstrap.Result> b = new AdvantageBootstrap(1000, 42L).run(g.keptRuns());
    Map<String, AdvantageBootstrap.Result> c = new AdvantageBootstrap(1000, 43L).run(g.keptRuns());
    assertThat(a).isEqualTo(b).containsOnlyKeys("gRPC");
    assertThat(c.get("gRPC").median()).isNotEqualTo(a.get("gRPC").median());
    // the estimates come from the data, not the replicates
    assertThat(c.get("gRPC").median().estimate()).isEqualTo(a.get("gRPC").median().estimate());
  }

  @Test
  void estimatesAreTheAdvantagesOfTheCleanedMeansAndLieInTheirIntervals() {
    Regime g = VerdictBoxTest.noisyRegime();
    AdvantageBootstrap.Result r = new AdvantageBootstrap(2000, 1L).run(g.keptRuns()).get("gRPC");
    // RPCX's kept runs average 1.0833 x base, gRPC's 3.0333 x base at every thread count
    double expected = 100 * (3.0333333333333 - 1.0833333333333) / 3.0333333333333;
    assertThat(r.median().estimate())
        .isCloseTo(expected, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(r.low().estimate())
        .isCloseTo(expected, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(r.pairs()).isEqualTo(4);
    assertThat(r.faster()).isEqualTo(4);
    assertThat(r.fasterAt95()).isEqualTo(4);
    for (AdvantageBootstrap.Interval i : List.of(r.median(), r.low(), r.high())) {
      assertThat(i.low()).isLessThan(i.high());
      assertThat(i.low()).isLessThanOrEqualTo(i.estimate() + 1e-9);
    }
    // the smallest advantage's interval lies at or below the largest's
    assertThat(r.low().low()).isLessThanOrEqualTo(r.high().low());
  }

  @Test
  void withSeveralSweepsWholeSweepsAreResampled() {
    // RPCX's two sweeps at 10 and 20 ms: a quarter of the replicates draw the 20 ms sweep twice,
    // so the advantage's lower bound is exactly that of RPCX at 20 ms against gRPC's 40 ms
    double[] fast = {99, 10, 10, 10};
    double[] slow = {99, 20, 20, 20};
    Regime twoSweeps =
        new SyntheticRegime("thread", "1gbit")
            .sweeps(Protocol.RPCX, 10, 100, fast, slow)
            .point(Protocol.GRPC, 10, 100, 99, 40, 40, 40)
            .regime();
    AdvantageBootstrap.Result r =
        new AdvantageBootstrap(2000, 5L).run(twoSweeps.keptRuns()).get("gRPC");
    assertThat(r.median().estimate()).isEqualTo(62.5);
    assertThat(r.median().low()).isEqualTo(50.0);
    assertThat(r.median().high()).isEqualTo(75.0);
    // the same runs as one sweep: all six draws at 20 ms has probability 1/64 < 2.5 %
    Regime oneSweep =
        new SyntheticRegime("thread", "1gbit")
            .point(Protocol.RPCX, 10, 100, 99, 10, 10, 10, 20, 20, 20)
            .point(Protocol.GRPC, 10, 100, 99, 40, 40, 40)
            .regime();
    AdvantageBootstrap.Result one =
        new AdvantageBootstrap(2000, 5L).run(oneSweep.keptRuns()).get("gRPC");
    assertThat(one.median().low()).isGreaterThan(50.0);
    assertThat(twoSweeps.maxSweeps()).isEqualTo(2);
    assertThat(oneSweep.maxSweeps()).isEqualTo(1);
    assertThat(twoSweeps.minSweeps()).isEqualTo(1); // gRPC's point has one file
  }

  @Test
  void goldenIntervalsForAFixedSeed() {
    AdvantageBootstrap.Result r =
        new AdvantageBootstrap(500, 20_261_123L)
            .run(VerdictBoxTest.noisyRegime().keptRuns())
            .get("gRPC");
    assertThat(
            List.of(
                VerdictBox.interval(r.median()),
                VerdictBox.interval(r.low()),
                VerdictBox.interval(r.high())))
        .containsExactly("64.3 % [61.6, 66.7]", "64.3 % [58.2, 64.9]", "64.3 % [63.3, 69.7]");
  }

  @Test
  void tooFewReplicatesIsAnError() {
    assertThatThrownBy(() -> new AdvantageBootstrap(10, 1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 100");
  }
}
