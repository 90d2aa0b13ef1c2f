package io.rpcxbench.harness.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The most threads {@code --threads} may ask for here: at most {@link #CAP}, and at most half of
 * what the kernel ({@code kernel.threads-max}, {@code kernel.pid_max}) and {@code ulimit -u} allow,
 * so that a point fails with exit 2 before its first call instead of dying half-way with "unable to
 * create native thread" (the other half is left to the servers, the JVM's own threads and the rest
 * of the machine).
 *
 * <pre>{@code
 * ThreadLimit limit = ThreadLimit.ofThisMachine();
 * if (threads > limit.max()) throw new IllegalArgumentException(limit.explain(threads));
 * }</pre>
 */
record ThreadLimit(long threadsMax, long pidMax, long userProcesses) {
  /** The harness's own cap, far above the paper's 990. */
  static final int CAP = 10_000;

  /** Unknown or unlimited. */
  static final long NONE = -1;

  static ThreadLimit ofThisMachine() {
    return new ThreadLimit(
        readLong(Path.of("/proc/sys/kernel/threads-max")),
        readLong(Path.of("/proc/sys/kernel/pid_max")),
        maxUserProcesses(Path.of("/proc/self/limits")));
  }

  int max() {
    long max = CAP;
    for (long v : List.of(threadsMax, pidMax, userProcesses)) {
      if (v > 0) {
        max = Math.min(max, v / 2);
      }
    }
    return (int) Math.max(1, max);
  }

  /** The message for a --threads over the bound, with where the bound comes from. */
  String explain(int threads) {
    List<String> parts = new ArrayList<>();
    parts.add("the harness's cap " + CAP);
    parts.add("half of kernel.threads-max " + text(threadsMax));
    parts.add("half of kernel.pid_max " + text(pidMax));
    parts.add("half of ulimit -u " + text(userProcesses));
    return "--threads "
        + threads
        + " is more than this machine allows: at most "
        + max()
        + " ("
        + String.join(", ", parts)
        + ")";
  }

  private static String text(long v) {
    return v > 0 ? String.valueOf(v) : "unlimited";
  }

  private static long readLong(Path file) {
    try {
      // readAllLines streams; readString trusts the size procfs reports and may read 1 byte
      return Long.parseLong(Files.readAllLines(file, StandardCharsets.US_ASCII).get(0).trim());
    } catch (IOException | NumberFormatException | IndexOutOfBoundsException e) {
      return NONE;
    }
  }

  /** The soft "Max processes" of /proc/self/limits ({@code ulimit -u}); NONE if unlimited. */
  static long maxUserProcesses(Path limits) {
    try {
      for (String line : Files.readAllLines(limits, StandardCharsets.US_ASCII)) {
        if (line.startsWith("Max processes")) {
          String soft = line.substring("Max processes".length()).trim().split("\\s+")[0];
          return soft.equals("unlimited") ? NONE : Long.parseLong(soft);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux, or an unexpected format: no bound from here
    }
    return NONE;
  }
}
