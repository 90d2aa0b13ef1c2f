package io.rpcxbench.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident memory from {@code /proc/PID/status} (Linux): {@code VmRSS} now and {@code
 * VmHWM}, its peak since the start.
 *
 * @param rssKib resident set now, KiB
 * @param peakKib highest resident set so far, KiB
 */
public record ProcessMemory(long rssKib, long peakKib) {
  public static ProcessMemory of(long pid) throws IOException {
    long rss = -1;
    long peak = -1;
    for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
      if (line.startsWith("VmRSS:")) {
        rss = kib(line);
      } else if (line.startsWith("VmHWM:")) {
        peak = kib(line);
      }
    }
    return new ProcessMemory(rss, peak);
  }

  public long peakMib() {
    return peakKib / 1024;
  }

  public long rssMib() {
    return rssKib / 1024;
  }

  private static long kib(String line) {
    return Long.parseLong(line.replaceAll("[^0-9]", ""));
  }
}
