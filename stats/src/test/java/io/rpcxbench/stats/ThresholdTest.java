package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * k6-form thresholds, one grammar for the harness ({@link Threshold#RUN}) and the report ({@link
 * Threshold#CHOOSE}, {@link Threshold#DIFF}): parsing, units, what passes, how values are shown,
 * and one line naming the expression for anything wrong. The cases of the harness's and the
 * report's former suites, against the one parser.
 */
class ThresholdTest {

  // --- the harness's --threshold (Threshold.RUN)

  @Test
  void latenciesTakeAUnitAndAreKeptInNanoseconds() {
    Threshold t = run("p99<5ms");

    assertThat(t.metric()).isEqualTo("p99");
    assertThat(t.kind()).isEqualTo(Threshold.Kind.LATENCY);
    assertThat(t.op()).isEqualTo("<");
    assertThat(t.limit()).isEqualTo(5_000_000);
    assertThat(t.percentile()).isEqualTo(99);
    assertThat(run("p50 <= 250us").limit()).isEqualTo(250_000);
    assertThat(run("p90>=1.5s").limit()).isEqualTo(1_500_000_000);
    assertThat(run("p99.9==0.5ms").limit()).isEqualTo(500_000);
    assertThat(run("p99.9==0.5ms").percentile()).isEqualTo(99.9);
    assertThat(run("P99<2µs").limit()).isEqualTo(2_000);
  }

  @Test
  void theExpressionIsShownWithoutSpaces() {
    assertThat(run("  p99 < 5 ms ").expression()).isEqualTo("p99<5ms");
    assertThat(run("throughput >= 1000").toString()).isEqualTo("throughput>=1000");
    assertThat(run("P99<2µs").expression()).isEqualTo("p99<2us");
  }

  @Test
  void countsAndThroughputTakeNoUnit() {
    assertThat(run("throughput>=20000.5").limit()).isEqualTo(20000.5);
    assertThat(run("throughput>=20000.5").kind()).isEqualTo(Threshold.Kind.RATE);
    assertThat(run("errors==0").metric()).isEqualTo("errors");
    assertThat(run("drops<10").kind()).isEqualTo(Threshold.Kind.COUNT);
  }

  @Test
  void eachComparisonComparesAsItSays() {
    assertThat(run("errors<1").passes(0.0)).isTrue();
    assertThat(run("errors<1").passes(1.0)).isFalse();
    assertThat(run("errors<=1").passes(1.0)).isTrue();
    assertThat(run("errors>1").passes(1.0)).isFalse();
    assertThat(run("errors>=1").passes(1.0)).isTrue();
    assertThat(run("errors==0").passes(0.0)).isTrue();
    assertThat(run("errors==0").passes(Double.NaN)).isFalse();
    assertThat(run("errors==0").passes(null)).isFalse();
  }

  @Test
  void badExpressionsFailWithOneLineNamingThem() {
    expectBad(
        "p95<5ms",
        Threshold.RUN,
        "threshold 'p95<5ms': unknown metric 'p95' (one of p50, p90, p99, p99.9, throughput,"
            + " errors, drops)");
    expectBad("p99 5ms", Threshold.RUN, "threshold 'p99 5ms': no comparison (<, <=, >, >=, ==)");
    expectBad(
        "p99=5ms", Threshold.RUN, "threshold 'p99=5ms': '=' is no comparison (<, <=, >, >=, ==)");
    expectBad(
        "p99<5min", Threshold.RUN, "threshold 'p99<5min': a latency takes us, ms or s, not 'min'");
    expectBad(
        "p99<5,5ms", Threshold.RUN, "threshold 'p99<5,5ms': '5,5': decimals take '.', not ','");
    expectBad(
        "errors<5ms", Threshold.RUN, "threshold 'errors<5ms': errors is a count, without a unit");
    expectBad(
        "throughput>1k",
        Threshold.RUN,
        "threshold 'throughput>1k': throughput is in calls/s, without a unit");
    expectBad(
        "p99<",
        Threshold.RUN,
        "threshold 'p99<': '' is not a number with an optional unit, e.g. 5ms");
    expectBad("p99<1.2.3ms", Threshold.RUN, "threshold 'p99<1.2.3ms': '1.2.3' is not a number");
    expectBad(
        "<5ms",
        Threshold.RUN,
        "threshold '<5ms': want METRIC OP VALUE[UNIT], e.g. p99<5ms or errors==0");
  }

  @Test
  void decimalsAndLinesDoNotDependOnTheLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      Threshold t = run("p99<2.5ms");

      assertThat(t.limit()).isEqualTo(2_500_000);
      assertThat(t.measured(3_250_000)).isEqualTo("p99 3.3 ms");
      assertThat(run("throughput>1").measured(812.25)).isEqualTo("throughput 812.3 calls/s");
      assertThat(choose("drops<1%").shown(0.0125)).isEqualTo("0.0125");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void measuredValuesAreShownInTheThresholdsUnit() {
    assertThat(run("p50<1s").measured(250_000_000)).isEqualTo("p50 0.3 s");
    assertThat(run("p50<900us").measured(812_000)).isEqualTo("p50 812.0 us");
    assertThat(run("p50<2").measured(812_000)).isEqualTo("p50 0.8 ms");
    assertThat(run("errors==0").measured(3)).isEqualTo("errors 3");
    assertThat(run("p99<1ms").measured(Double.NaN))
        .isEqualTo("p99 unknown, no kept runs with a histogram");
    assertThat(run("errors==0").measured(Double.NaN)).isEqualTo("errors unknown, no kept runs");
  }

  // --- report choose and report diff (Threshold.CHOOSE, Threshold.DIFF)

  @Test
  void aPlainNumberIsMillisecondsAsInK6() {
    assertThat(choose("p99<=5ms").limit()).isEqualTo(5_000_000);
    assertThat(choose("p99 <= 800us").limit()).isEqualTo(800_000);
    assertThat(choose("p99.9<1s").limit()).isEqualTo(1_000_000_000);
    assertThat(choose("p50<2").limit()).isEqualTo(2_000_000);
    assertThat(run("p99<5").limit()).isEqualTo(5_000_000);
    Threshold t = choose("p99.9 < 2.5ms");
    assertThat(t.metric()).isEqualTo("p99.9");
    assertThat(t.op()).isEqualTo("<");
    assertThat(t.limit()).isEqualTo(2_500_000);
  }

  @Test
  void everyOperatorComparesAsWritten() {
    assertThat(choose("capacity>20000").passes(20000.0)).isFalse();
    assertThat(choose("capacity>=20000").passes(20000.0)).isTrue();
    assertThat(choose("errors==0").passes(0.0)).isTrue();
    assertThat(choose("errors==0").passes(1.0)).isFalse();
    assertThat(choose("p99<5ms").passes(5_000_000.0)).isFalse();
    assertThat(choose("p99<=5ms").passes(5_000_000.0)).isTrue();
    assertThat(choose("p99<=5ms").passes(null)).isFalse();
  }

  @Test
  void dropsAreAShareAndChangesArePercent() {
    assertThat(choose("drops<1%").limit()).isEqualTo(0.01);
    assertThat(choose("drops<1%").expression()).isEqualTo("drops<1%");
    assertThat(choose("drops<0.01").limit()).isEqualTo(0.01);
    assertThat(Threshold.parse("delta.p99<10%", Threshold.DIFF).limit()).isEqualTo(10);
    assertThat(Threshold.parse("delta.throughput>-5", Threshold.DIFF).limit()).isEqualTo(-5);
    assertThat(Threshold.parse("delta.throughput>-5", Threshold.DIFF).expression())
        .isEqualTo("delta.throughput>-5");
  }

  @Test
  void aCheckSaysPassOrFailWithTheValue() {
    Threshold t = choose("p99<=5ms");
    assertThat(t.check(4_200_000.0, "p99 of rpcx").line())
        .isEqualTo("PASS p99<=5ms: p99 of rpcx is 4200 µs");
    assertThat(t.check(null, "p99 of rpcx").line()).isEqualTo("FAIL p99<=5ms: p99 of rpcx is n/a");
    assertThat(t.inShownUnit(4_200_000.0)).isEqualTo(4200.0);
    assertThat(choose("capacity>20000").check(31000.0, "capacity of rpcx (rank 1)").line())
        .isEqualTo("PASS capacity>20000: capacity of rpcx (rank 1) is 31000");
    assertThat(Threshold.parse("delta.p99<10%", Threshold.DIFF).shown(12.0)).isEqualTo("+12.0 %");
  }

  @Test
  void whatCannotBeParsedIsNamed() {
    expectBad(
        "p99 about 5ms",
        Threshold.CHOOSE,
        "threshold 'p99 about 5ms': no comparison (<, <=, >, >=, ==)");
    expectBad(
        "latency<5ms",
        Threshold.CHOOSE,
        "threshold 'latency<5ms': unknown metric 'latency' (one of capacity, p50, p99, p99.9,"
            + " errors, drops)");
    expectBad(
        "capacity>20ms",
        Threshold.CHOOSE,
        "threshold 'capacity>20ms': capacity is in calls/s, without a unit");
    expectBad(
        "p99<5%", Threshold.CHOOSE, "threshold 'p99<5%': a latency takes us, ms or s, not '%'");
    expectBad(
        "drops<5ms",
        Threshold.CHOOSE,
        "threshold 'drops<5ms': drops is a share (0.01) or a percentage (1%), not 'ms'");
    expectBad(
        "delta.p99<10ms",
        Threshold.DIFF,
        "threshold 'delta.p99<10ms': a change is in percent, not 'ms'");
    expectBad("delta.p99<10%", Threshold.CHOOSE, "threshold 'delta.p99<10%': unknown metric");
    expectBad("throughput>1", Threshold.CHOOSE, "threshold 'throughput>1': unknown metric");
    expectBad("", Threshold.CHOOSE, "threshold '': want METRIC OP VALUE[UNIT]");
    expectBad(null, Threshold.CHOOSE, "threshold '': want METRIC OP VALUE[UNIT]");
  }

  @Test
  void aBoundThatCannotBeMetForItsKindIsRefused() {
    expectBad(
        "p99<-5ms", Threshold.RUN, "threshold 'p99<-5ms': p99 is a latency above 0, not -5ms");
    expectBad("p50<0", Threshold.CHOOSE, "threshold 'p50<0': p50 is a latency above 0, not 0");
    expectBad(
        "throughput>-1",
        Threshold.RUN,
        "threshold 'throughput>-1': throughput is a rate of 0 calls/s or more, not -1");
    expectBad(
        "capacity>=-100",
        Threshold.CHOOSE,
        "threshold 'capacity>=-100': capacity is a rate of 0 calls/s or more, not -100");
    expectBad(
        "errors<-1", Threshold.RUN, "threshold 'errors<-1': errors is a whole count, 0 or more");
    expectBad(
        "drops<=0.5", Threshold.RUN, "threshold 'drops<=0.5': drops is a whole count, 0 or more");
    expectBad(
        "drops<150%",
        Threshold.CHOOSE,
        "threshold 'drops<150%': drops is a share from 0 to 1 (0% to 100%), not 150%");
    expectBad("drops<-1%", Threshold.CHOOSE, "threshold 'drops<-1%': drops is a share from 0");
    expectBad("drops<2", Threshold.CHOOSE, "threshold 'drops<2': drops is a share from 0");
    expectBad(
        "delta.p99<-120%",
        Threshold.DIFF, "threshold 'delta.p99<-120%': delta.p99 is a change of -100% or more");
    expectBad("p99<1e400ms", Threshold.RUN, "threshold 'p99<1e400ms': p99 needs a finite bound");
  }

  @Test
  void boundsAtTheEdgeOfTheirRangeAreKept() {
    assertThat(run("errors==0").limit()).isZero();
    assertThat(run("throughput>=0").limit()).isZero();
    assertThat(choose("drops<=100%").limit()).isEqualTo(1.0);
    assertThat(choose("drops==0").limit()).isZero();
    assertThat(Threshold.parse("delta.throughput>-100%", Threshold.DIFF).limit()).isEqualTo(-100);
    assertThat(Threshold.parse("delta.p99<250%", Threshold.DIFF).limit()).isEqualTo(250);
  }

  private static Threshold run(String text) {
    return Threshold.parse(text, Threshold.RUN);
  }

  private static Threshold choose(String text) {
    return Threshold.parse(text, Threshold.CHOOSE);
  }

  private static void expectBad(
      String expression, java.util.Map<String, Threshold.Kind> metrics, String messageStart) {
    assertThatThrownBy(() -> Threshold.parse(expression, metrics))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(messageStart)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
