package io.rpcxbench.report.capacity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What bench/capacity.sh copied from the OS at one instant beside a point: the quota cgroup's
 * {@code cpu.stat} (cgroup v2: {@code usage_usec}, {@code nr_periods}, {@code nr_throttled}, {@code
 * throttled_usec}; v1: {@code nr_periods}, {@code nr_throttled}, {@code throttled_time} in ns, with
 * the CPU time in {@code cpuacct.usage}, ns), the clock ({@code epoch}, seconds), {@code
 * /proc/loadavg} ({@code loadavg}) and {@code /proc/pressure/cpu} ({@code pressure-cpu}, absent on
 * kernels without PSI). The script copies the files; the parsing is here, once.
 *
 * <pre>{@code
 * CgroupSnapshot before = CgroupSnapshot.read(point.resolve("before")).orElseThrow();
 * double cores = after.cpuCoresSince(before);   // the cgroup's CPU over the wall time between
 * }</pre>
 */
record CgroupSnapshot(
    double usageMicros,
    long periods,
    long throttledPeriods,
    double throttledMicros,
    double epochSeconds,
    double load1,
    Double cpuPressureSome) {

  static final String CPU_STAT = "cpu.stat";
  static final String CPUACCT_USAGE = "cpuacct.usage";
  static final String EPOCH = "epoch";
  static final String LOADAVG = "loadavg";
  static final String PRESSURE = "pressure-cpu";
  private static final Pattern SOME_AVG10 =
      Pattern.compile("^some avg10=([0-9]+(?:\\.[0-9]+)?)", Pattern.MULTILINE);

  /**
   * The snapshot in {@code folder}; empty when there is none (points measured before it existed).
   */
  static Optional<CgroupSnapshot> read(Path folder) throws IOException {
    if (!Files.isRegularFile(folder.resolve(CPU_STAT))) {
      return Optional.empty();
    }
    Map<String, Double> stat = keyValues(text(folder.resolve(CPU_STAT)));
    Optional<String> v1Usage = optionalText(folder.resolve(CPUACCT_USAGE));
    double usageMicros =
        v1Usage.isPresent()
            ? number(v1Usage.get().trim(), CPUACCT_USAGE) / 1000
            : stat.getOrDefault("usage_usec", 0.0);
    double throttledMicros =
        stat.containsKey("throttled_usec")
            ? stat.get("throttled_usec")
            : stat.getOrDefault("throttled_time", 0.0) / 1000;
    return Optional.of(
        new CgroupSnapshot(
            usageMicros,
            stat.getOrDefault("nr_periods", 0.0).longValue(),
            stat.getOrDefault("nr_throttled", 0.0).longValue(),
            throttledMicros,
            number(text(folder.resolve(EPOCH)).trim(), EPOCH),
            number(text(folder.resolve(LOADAVG)).trim().split("\\s+")[0], LOADAVG),
            optionalText(folder.resolve(PRESSURE)).map(CgroupSnapshot::someAvg10).orElse(null)));
  }

  /** The cgroup's CPU cores over the wall time from {@code before} to this snapshot. */
  double cpuCoresSince(CgroupSnapshot before) {
    double seconds = epochSeconds - before.epochSeconds;
    return seconds > 0 ? (usageMicros - before.usageMicros) / 1e6 / seconds : 0;
  }

  /** Throttled periods over all periods since {@code before}; empty without a period. */
  Optional<Double> throttledShareSince(CgroupSnapshot before) {
    long periodsBetween = periods - before.periods;
    return periodsBetween > 0
        ? Optional.of((double) (throttledPeriods - before.throttledPeriods) / periodsBetween)
        : Optional.empty();
  }

  /** The time the quota held the cgroup back since {@code before}, in ms. */
  double throttledMillisSince(CgroupSnapshot before) {
    return (throttledMicros - before.throttledMicros) / 1000;
  }

  /** PSI's {@code some avg10} (%) of a {@code /proc/pressure/cpu} text; null without one. */
  private static Double someAvg10(String pressure) {
    Matcher m = SOME_AVG10.matcher(pressure);
    return m.find() ? Double.parseDouble(m.group(1)) : null;
  }

  /** cpu.stat's {@code key value} lines; a line of another shape is skipped. */
  private static Map<String, Double> keyValues(String text) {
    Map<String, Double> values = new HashMap<>();
    for (String line : text.split("\n")) {
      String[] kv = line.trim().split("\\s+");
      if (kv.length == 2 && kv[1].matches("[0-9]+(\\.[0-9]+)?")) {
        values.put(kv[0], Double.parseDouble(kv[1]));
      }
    }
    return values;
  }

  private static double number(String text, String file) throws IOException {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IOException(file + ": not a number: '" + text + "'", e);
    }
  }

  private static String text(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static Optional<String> optionalText(Path file) throws IOException {
    try {
      return Optional.of(text(file));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }
}
