package io.rpcxbench.verdict.significance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The report's test over trials, and Holm over a table, on samples whose truth is known. */
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
  void findsARealTenPercentDifferenceOverTenTrialsWithTheIntervalInBothUnits() {
    PairTest t = Significance.trials("a", normal(10, 100, 2, 1), "b", normal(10, 110, 2, 2), false);
    assertThat(t.significant()).isTrue();
    assertThat(t.p()).isLessThan(0.001);
    assertThat(t.ratio()).isBetween(1.08, 1.12);
    assertThat(t.ratioLow()).isGreaterThan(1.0).isLessThan(t.ratio());
    assertThat(t.ratioHigh()).isGreaterThan(t.ratio());
    assertThat(t.differenceLow()).isGreaterThan(0);
    assertThat(t.difference()).isBetween(8.0, 12.0);
    assertThat(t.test())
        .isEqualTo(
            "Hodges-Lehmann shift of log values, Mann-Whitney interval over trials, alpha 0.05");
    assertThat(t.pText()).isEqualTo("p < 0.001");
  }

  @Test
  void anAaPairIsNotSignificant() {
    PairTest t =
        Significance.trials("a", normal(10, 100, 2, 3), "a#2", normal(10, 100, 2, 4), false);
    assertThat(t.tested()).isTrue();
    assertThat(t.significant()).isFalse();
    assertThat(t.ratioLow()).isLessThanOrEqualTo(1.0);
    assertThat(t.ratioHigh()).isGreaterThanOrEqualTo(1.0);
  }

  @Test
  void fewerThanFourTrialsASideGiveNoTestAndHolmLeavesThemOut() {
    PairTest t = Significance.trials("a", List.of(100.0), "b", List.of(120.0, 121.0), false);
    assertThat(t.tested()).isFalse();
    assertThat(t.significant()).isFalse();
    assertThat(t.ratio()).isCloseTo(1.205, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(t.note()).isEqualTo("n too small to test (1 and 2 trials; need 4 a side)");
    assertThat(Significance.holm(List.of(t)).get(0).pAdjusted()).isNull();
  }

  @Test
  void holmAdjustsTheSmallestPByTheNumberOfPairsAndSaysWhenItUndoesAnInterval() {
    PairTest strong =
        Significance.trials("a", normal(6, 100, 2, 5), "b", normal(6, 130, 2, 6), false);
    List<Double> low = List.of(100.0, 101.0, 102.0, 103.0);
    List<Double> high = List.of(104.0, 105.0, 106.0, 107.0);
    PairTest weak = Significance.trials("a", low, "c", high, false);
    PairTest weak2 = Significance.trials("a", low, "e", high, false);
    PairTest none = Significance.trials("a", List.of(1.0), "d", List.of(2.0), false);
    assertThat(weak.significant()).isTrue(); // 4 against 4, all apart: p = 2/70
    List<PairTest> adjusted = Significance.holm(List.of(weak, strong, none, weak2));
    assertThat(adjusted.get(1).pAdjusted())
        .isCloseTo(3 * strong.p(), org.assertj.core.api.Assertions.within(1e-12));
    assertThat(adjusted.get(1).significant()).isTrue();
    // the two weak pairs: 2 x 2/70 = 0.057 for both
    assertThat(adjusted.get(0).pAdjusted()).isGreaterThan(0.05);
    assertThat(adjusted.get(0).significant()).isFalse();
    assertThat(adjusted.get(0).note())
        .isEqualTo("not significant after Holm over 3 (the 95 % interval alone leaves out 1)");
    assertThat(adjusted.get(2).pAdjusted()).isNull();
  }

  @Test
  void aCheckStaysOutOfHolmsFamily() {
    PairTest claim =
        Significance.trials(
            "a",
            List.of(100.0, 101.0, 102.0, 103.0),
            "b",
            List.of(110.0, 111.0, 112.0, 113.0),
            false);
    PairTest check =
        Significance.trials(
            "a",
            List.of(100.0, 101.0, 102.0, 103.0),
            "a#2",
            List.of(100.5, 101.5, 99.0, 103.5),
            false);
    List<PairTest> adjusted = Significance.holm(List.of(claim, check), t -> t.b().equals("a#2"));
    assertThat(adjusted.get(0).pAdjusted()).isEqualTo(claim.p());
    assertThat(adjusted.get(0).significant()).isTrue();
    assertThat(adjusted.get(1).pAdjusted()).isEqualTo(check.p());
  }
}
