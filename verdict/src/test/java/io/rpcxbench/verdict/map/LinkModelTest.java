package io.rpcxbench.verdict.map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.rpcxbench.stats.Estimate;
import io.rpcxbench.verdict.choose.ChooseOutcome;
import org.junit.jupiter.api.Test;

class LinkModelTest {
  private static Estimate plain(double v) {
    return new Estimate(v, v * 0.9, v * 1.1, "test");
  }

  /** 20,000 calls/s where the link takes nothing, 100 bytes in and 400 out a call, cap 256. */
  private static final ChooseOutcome.Candidate RPCX =
      new ChooseOutcome.Candidate(
          "rpcx", plain(20000), "server", plain(100), plain(400), plain(50), plain(1), 256);

  @Test
  void theCpuTermBindsWhereTheLinkTakesNothing() {
    LinkModel.Bound b = LinkModel.bound(RPCX, RPCX, 0.05, 0, null, 5000.0);
    assertThat(b.binding()).isEqualTo("cpu");
    assertThat(b.calls()).isEqualTo(20000);
    assertThat(b.terms().get("in flight")).isCloseTo(256 / 0.05e-3, offset(1e-6));
  }

  @Test
  void littlesLawBindsAtALongRoundTrip() {
    LinkModel.Bound b = LinkModel.bound(RPCX, RPCX, 40, 0, null, 100_000.0);
    assertThat(b.binding()).isEqualTo("in flight");
    assertThat(b.calls()).isCloseTo(6400, offset(1e-6));
  }

  @Test
  void theBandwidthTermCountsTheWiderDirectionWithItsHeaders() {
    LinkModel.Bound b = LinkModel.bound(RPCX, RPCX, 0.05, 0, 1e6, 5000.0);
    assertThat(b.binding()).isEqualTo("bandwidth");
    assertThat(b.calls()).isCloseTo(1e6 / 8 / (400 + LinkModel.HEADERS), offset(1e-9));
  }

  @Test
  void lossBoundsTcpAndTheSloBoundsTheRoundTrip() {
    LinkModel.Bound lossy = LinkModel.bound(RPCX, RPCX, 40, 0.01, null, 100_000.0);
    double mathis = LinkModel.MSS / 0.040 * Math.sqrt(1.5 / 0.01) / (400 + LinkModel.HEADERS);
    assertThat(lossy.terms().get("loss")).isCloseTo(mathis, offset(1e-6));
    LinkModel.Bound far = LinkModel.bound(RPCX, RPCX, 6, 0, null, 5000.0);
    assertThat(far.binding()).isEqualTo("latency");
    assertThat(far.calls()).isZero();
  }

  @Test
  void aMeasurementStandsWithinBelowOrAboveItsBound() {
    LinkModel.Bound b = LinkModel.bound(RPCX, RPCX, 40, 0, null, 100_000.0); // 6400
    assertThat(LinkModel.against(plain(6400), b)).isEqualTo("within");
    assertThat(LinkModel.against(plain(3000), b)).isEqualTo("below");
    assertThat(LinkModel.against(plain(9000), b)).isEqualTo("above");
  }
}
