package io.rpcxbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** k6-form thresholds: parsing, units, and what passes. */
class ThresholdTest {

  @Test
  void latenciesAreHeldInMicrosecondsAndAPlainNumberIsMilliseconds() {
    assertThat(Threshold.parse("p99<=5ms", Threshold.CHOOSE).value()).isEqualTo(5000);
    assertThat(Threshold.parse("p99 <= 800us", Threshold.CHOOSE).value()).isEqualTo(800);
    assertThat(Threshold.parse("p99.9<1s", Threshold.CHOOSE).value()).isEqualTo(1_000_000);
    assertThat(Threshold.parse("p50<2", Threshold.CHOOSE).value()).isEqualTo(2000);
    Threshold t = Threshold.parse("p99.9 < 2.5ms", Threshold.CHOOSE);
    assertThat(t.metric()).isEqualTo("p99.9");
    assertThat(t.op()).isEqualTo("<");
    assertThat(t.value()).isEqualTo(2500);
  }

  @Test
  void everyOperatorComparesAsWritten() {
    assertThat(Threshold.parse("capacity>20000", Threshold.CHOOSE).passes(20000.0)).isFalse();
    assertThat(Threshold.parse("capacity>=20000", Threshold.CHOOSE).passes(20000.0)).isTrue();
    assertThat(Threshold.parse("errors==0", Threshold.CHOOSE).passes(0.0)).isTrue();
    assertThat(Threshold.parse("errors==0", Threshold.CHOOSE).passes(1.0)).isFalse();
    assertThat(Threshold.parse("p99<5ms", Threshold.CHOOSE).passes(5000.0)).isFalse();
    assertThat(Threshold.parse("p99<=5ms", Threshold.CHOOSE).passes(5000.0)).isTrue();
    assertThat(Threshold.parse("p99<=5ms", Threshold.CHOOSE).passes(null)).isFalse();
  }

  @Test
  void dropsAreAShareAndChangesArePercent() {
    assertThat(Threshold.parse("drops<1%", Threshold.CHOOSE).value()).isEqualTo(0.01);
    assertThat(Threshold.parse("drops<0.01", Threshold.CHOOSE).value()).isEqualTo(0.01);
    assertThat(Threshold.parse("delta.p99<10%", Threshold.DIFF).value()).isEqualTo(10);
    assertThat(Threshold.parse("delta.throughput>-5", Threshold.DIFF).value()).isEqualTo(-5);
  }

  @Test
  void aCheckSaysPassOrFailWithTheValue() {
    Threshold t = Threshold.parse("p99<=5ms", Threshold.CHOOSE);
    assertThat(t.check(4200.0, "p99 of rpcx").line())
        .isEqualTo("PASS p99<=5ms: p99 of rpcx is 4200 µs");
    assertThat(t.check(null, "p99 of rpcx").line()).isEqualTo("FAIL p99<=5ms: p99 of rpcx is n/a");
  }

  @Test
  void whatCannotBeParsedIsNamed() {
    assertThatThrownBy(() -> Threshold.parse("p99 about 5ms", Threshold.CHOOSE))
        .hasMessage(
            "threshold 'p99 about 5ms': want METRIC OP VALUE[UNIT], e.g. p99<=5ms or capacity>20000");
    assertThatThrownBy(() -> Threshold.parse("latency<5ms", Threshold.CHOOSE))
        .hasMessageStartingWith("threshold 'latency<5ms': unknown metric 'latency'");
    assertThatThrownBy(() -> Threshold.parse("capacity>20ms", Threshold.CHOOSE))
        .hasMessage("threshold 'capacity>20ms': capacity is a plain number, without ms");
    assertThatThrownBy(() -> Threshold.parse("p99<5%", Threshold.CHOOSE))
        .hasMessage("threshold 'p99<5%': a latency takes ms, us or s, not %");
    assertThatThrownBy(() -> Threshold.parse("delta.p99<10%", Threshold.CHOOSE))
        .hasMessageContaining("unknown metric 'delta.p99'");
    assertThatThrownBy(() -> Threshold.parse("throughput>1", Threshold.CHOOSE))
        .hasMessageContaining("unknown metric");
  }
}
