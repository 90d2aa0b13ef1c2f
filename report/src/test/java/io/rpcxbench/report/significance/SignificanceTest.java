package io.rpcxbench.report.significance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The significance engine on synthetic samples whose truth is known. */
class SignificanceTest {

  /** java.util.Random's neighbouring seeds draw alike at first: SplittableRandom's do not. */
  private static List<Double> normal(int n, double mean, double sd, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      v.add(mean + sd * r.nextGaussian());
    }
    return v;
  }

  @Test
  void findsARealTenPercentDifferenceOverTenRounds() {
    PairTest t =
        Significance.welch("a", normal(10, 100, 2, 1), "b", normal(10, 110, 2, 2), "rounds");
    assertThat(t.significant()).isTrue();
    assertThat(t.p()).isLessThan(0.001);
    assertThat(t.ratio()).isBetween(1.08, 1.12);
    assertThat(t.ratioLow()).isGreaterThan(1.0).isLessThan(t.ratio());
    assertThat(t.ratioHigh()).isGreaterThan(t.ratio());
    assertThat(t.differenceLow()).isGreaterThan(0);
    assertThat(t.test()).isEqualTo("Welch's t-test over rounds, alpha 0.05");
    assertThat(t.pText()).isEqualTo("p < 0.001");
  }

  @Test
  void anAaPairIsNotSignificant() {
    PairTest t =
        Significance.welch("a", normal(10, 100, 2, 3), "a#2", normal(10, 100, 2, 4), "rounds");
    assertThat(t.significant()).isFalse();
    assertThat(t.p()).isGreaterThan(0.05);
    assertThat(t.ratioLow()).isLessThan(1.0);
    assertThat(t.ratioHigh()).isGreaterThan(1.0);
  }

  @Test
  void oneRoundGivesNoTest() {
    PairTest t = Significance.welch("a", List.of(100.0), "b", List.of(120.0, 121.0), "rounds");
    assertThat(t.tested()).isFalse();
    assertThat(t.significant()).isFalse();
    assertThat(t.ratio()).isEqualTo(120.5 / 100);
    assertThat(t.pText()).isEqualTo("one round, no test");
    assertThat(Significance.holm(List.of(t)).get(0).pAdjusted()).isNull();
  }

  @Test
  void identicalValuesGiveNoNaN() {
    PairTest same =
        Significance.welch("a", List.of(5.0, 5.0, 5.0), "b", List.of(5.0, 5.0, 5.0), "rounds");
    assertThat(same.p()).isEqualTo(1.0);
    assertThat(same.significant()).isFalse();
    assertThat(same.ratioText()).isEqualTo("1.00x (1.00-1.00x)");
    PairTest apart =
        Significance.welch("a", List.of(5.0, 5.0, 5.0), "b", List.of(6.0, 6.0, 6.0), "rounds");
    assertThat(apart.p()).isEqualTo(0.0);
    assertThat(apart.significant()).isTrue();
    assertThat(apart.differenceLow()).isEqualTo(1.0);
    PairTest zero = Significance.welch("a", List.of(0.0, 0.0), "b", List.of(10.0, 12.0), "rounds");
    assertThat(zero.ratio()).isNull();
    assertThat(zero.ratioText()).isEqualTo("n/a");
    assertThat(zero.p()).isNotNaN();
  }

  @Test
  void holmAdjustsTheSmallestPByTheNumberOfPairs() {
    PairTest strong =
        Significance.welch("a", normal(10, 100, 2, 5), "b", normal(10, 110, 2, 6), "rounds");
    PairTest weak =
        Significance.welch(
            "a", List.of(100.0, 102.0, 98.0), "c", List.of(103.0, 105.0, 101.0), "rounds");
    PairTest none = Significance.welch("a", List.of(1.0), "d", List.of(2.0), "rounds");
    List<PairTest> adjusted = Significance.holm(List.of(weak, strong, none));
    assertThat(adjusted.get(1).pAdjusted()).isEqualTo(Math.min(1, 2 * strong.p()));
    assertThat(adjusted.get(0).pAdjusted()).isGreaterThanOrEqualTo(weak.p());
    assertThat(adjusted.get(1).test()).endsWith(", Holm-Bonferroni over 2 pairs");
    assertThat(adjusted.get(2).pAdjusted()).isNull();
  }

  @Test
  void aPairInsideTheAaFloorIsNotTakenAsReal() {
    PairTest aa =
        Significance.welch("a", normal(5, 100, 5, 7), "a#2", normal(5, 100, 5, 8), "rounds");
    Significance.NoiseFloor floor = Significance.floor(List.of(aa));
    assertThat(floor).isNotNull();
    assertThat(floor.low()).isLessThan(1);
    assertThat(floor.high()).isGreaterThan(1);
    PairTest small =
        new PairTest("a", "b", 1.03, 1.01, 1.05, 3.0, 1.0, 5.0, 0.01, 0.01, true, "t", "");
    PairTest large =
        new PairTest("a", "c", 2.0, 1.9, 2.1, 100.0, 90.0, 110.0, 0.001, 0.001, true, "t", "");
    List<PairTest> out = Significance.aboveFloor(List.of(small, large), floor);
    assertThat(out.get(0).significant()).isFalse();
    assertThat(out.get(0).note()).startsWith("inside the A/A noise floor");
    assertThat(out.get(1).significant()).isTrue();
  }

  private static List<Histogram> runs(int n, long micros, long seed) {
    Random r = new Random(seed);
    List<Histogram> units = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Histogram h = new Histogram(3_600_000_000_000L, 3);
      for (int c = 0; c < 200; c++) {
        h.recordValue((long) ((micros + micros * 0.05 * r.nextGaussian()) * 1000));
      }
      units.add(h);
    }
    return units;
  }

  @Test
  void aPercentileBootstrapFindsSlowerRunsAndNotTheSameOnes() {
    Significance.Resampled base = Significance.resample(99, runs(8, 1000, 1), Significance.seed(0));
    Significance.Resampled slower =
        Significance.resample(99, runs(8, 1200, 2), Significance.seed(1));
    Significance.Resampled same = Significance.resample(99, runs(8, 1000, 3), Significance.seed(2));
    PairTest up = Significance.percentile("base", base, "new", slower, "runs");
    assertThat(up.significant()).isTrue();
    assertThat(up.differenceLow()).isGreaterThan(0);
    assertThat(up.ratio()).isBetween(1.1, 1.3);
    assertThat(up.test()).isEqualTo("bootstrap of the p99 difference over runs, 95 % interval");
    PairTest flat = Significance.percentile("base", base, "copy", same, "runs");
    assertThat(flat.significant()).isFalse();
    assertThat(flat.differenceLow()).isLessThanOrEqualTo(0);
    assertThat(flat.differenceHigh()).isGreaterThanOrEqualTo(0);
    PairTest one =
        Significance.percentile(
            "base", base, "one", Significance.resample(99, runs(1, 1000, 4), 9), "runs");
    assertThat(one.tested()).isFalse();
    assertThat(one.note()).isEqualTo("one run, no test");
  }
}
