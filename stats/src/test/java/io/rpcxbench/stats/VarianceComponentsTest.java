package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The decomposition finds components it was given, on synthetic invocations. */
class VarianceComponentsTest {
  /** Invocations of trials of runs: log value = offsets of each level, each normal. */
  static List<List<List<Double>>> synthetic(
      Random r, int invocations, int trials, int runs, double inv, double trial, double run) {
    List<List<List<Double>>> out = new ArrayList<>();
    for (int i = 0; i < invocations; i++) {
      double a = inv * r.nextGaussian();
      List<List<Double>> ts = new ArrayList<>();
      for (int t = 0; t < trials; t++) {
        double b = trial * r.nextGaussian();
        List<Double> rs = new ArrayList<>();
        for (int k = 0; k < runs; k++) {
          rs.add(1000 * Math.exp(a + b + run * r.nextGaussian()));
        }
        ts.add(rs);
      }
      out.add(ts);
    }
    return out;
  }

  @Test
  void knownComponentsAreFoundAtEachLevel() {
    VarianceComponents v =
        VarianceComponents.of(synthetic(new Random(1), 60, 6, 4, 0.20, 0.10, 0.05));
    assertThat(v.invocation().spread()).isBetween(0.16, 0.24);
    assertThat(v.trial().spread()).isBetween(0.085, 0.115);
    assertThat(v.run().spread()).isBetween(0.045, 0.055);
    assertThat(v.invocation().share()).isBetween(0.6, 0.85);
    assertThat(v.invocation().share() + v.trial().share() + v.run().share())
        .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(v.invocationP()).isLessThan(0.01);
    assertThat(v.invocations()).isEqualTo(60);
    assertThat(v.trials()).isEqualTo(360);
    assertThat(v.runs()).isEqualTo(1440);
  }

  @Test
  void withoutAnInvocationEffectItsShareIsSmallAndThePermutationSeesNothing() {
    int small = 0;
    for (int seed = 0; seed < 40; seed++) {
      VarianceComponents v =
          VarianceComponents.of(synthetic(new Random(100 + seed), 4, 6, 3, 0, 0.1, 0.05));
      if (v.invocationP() <= 0.05) {
        small++;
      }
      assertThat(v.invocation().variance()).isGreaterThanOrEqualTo(0);
    }
    // the permutation test's size: about 5 % of 40 data sets
    assertThat(small).isLessThanOrEqualTo(6);
  }

  @Test
  void oneInvocationOrOneRunLeavesThatLevelUnmeasured() {
    VarianceComponents one =
        VarianceComponents.of(synthetic(new Random(2), 1, 8, 3, 0.2, 0.1, 0.05));
    assertThat(one.invocation().measured()).isFalse();
    assertThat(Double.isNaN(one.invocationP())).isTrue();
    assertThat(one.trial().measured()).isTrue();
    assertThat(one.lines().get(0)).contains("between invocations").contains("not measured");
    VarianceComponents single =
        VarianceComponents.of(synthetic(new Random(3), 4, 6, 1, 0.2, 0.1, 0));
    assertThat(single.run().measured()).isFalse();
    assertThat(single.invocation().measured()).isTrue();
  }

  @Test
  void aValueNotAboveZeroIsRefused() {
    assertThatThrownBy(() -> VarianceComponents.of(List.of(List.of(List.of(1.0, 0.0)))))
        .hasMessageContaining("not above 0");
    assertThatThrownBy(() -> VarianceComponents.of(List.of(List.of())))
        .hasMessageContaining("no trial");
  }
}
