package io.rpcxbench.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class NetworkProfilesTest {
  private final NetworkProfiles profiles = NetworkProfiles.packed();

  @Test
  void theTableHasTheIssuesPresets() {
    assertThat(profiles.all())
        .extracting(NetworkProfile::name)
        .contains("loopback", "lan", "cross-az", "wan", "lossy", "paper-1mbit", "paper-1gbit");
    NetworkProfile wan = profiles.named("wan");
    assertThat(wan.addedRttNanos()).isEqualTo(40_000_000L);
    assertThat(wan.up().rateBitsPerSecond()).isEqualTo(100_000_000L);
    assertThat(wan.up().jitterNanos()).isEqualTo(2_000_000L);
    assertThat(profiles.named("lan").addedRttNanos()).isEqualTo(100_000L);
    assertThat(profiles.named("lossy").up().loss()).isEqualTo(0.01);
    assertThat(profiles.named("lossy").up().needsPackets()).isTrue();
    assertThat(profiles.named("loopback").up().rateBitsPerSecond()).isZero();
  }

  @Test
  void theRateThatBoundsALinkIsItsSlowerShapedDirection() {
    assertThat(profiles.named("paper-1mbit").rateText()).isEqualTo("1mbit");
    assertThat(profiles.named("loopback").rateText()).as("not shaped").isEmpty();
    LinkSettings s = new LinkSettings();
    new CommandLine(s).parseArgs("--profile", "loopback", "--up-rate", "10mbit");
    assertThat(s.resolve(profiles).rateText()).isEqualTo("10mbit");
  }

  @Test
  void anUnknownProfileNamesTheKnownOnes() {
    assertThatThrownBy(() -> profiles.named("mars"))
        .hasMessageStartingWith("unknown --profile 'mars' (known: loopback, lan, cross-az");
  }

  @Test
  void flagsOverrideTheProfileInBothDirectionsOrOne() {
    LinkSettings s = new LinkSettings();
    new CommandLine(s).parseArgs("--profile", "wan", "--delay", "5ms", "--up-rate", "10mbit");
    NetworkProfile p = s.resolve(profiles);
    assertThat(p.up().delayNanos()).isEqualTo(5_000_000L);
    assertThat(p.down().delayNanos()).isEqualTo(5_000_000L);
    assertThat(p.up().rateBitsPerSecond()).isEqualTo(10_000_000L);
    assertThat(p.down().rateBitsPerSecond()).isEqualTo(100_000_000L);
    assertThat(s.modified()).isTrue();
    assertThat(p.up().describe())
        .isEqualTo(
            "delay=5ms jitter=2ms distribution=normal loss=0% loss_correlation=0% reorder=0% duplicate=0% rate=10mbit");
  }

  @Test
  void badValuesSayWhatTheyMustLookLike() {
    LinkSettings s = new LinkSettings();
    new CommandLine(s).parseArgs("--delay", "20");
    assertThatThrownBy(() -> s.resolve(profiles))
        .hasMessage("delay must look like 20ms or 500us, got '20'");
    LinkSettings r = new LinkSettings();
    new CommandLine(r).parseArgs("--rate", "7bit");
    assertThatThrownBy(() -> r.resolve(profiles))
        .hasMessage(
            "rate must look like 1mbit (bit, kbit, mbit, gbit; at least 8kbit) or -, got '7bit'");
  }

  @Test
  void aTableLineWithMissingColumnsIsRefusedWithItsNumber() {
    assertThatThrownBy(() -> NetworkProfiles.parse("# c\nwan\t20ms\t2ms\n"))
        .hasMessage("network-profiles.tsv line 2: 3 columns, expected 10");
  }
}
