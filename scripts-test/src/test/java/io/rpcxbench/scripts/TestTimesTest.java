package io.rpcxbench.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

final class TestTimesTest {
  @Test
  void theSlowestTestsFirstFailuresIncludedUntimedLinesLeftOut() {
    List<String> tap =
        List.of(
            "1..4",
            "ok 1 quick in 120ms",
            "not ok 2 a sweep in 9 s in 61000ms",
            "# (in test file x.bats, line 3)",
            "ok 3 skipped in 4ms # skip no root",
            "ok 4 the fleet in 300500ms");
    assertEquals(
        List.of("ok 4 the fleet in 300500ms", "not ok 2 a sweep in 9 s in 61000ms"),
        TestTimes.slowest(tap, 2));
    assertEquals(-1, TestTimes.millis("ok 3 skipped in 4ms # skip no root"));
  }
}
