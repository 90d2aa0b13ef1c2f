package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowPairingTest {
  private final WindowPairing w = new WindowPairing(Duration.ofSeconds(2), Duration.ofMillis(400));

  @Test
  void theRoundsOrderThenBackAgainOneSlotAfterAnother() {
    Map<String, List<Long>> at = w.instants(List.of("new", "base"), 4, 1_000_000L);
    // new base | base new | new base | base new, 2.4 s apart, 1 s more between two slots in a row
    // of one variant (its bookkeeping between runs)
    assertThat(at.get("new")).containsExactly(1_000_000L, 1_008_200L, 1_011_600L, 1_019_800L);
    assertThat(at.get("base")).containsExactly(1_002_400L, 1_005_800L, 1_014_000L, 1_017_400L);
    assertThat(w.measuring(List.of("new", "base"), 4)).isEqualTo(Duration.ofMillis(22_200));
  }

  @Test
  void threeVariantsEachOnceAPassAndNoTwoInOneSlot() {
    Map<String, List<Long>> at = w.instants(List.of("a", "b", "c"), 3, 0L);
    // a b c | c b a | a b c: c twice in a row, then a
    assertThat(at.get("a")).containsExactly(0L, 13_000L, 16_400L);
    assertThat(at.get("c")).containsExactly(4_800L, 8_200L, 21_200L);
    assertThat(at.values().stream().flatMap(List::stream).distinct().count()).isEqualTo(9);
  }

  @Test
  void windowsOfDifferentVariantsThatOverlapAreMeasuredOnlyAcrossVariants() {
    List<WindowPairing.Window> windows =
        List.of(
            new WindowPairing.Window("a", 0, 0, 2_000_000),
            new WindowPairing.Window("a", 1, 1_500_000, 3_000_000), // its own: not counted
            new WindowPairing.Window("b", 0, 2_400_000, 4_400_000));
    assertThat(WindowPairing.overlapUs(windows)).isEqualTo(600_000);
    assertThat(WindowPairing.overlapUs(windows.subList(0, 2))).isZero();
    assertThat(
            WindowPairing.overlapUs(
                List.of(
                    new WindowPairing.Window("a", 0, 0, 2_000_000),
                    new WindowPairing.Window("b", 0, 2_400_000, 4_400_000))))
        .isZero();
  }

  @Test
  void windowsNeedRunsOfATime() {
    assertThatThrownBy(() -> new WindowPairing(Duration.ZERO, WindowPairing.GAP))
        .hasMessageContaining("--pairing windows needs runs of a time (--run-time)");
  }
}
