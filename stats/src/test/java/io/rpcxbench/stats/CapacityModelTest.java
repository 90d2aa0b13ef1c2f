package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CapacityModelTest {
  /**
   * A fake protocol whose SLO breaks at {@code edge} calls/s, with noise: a probe at {@code rate}
   * meets it with probability Phi((ln edge - ln rate) / 0.1); each round an exponential-then-binary
   * search from the same start, as choose runs it.
   */
  private static List<CapacityModel.Probe> rounds(int n, double edge, long seed) {
    Random r = new Random(seed);
    List<CapacityModel.Probe> probes = new ArrayList<>();
    for (int round = 1; round <= n; round++) {
      double pass = 0;
      double fail = 0;
      double rate = 100;
      while (fail == 0 && rate < 1e6) {
        boolean met = r.nextGaussian() * 0.1 < Math.log(edge) - Math.log(rate);
        probes.add(new CapacityModel.Probe(round, rate, met));
        if (met) {
          pass = rate;
          rate *= 2;
        } else {
          fail = rate;
        }
      }
      for (int k = 0; k < 6 && pass > 0; k++) {
        double mid = Math.sqrt(pass * fail);
        boolean met = r.nextGaussian() * 0.1 < Math.log(edge) - Math.log(mid);
        probes.add(new CapacityModel.Probe(round, mid, met));
        if (met) {
          pass = mid;
        } else {
          fail = mid;
        }
      }
    }
    return probes;
  }

  @Test
  void theIntervalCoversAKnownEdgeAndC90IsBelowC50() {
    int covered = 0;
    int tries = 40;
    double c90 = 3000 * Math.exp(-1.2816 * 0.1);
    for (long seed = 1; seed <= tries; seed++) {
      CapacityModel.Fit f = CapacityModel.withIntervals(rounds(5, 3000, seed), seed);
      assertThat(f.model().bracketed()).isTrue();
      assertThat(f.model().c90()).isLessThanOrEqualTo(f.model().c50());
      if (f.c50Low() <= 3000 && f.c50High() >= 3000) {
        covered++;
      }
    }
    // a bootstrap over 5 rounds is rough: most, not 95 %, of its intervals cover
    assertThat(covered).isGreaterThanOrEqualTo(tries * 3 / 4);
    CapacityModel m = CapacityModel.fit(rounds(30, 3000, 99));
    assertThat(m.c50()).isBetween(2700.0, 3300.0);
    assertThat(m.c90()).isBetween(c90 * 0.85, c90 * 1.15);
  }

  @Test
  void withoutAMissTheRateIsOnlyABound() {
    CapacityModel m =
        CapacityModel.fit(
            List.of(new CapacityModel.Probe(1, 100, true), new CapacityModel.Probe(1, 200, true)));
    assertThat(m.bracketed()).isFalse();
    assertThat(m.c50()).isEqualTo(200.0);
  }

  @Test
  void aSharpEdgeIsFittedInsideTheGap() {
    List<CapacityModel.Probe> p =
        List.of(
            new CapacityModel.Probe(1, 1000, true),
            new CapacityModel.Probe(1, 2000, false),
            new CapacityModel.Probe(2, 1100, true),
            new CapacityModel.Probe(2, 1900, false));
    CapacityModel m = CapacityModel.fit(p);
    assertThat(m.c50()).isBetween(1100.0, 1900.0);
    assertThat(m.spread()).isLessThan(0.1);
  }

  @Test
  void probesThatDoNotFallOffWithTheRateNameNoEdge() {
    // round 1 meets up to 90000, round 2 misses at 5657: the rounds disagree by 16x
    List<CapacityModel.Probe> p =
        List.of(
            new CapacityModel.Probe(1, 1000, true),
            new CapacityModel.Probe(1, 90000, true),
            new CapacityModel.Probe(1, 94000, false),
            new CapacityModel.Probe(2, 1000, true),
            new CapacityModel.Probe(2, 5657, false),
            new CapacityModel.Probe(2, 2000, false),
            new CapacityModel.Probe(3, 1000, false),
            new CapacityModel.Probe(3, 500, false));
    CapacityModel m = CapacityModel.fit(p);
    assertThat(m.bracketed()).isFalse();
    assertThat(m.c50()).isNaN();
  }
}
