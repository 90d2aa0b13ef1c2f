package io.rpcxbench.verdict.diff;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RunRow;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Two folders recorded apart, one on a busy machine: no calibration covers that. */
class ContentionTest {
  private static final PointIdentity RPCX = PointIdentity.closed("rpcx", 8, 2000);

  private static DiffSide.Point side(long startS, double contendedShare, double us) {
    List<DiffSide.Trial> trials = new ArrayList<>();
    for (int k = 1; k <= 6; k++) {
      List<RunRow> kept = new ArrayList<>();
      for (int order = 1; order <= 4; order++) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < 1000; i++) {
          h.recordValue((long) (us * 1000 * (1 + 0.01 * k + 0.001 * i)));
        }
        boolean contended = order <= Math.round(4 * contendedShare);
        kept.add(
            RunRow.measured(1, 8, 2000, order, 100 + k, 16000, 0, h)
                .withExtra(Map.of("contended", contended ? "1" : "0")));
      }
      Instant t = Instant.parse("2026-11-28T02:00:00Z").plusSeconds(startS + 20L * k);
      trials.add(new DiffSide.Trial(Path.of("t" + k), k, kept, t, t.plusSeconds(10), 500));
    }
    return new DiffSide.Point(RPCX, "rpcx/t8-r2000", trials);
  }

  @Test
  void sidesRecordedApartUnderDifferentContentionGetNoVerdictEvenWithACalibration()
      throws Exception {
    io.rpcxbench.stats.Calibration c = CalibrationFixture.of(0.01);
    PointChange busy = PointChange.of(side(0, 0.75, 100), side(3600, 0, 300), c, 0.05);
    assertThat(busy.design()).isEqualTo(PointChange.Design.APART);
    assertThat(busy.tests().get(PointChange.Measure.P50.ordinal()).tested()).isFalse();
    assertThat(busy.verdict(PointChange.Measure.P50))
        .isEqualTo(
            "recorded apart under different contention (BASE 75 %, NEW 0 % of runs): a busy"
                + " machine against a quiet one, which no calibration covers");
    PointChange quiet = PointChange.of(side(0, 0, 100), side(3600, 0, 300), c, 0.05);
    assertThat(quiet.tests().get(PointChange.Measure.P50.ordinal()).significant()).isTrue();
  }
}
