package io.rpcxbench.harness.runner.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkProbeTest {
  @Test
  void theEchoAnswersOverARealSocketAndTheRoundTripIsRecorded() throws Exception {
    try (LinkProbe echo = LinkProbe.start()) {
      LinkProbe.Rtt rtt = LinkProbe.measure(echo.port());
      assertThat(rtt.medianMs()).isPositive();
      assertThat(rtt.spreadMs()).isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void whatTheShaperAddsIsJudgedAgainstTheProfileWithTheLabsTolerance() {
    LinkProbe.Rtt base = new LinkProbe.Rtt(0.1, 0.05);
    assertThat(LinkProbe.provenance(base, new LinkProbe.Rtt(40.6, 3), 40))
        .containsEntry("link_rtt_check", "ok")
        .containsEntry("link_rtt_measured_ms", "40.600")
        .containsEntry("link_rtt_base_ms", "0.100")
        .containsEntry("link_rtt_expected_added_ms", "40.000");
    // cross-az: 1 ms asked, 1.25 added is within 0.3 ms; 1.5 is not
    assertThat(LinkProbe.provenance(base, new LinkProbe.Rtt(1.35, 0.2), 1))
        .containsEntry("link_rtt_check", "ok");
    assertThat(LinkProbe.provenance(base, new LinkProbe.Rtt(1.6, 0.2), 1).get("link_rtt_check"))
        .startsWith(
            "off: the link-shaper added 1.500 ms, the profile 1.000 ms (tolerance 0.300 ms)");
  }
}
