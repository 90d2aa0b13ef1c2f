package io.rpcxbench.runner.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.link.NetworkProfiles;
import io.rpcxbench.runner.point.ServerSite;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** --link against where the servers are; the proxy's calibration; the lab's facts per profile. */
class LinkProfilesTest {
  private static final Path NO_CHECKOUT = Path.of("/nonexistent");

  @Test
  void theLinkIsTheLabsWithTheLabAndTheProxyElsewhere() {
    assertThat(LinkProfiles.link("auto", ServerSite.LAB)).isEqualTo("auto");
    assertThat(LinkProfiles.link("packet", ServerSite.LAB)).isEqualTo("packet");
    assertThat(LinkProfiles.link("auto", ServerSite.LOCAL)).isEqualTo("proxy");
    assertThat(LinkProfiles.link("proxy", ServerSite.HOST)).isEqualTo("proxy");
    assertThatThrownBy(() -> LinkProfiles.link("proxy", ServerSite.LAB))
        .hasMessageContaining("--link proxy with --lab")
        .hasMessageContaining(LinkProfiles.PROXY_CAVEAT);
    assertThatThrownBy(() -> LinkProfiles.link("packet", ServerSite.LOCAL))
        .hasMessageContaining("use --lab");
    assertThatThrownBy(() -> LinkProfiles.link("carrier-pigeon", ServerSite.LAB))
        .hasMessage("--link must be auto, netem, packet or proxy, got 'carrier-pigeon'");
  }

  @Test
  void lossyRunsInTheLabButNotThroughTheProxy() {
    assertThat(LinkProfiles.checked("lan,lossy", NO_CHECKOUT, ServerSite.LAB, "single", "auto"))
        .containsExactly("lan", "lossy");
    assertThatThrownBy(
            () ->
                LinkProfiles.checked("wan,lossy", NO_CHECKOUT, ServerSite.LOCAL, "single", "proxy"))
        .hasMessageStartingWith("--profile lossy needs packet loss, which only a packet link does")
        .hasMessageContaining(LinkProfiles.PROXY_CAVEAT);
    assertThatThrownBy(
            () -> LinkProfiles.checked("moon", NO_CHECKOUT, ServerSite.LOCAL, "single", "proxy"))
        .hasMessageStartingWith("unknown --profile 'moon' (known: loopback, lan, cross-az");
    assertThat(LinkProfiles.addedRttMs("cross-az", NO_CHECKOUT)).isEqualTo(1.0);
  }

  @Test
  void theProxysExcessComesOffItsDelayHalfEachWayNeverBelowZero() {
    NetworkProfiles table = NetworkProfiles.packed();
    // the finding: cross-az's 0.5 ms a way added 1.21 ms, not 1.0
    ProxyCalibration crossAz = ProxyCalibration.of(table.named("cross-az"), 1.21, 1.0);
    assertThat(crossAz.flags()).containsExactly("--up-delay", "395us", "--down-delay", "395us");
    assertThat(crossAz.describe()).contains("+0.210 ms");
    // lan asks 0.1 ms, less than the proxy's own cost: the delay goes to 0, not below
    assertThat(ProxyCalibration.of(table.named("lan"), 0.78, 0.1).flags())
        .containsExactly("--up-delay", "0us", "--down-delay", "0us");
    assertThat(ProxyCalibration.of(table.named("wan"), 40.01, 40.0)).isNull();
    assertThat(ProxyCalibration.of(table.named("paper-1mbit"), 0.2, 0.0)).isNull();
  }
}
