package io.rpcxbench.scripts;

import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The test lines of a {@code bats --tap --timing} run, by the time each took. */
final class TestTimes {
  private static final Pattern TIMED = Pattern.compile("^(?:not )?ok \\d+ .* in (\\d+)ms$");

  private TestTimes() {}

  /**
   * The {@code n} tests that took longest, longest first (skipped ones and other lines left out).
   */
  static List<String> slowest(List<String> tapLines, int n) {
    return tapLines.stream()
        .filter(l -> TIMED.matcher(l).matches())
        .sorted(Comparator.comparingLong(TestTimes::millis).reversed())
        .limit(n)
        .toList();
  }

  static long millis(String tapLine) {
    Matcher m = TIMED.matcher(tapLine);
    return m.matches() ? Long.parseLong(m.group(1)) : -1;
  }
}
