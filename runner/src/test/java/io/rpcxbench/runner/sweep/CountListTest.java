package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CountListTest {
  private static final CountList.Range THREADS = CountList.Range.of(10, 990, 10);

  @Test
  void aSingleValueIsThatValueOnly() {
    assertThat(CountList.parse("--threads", "100", THREADS).values()).containsExactly(100);
  }

  @Test
  void rangesAndValuesComeOutAscendingEachOnce() {
    CountList c = CountList.parse("--threads", "10:910:100,990,110", THREADS);
    assertThat(c.values()).containsExactly(10, 110, 210, 310, 410, 510, 610, 710, 810, 910, 990);
    assertThat(c.description()).isEqualTo("10:910:100,990,110");
  }

  /** The plan line shows a LIST as the user gave it: values as values, ranges as ranges. */
  @Test
  void theDescriptionIsTheListAsGivenWithARangesEmptyFieldsFilled() {
    assertThat(CountList.parse("--threads", "10,110", THREADS).description()).isEqualTo("10,110");
    assertThat(CountList.parse("--threads", "100", THREADS).description()).isEqualTo("100");
    assertThat(CountList.parse("--threads", "100:", THREADS).description()).isEqualTo("100:990:10");
    assertThat(CountList.parse("--threads", "10:990:10", THREADS).description())
        .isEqualTo("10:990:10");
  }

  @Test
  void aRangeEndsAtItsLastStepBelowTo() {
    assertThat(CountList.parse("--requests", "10:35:10", THREADS).values())
        .containsExactly(10, 20, 30);
  }

  @Test
  void emptyRangeFieldsKeepTheDefaults() {
    assertThat(CountList.parse("--requests", ":100", CountList.Range.of(10, 900, 10)).values())
        .containsExactly(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);
    assertThat(CountList.parse("--threads", "::", THREADS).values()).hasSize(99);
  }

  @Test
  void badListsAreRefusedWithSweepShsMessages() {
    assertThatThrownBy(() -> CountList.parse("--threads", "0", THREADS))
        .hasMessage("--threads: expected a positive integer, got '0'");
    assertThatThrownBy(() -> CountList.parse("--threads", "10,", THREADS))
        .hasMessageContaining("separated by commas");
    assertThatThrownBy(() -> CountList.parse("--threads", "20:10", THREADS))
        .hasMessage("--threads: FROM (20) is greater than TO (10)");
    assertThatThrownBy(() -> CountList.parse("--threads", "1:2:3:4", THREADS))
        .hasMessage("--threads: expected FROM[:TO[:STEP]], got '1:2:3:4'");
    assertThatThrownBy(() -> CountList.parse("--threads", "1:x", THREADS))
        .hasMessage("--threads: TO must be a positive integer, got 'x'");
    assertThatThrownBy(() -> CountList.parse("--threads", "1:200000:1", THREADS))
        .hasMessageContaining("more than 100000 values");
  }
}
