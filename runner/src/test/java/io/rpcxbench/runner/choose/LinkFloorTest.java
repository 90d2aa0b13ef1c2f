package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** An SLO the link alone cannot meet is refused before any search; a tight one is said. */
class LinkFloorTest {
  private static final Map<String, String> CROSS_AZ =
      Map.of(
          "link_rtt_measured_ms",
          "2.070",
          "link_rtt_check",
          "off: the link-shaper added 2.028 ms, the profile 1.000 ms (tolerance 0.300 ms)");

  @Test
  void anSloAtOrBelowTheLinksRoundTripIsInfeasible() {
    LinkFloor f = LinkFloor.of(CROSS_AZ).orElseThrow();
    String refusal = f.refusal(Slo.parse("p99=2ms", 0, 0.01));
    assertThat(refusal)
        .startsWith("infeasible: p99<=2ms is at or below what the link alone takes (a round trip")
        .contains("2.070 ms")
        .contains("off: the link-shaper added 2.028 ms")
        .contains("nothing searched");
    assertThat(f.refusal(Slo.parse("p99=5ms", 0, 0.01))).isNull();
  }

  @Test
  void aTightSloIsNotedAndNoLinkMeansNoFloor() {
    LinkFloor f = LinkFloor.of(CROSS_AZ).orElseThrow();
    assertThat(f.tightness(Slo.parse("p99=3ms", 0, 0.01)))
        .startsWith("note: the link alone takes 2.070 ms of p99<=3ms's 3.000 ms: 69 %");
    assertThat(f.tightness(Slo.parse("p99=10ms", 0, 0.01))).isNull();
    assertThat(LinkFloor.of(Map.of())).isEmpty();
    assertThat(LinkFloor.of(Map.of("link_rtt_measured_ms", "NaN"))).isEmpty();
  }
}
