package io.rpcxbench.harness.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** {@code --threshold EXPR}: k6's form, one line naming the expression for anything wrong. */
class ThresholdTest {
  @Test
  void latenciesTakeAUnitAndAreKeptInNanoseconds() {
    Threshold t = Threshold.parse("p99<5ms");

    assertThat(t.metric()).isEqualTo(Threshold.Metric.P99);
    assertThat(t.op()).isEqualTo(Threshold.Op.LT);
    assertThat(t.limit()).isEqualTo(5_000_000);
    assertThat(Threshold.parse("p50 <= 250us").limit()).isEqualTo(250_000);
    assertThat(Threshold.parse("p90>=1.5s").limit()).isEqualTo(1_500_000_000);
    assertThat(Threshold.parse("p99.9==0.5ms").limit()).isEqualTo(500_000);
    assertThat(Threshold.parse("P99<2µs").limit()).isEqualTo(2_000);
  }

  @Test
  void theExpressionIsShownWithoutSpaces() {
    assertThat(Threshold.parse("  p99 < 5 ms ").expression()).isEqualTo("p99<5ms");
    assertThat(Threshold.parse("throughput >= 1000").toString()).isEqualTo("throughput>=1000");
  }

  @Test
  void countsAndThroughputTakeNoUnit() {
    assertThat(Threshold.parse("throughput>=20000.5").limit()).isEqualTo(20000.5);
    assertThat(Threshold.parse("errors==0").metric()).isEqualTo(Threshold.Metric.ERRORS);
    assertThat(Threshold.parse("drops<10").metric()).isEqualTo(Threshold.Metric.DROPS);
  }

  @Test
  void eachComparisonComparesAsItSays() {
    assertThat(Threshold.parse("errors<1").holds(0)).isTrue();
    assertThat(Threshold.parse("errors<1").holds(1)).isFalse();
    assertThat(Threshold.parse("errors<=1").holds(1)).isTrue();
    assertThat(Threshold.parse("errors>1").holds(1)).isFalse();
    assertThat(Threshold.parse("errors>=1").holds(1)).isTrue();
    assertThat(Threshold.parse("errors==0").holds(0)).isTrue();
    assertThat(Threshold.parse("errors==0").holds(Double.NaN)).isFalse();
  }

  @Test
  void badExpressionsFailWithOneLineNamingThem() {
    expectBad("p95<5ms", "--threshold 'p95<5ms': unknown metric 'p95' (p50, p90, p99, p99.9,");
    expectBad("p99 5ms", "--threshold 'p99 5ms': no comparison (<, <=, >, >=, ==)");
    expectBad("p99=5ms", "--threshold 'p99=5ms': '=' is no comparison (<, <=, >, >=, ==)");
    expectBad("p99<5", "--threshold 'p99<5': p99 is a latency: give a unit, us, ms or s");
    expectBad("p99<5min", "--threshold 'p99<5min': unit 'min' is not us, ms or s");
    expectBad("p99<5,5ms", "--threshold 'p99<5,5ms': '5,5': decimals take '.', not ','");
    expectBad("errors<5ms", "--threshold 'errors<5ms': errors is a count, without a unit");
    expectBad("throughput>1k", "--threshold 'throughput>1k': throughput is in calls/s");
    expectBad("p99<", "--threshold 'p99<': '' is not a number with an optional unit");
    expectBad("p99<1.2.3ms", "--threshold 'p99<1.2.3ms': '1.2.3' is not a number");
    expectBad("<5ms", "--threshold '<5ms': not METRIC OP VALUE");
  }

  @Test
  void decimalsAndLinesDoNotDependOnTheLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      Threshold t = Threshold.parse("p99<2.5ms");

      assertThat(t.limit()).isEqualTo(2_500_000);
      assertThat(t.measured(3_250_000)).isEqualTo("p99 3.3 ms");
      assertThat(Threshold.parse("throughput>1").measured(812.25))
          .isEqualTo("throughput 812.3 calls/s");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void measuredValuesAreShownInTheThresholdsUnit() {
    assertThat(Threshold.parse("p50<1s").measured(250_000_000)).isEqualTo("p50 0.3 s");
    assertThat(Threshold.parse("p50<900us").measured(812_000)).isEqualTo("p50 812.0 us");
    assertThat(Threshold.parse("errors==0").measured(3)).isEqualTo("errors 3");
    assertThat(Threshold.parse("p99<1ms").measured(Double.NaN))
        .isEqualTo("p99 unknown, no kept runs with a histogram");
  }

  private static void expectBad(String expression, String messageStart) {
    assertThatThrownBy(() -> Threshold.parse(expression))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(messageStart)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
