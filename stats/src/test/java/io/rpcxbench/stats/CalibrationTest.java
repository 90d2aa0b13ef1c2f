package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CalibrationTest {
  private static final Instant AT = Instant.parse("2026-11-28T02:40:11Z");

  private static List<List<Double>> trialValues(List<List<List<Double>>> runs) {
    List<List<Double>> out = new ArrayList<>();
    for (List<List<Double>> inv : runs) {
      List<Double> t = new ArrayList<>();
      for (List<Double> rs : inv) {
        t.add(Math.exp(rs.stream().mapToDouble(Math::log).average().orElseThrow()));
      }
      out.add(t);
    }
    return out;
  }

  private static Calibration.Metric metric(String name, long seed, double inv, AaLedger ledger) {
    List<List<List<Double>>> runs =
        VarianceComponentsTest.synthetic(new Random(seed), 4, 8, 3, inv, 0.08, 0.03);
    return Calibration.Metric.of(name, runs, trialValues(runs), ledger);
  }

  @Test
  void aMetricCarriesItsSpreadsItsDecompositionAndTheMeasuredRates() {
    AaLedger ledger =
        new AaLedger(
            List.of(
                new AaLedger.Entry(
                    AT, "c-1", "calibrate", AaLedger.Design.INTERLEAVED, "p50", true),
                new AaLedger.Entry(
                    AT, "c-2", "calibrate", AaLedger.Design.INTERLEAVED, "p50", false)));
    Calibration.Metric m = metric("p50", 1, 0.1, ledger);
    assertThat(m.spread()).isBetween(0.04, 0.15);
    assertThat(m.knowsInvocations()).isTrue();
    assertThat(m.invocationDof()).isEqualTo(3);
    assertThat(m.interleaved()).isEqualTo(new FalsePositives(1, 2, 2));
    assertThat(m.apart()).isEqualTo(FalsePositives.none());
    assertThat(m.detectableApart(8)).isGreaterThan(m.detectable().percent(8));
  }

  @Test
  void writtenAndReadBackTheSame() throws Exception {
    AaLedger none = new AaLedger(List.of());
    Calibration c =
        new Calibration(
            "h|cpu|2|6.1|17",
            "rpcx t8-r2000",
            4,
            4,
            AT,
            List.of(metric("throughput", 2, 0.05, none), metric("p99", 3, 0.2, none)));
    StringWriter w = new StringWriter();
    c.write(w);
    assertThat(Calibration.read(new StringReader(w.toString()))).isEqualTo(c);
    assertThat(c.line(6))
        .startsWith(
            "calibration (rpcx t8-r2000, 4 invocations x 4 + 4 A/A trials, 2026-11-28T02:40Z):"
                + " throughput detectable with 6 trials: +-")
        .contains(" apart; false positives no A/A verdict measured yet");
    assertThat(c.decomposition().get(0))
        .isEqualTo("throughput (over 4 invocations, 32 trials, 96 runs):");
    assertThat(c.decomposition()).anyMatch(l -> l.contains("between invocations"));
    assertThat(c.age(AT.plusSeconds(3600)).toMinutes()).isEqualTo(60);
    assertThatThrownBy(
            () -> Calibration.read(new StringReader("format=rpcx-bench-calibration-1\n")))
        .hasMessageContaining("calibrate again");
  }

  @Test
  void aMeasuredRateAboveFivePercentFailsTheCheckLoudly() {
    List<AaLedger.Entry> e = new ArrayList<>();
    for (int k = 0; k < 20; k++) {
      e.add(
          new AaLedger.Entry(AT, "c-" + k, "calibrate", AaLedger.Design.INTERLEAVED, "p99", k < 8));
    }
    Calibration c =
        new Calibration("h", "rpcx t8", 4, 4, AT, List.of(metric("p99", 4, 0.1, new AaLedger(e))));
    assertThat(c.aaFailed()).isTrue();
    assertThat(c.line(4)).contains("A/A DIFFERS TOO OFTEN").contains("8 of 20 interleaved A/A");
  }
}
