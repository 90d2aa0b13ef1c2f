package io.rpcxbench.verdict.map;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrossingsTest {
  /**
   * A fake pair whose ratio B / A grows with the round trip and crosses 1 at 12 ms; each point's
   * interval +-0.3 in log: decided where the ratio is more than e^0.3 from 1.
   */
  private static List<Crossings.Point> fakeCrossingAt12ms(double... xs) {
    List<Crossings.Point> points = new ArrayList<>();
    for (double x : xs) {
      double r = 0.9 * (Math.log10(x) - Math.log10(12));
      points.add(new Crossings.Point(x, r, r - 0.3, r + 0.3, Math.abs(r) > 0.3));
    }
    return points;
  }

  @Test
  void theCrossingOfAFakeWhoseWinnerChangesAt12msIsFoundWithAnIntervalThatCoversIt() {
    List<Crossings.Crossing> found =
        Crossings.of(fakeCrossingAt12ms(0.1, 1, 3, 10, 30, 100), MapAxis.RTT);
    assertThat(found).hasSize(1);
    Crossings.Crossing x = found.get(0);
    assertThat(x.from()).isEqualTo(-1); // A ahead below it
    assertThat(x.estimate()).isBetween(11.0, 13.0);
    assertThat(x.low()).isLessThanOrEqualTo(12.0).isGreaterThanOrEqualTo(3.0);
    assertThat(x.high()).isGreaterThanOrEqualTo(12.0).isLessThanOrEqualTo(30.0);
  }

  @Test
  void anUndecidedStretchIsNoCrossingAndASideThatNeverChangesHasNone() {
    List<Crossings.Point> flat = new ArrayList<>();
    for (double x : new double[] {0.1, 1, 10}) {
      flat.add(new Crossings.Point(x, 0.5, 0.2, 0.8, true));
    }
    assertThat(Crossings.of(flat, MapAxis.RTT)).isEmpty();
    List<Crossings.Point> fading = new ArrayList<>(flat.subList(0, 2));
    fading.add(new Crossings.Point(10, -0.1, -0.5, 0.3, false));
    assertThat(Crossings.of(fading, MapAxis.RTT)).isEmpty();
  }

  @Test
  void onALinearAxisFromZeroTheCrossingIsInterpolatedLinearly() {
    List<Crossings.Point> loss = new ArrayList<>();
    loss.add(new Crossings.Point(0, 0.6, 0.4, 0.8, true));
    loss.add(new Crossings.Point(2, -0.6, -0.8, -0.4, true));
    Crossings.Crossing x = Crossings.of(loss, MapAxis.LOSS).get(0);
    assertThat(x.estimate()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(x.low()).isCloseTo(2.0 / 3, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(x.high()).isCloseTo(4.0 / 3, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void theBoundsFlipWhereTheirOrderChanges() {
    List<Double> flips =
        Crossings.flips(
            List.of(1.0, 10.0, 100.0),
            List.of(Math.log(2), Math.log(1.01), Math.log(0.25)),
            MapAxis.RTT);
    // the middle one is a tie (within 5 %): the flip lies between its decided neighbours, where
    // the straight line between ln 2 and ln 0.25 on log10 of the axis reaches 0
    assertThat(flips).hasSize(1);
    double at = Math.pow(10, 2 * Math.log(2) / (Math.log(2) - Math.log(0.25)));
    assertThat(flips.get(0)).isCloseTo(at, org.assertj.core.data.Offset.offset(1e-9));
  }
}
