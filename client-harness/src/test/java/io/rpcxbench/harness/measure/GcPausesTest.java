package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness's own GC pauses: stop-the-world collectors only, per run as a difference. */
class GcPausesTest {

  @Test
  void concurrentCyclesAreNotPauses() {
    assertThat(GcPauses.concurrent("ZGC Cycles")).isTrue();
    assertThat(GcPauses.concurrent("Shenandoah Cycles")).isTrue();
    assertThat(GcPauses.concurrent("G1 Concurrent GC")).isTrue();
    assertThat(GcPauses.concurrent("G1 Young Generation")).isFalse();
    assertThat(GcPauses.concurrent("ZGC Pauses")).isFalse();
    assertThat(GcPauses.concurrent("Copy")).isFalse();
  }

  @Test
  void aRunsPausesAreTheDifferenceOfTwoSamples() {
    GcPauses.Sample before = GcPauses.sample();
    List<byte[]> garbage = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      garbage.add(new byte[64 * 1024]);
      if (garbage.size() > 16) {
        garbage.clear();
      }
    }
    System.gc();
    GcPauses.Sample used = GcPauses.sample().minus(before);

    assertThat(used.count()).isPositive();
    assertThat(used.millis()).isNotNegative();
    assertThat(new GcPauses.Sample(5, 10).minus(new GcPauses.Sample(7, 3)))
        .isEqualTo(new GcPauses.Sample(0, 7));
  }
}
