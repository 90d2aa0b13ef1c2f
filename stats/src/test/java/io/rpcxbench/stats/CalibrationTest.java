package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CalibrationTest {
  private static List<Double> trials(Random r, int n, double center, double sd) {
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      v.add(center * Math.exp(sd * r.nextGaussian()));
    }
    return v;
  }

  @Test
  void fakeAaTrialsGiveTheirSpreadAndAFalsePositiveRateNearAlpha() {
    Random r = new Random(3);
    Calibration.Metric m =
        Calibration.Metric.of("p99", trials(r, 6, 500, 0.1), trials(r, 6, 500, 0.1));
    assertThat(m.relabellings()).isEqualTo(924); // every split of 12 into 6 and 6
    assertThat(m.spread()).isBetween(0.05, 0.2);
    // exchangeable trials: the exact test's size (at most alpha)
    assertThat(m.falsePositiveRate()).isLessThanOrEqualTo(0.05);
    assertThat(m.aaSignificant()).isFalse();
  }

  @Test
  void aDriftBetweenTheLabelsFailsTheAaCheck() {
    Random r = new Random(5);
    Calibration.Metric m =
        Calibration.Metric.of("throughput", trials(r, 6, 1000, 0.02), trials(r, 6, 1300, 0.02));
    assertThat(m.aaSignificant()).isTrue();
    Calibration c = new Calibration("host x", "rpcx t8-r2000", 6, List.of(m));
    assertThat(c.aaFailed()).isTrue();
    assertThat(c.line(6)).contains("A/A DIFFERS");
  }

  @Test
  void writtenAndReadBackTheSame() throws Exception {
    Random r = new Random(7);
    Calibration c =
        new Calibration(
            "h|cpu|2|6.1|17",
            "rpcx t8-r2000",
            6,
            List.of(
                Calibration.Metric.of(
                    "throughput", trials(r, 6, 1000, 0.05), trials(r, 6, 1000, 0.05)),
                Calibration.Metric.of("p99", trials(r, 6, 300, 0.2), trials(r, 6, 300, 0.2))));
    StringWriter w = new StringWriter();
    c.write(w);
    assertThat(Calibration.read(new StringReader(w.toString()))).isEqualTo(c);
    assertThat(c.line(6))
        .startsWith(
            "calibration (rpcx t8-r2000, 6 + 6 A/A trials): throughput detectable with 6 trials: +-");
    assertThatThrownBy(() -> Calibration.read(new StringReader("format=x\n")))
        .hasMessageContaining("not a calibration file");
  }
}
