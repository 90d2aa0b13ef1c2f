package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DerivedProfileTest {
  private final NetworkProfiles profiles = NetworkProfiles.packed();

  @Test
  void aDerivedNameChangesItsBaseInBothDirections() {
    NetworkProfile p = profiles.named("wan+rtt=10ms+loss=0.5%+rate=1mbit");
    assertThat(p.name()).isEqualTo("wan+rtt=10ms+loss=0.5%+rate=1mbit");
    assertThat(p.addedRttNanos()).isEqualTo(10_000_000L);
    assertThat(p.up().delayNanos()).isEqualTo(5_000_000L);
    assertThat(p.down().loss()).isEqualTo(0.005);
    assertThat(p.up().rateBitsPerSecond()).isEqualTo(1_000_000L);
    // what it does not name stays the base's
    assertThat(p.up().jitterNanos()).isEqualTo(2_000_000L);
    assertThat(p.description()).isEqualTo("wan with rtt 10ms, loss 0.5%, rate 1mbit (derived)");
    assertThat(p.packetsOnly()).isEqualTo("packet loss");
  }

  @Test
  void jitterOnALinkWithoutADistributionIsNormal() {
    NetworkProfile p = profiles.named("loopback+rtt=1ms+jitter=100us");
    assertThat(p.up().distribution()).isEqualTo("normal");
    assertThat(p.settings())
        .containsEntry("down_delay", "500us")
        .containsEntry("up_jitter", "100us");
  }

  @Test
  void theNameIsWhatNameWrites() {
    Map<String, String> changes = new LinkedHashMap<>();
    changes.put("rtt", "0.1ms");
    changes.put("loss", "1%");
    String name = DerivedProfile.name("lan", changes);
    assertThat(name).isEqualTo("lan+rtt=0.1ms+loss=1%");
    assertThat(profiles.named(name).addedRttNanos()).isEqualTo(100_000L);
  }

  @Test
  void aBadPartIsNamed() {
    assertThatThrownBy(() -> profiles.named("mars+rtt=1ms"))
        .hasMessageStartingWith("unknown base profile 'mars' in 'mars+rtt=1ms'");
    assertThatThrownBy(() -> profiles.named("lan+speed=1ms"))
        .hasMessageStartingWith("'speed=1ms' in profile 'lan+speed=1ms': expected SETTING=VALUE");
    assertThatThrownBy(() -> profiles.named("lan+rtt=1ms+rtt=2ms"))
        .hasMessageContaining("once each");
    assertThatThrownBy(() -> profiles.named("lan+rtt=fast"))
        .hasMessageStartingWith("rtt must look like 20ms");
  }
}
