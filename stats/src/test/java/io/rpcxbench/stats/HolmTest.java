package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HolmTest {
  @Test
  void theSmallestIsTimesTheFamilyAndTheRestStayMonotone() {
    List<Double> a = Holm.adjusted(List.of(0.01, 0.04, 0.03));
    assertThat(a.get(0)).isCloseTo(0.03, within(1e-12));
    assertThat(a.get(2)).isCloseTo(0.06, within(1e-12));
    assertThat(a.get(1)).isCloseTo(0.06, within(1e-12)); // 0.04 x 1, raised to the 0.06 before it
    assertThat(Holm.adjusted(List.of(0.9, 0.8))).containsExactly(1.0, 1.0);
    assertThat(Holm.adjusted(List.of())).isEmpty();
  }
}
