package io.rpcxbench.harness.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One reading of how busy the whole machine is, from a {@code /proc} tree, for {@link
 * MachineNoise}: the 1-minute load average ({@code loadavg}), the CPU pressure stall time ({@code
 * pressure/cpu}'s {@code some} line: {@code total} in µs, else {@code avg10}), the CPU time of the
 * machine and its steal ({@code stat}'s {@code cpu} line), the online CPUs ({@code stat}'s {@code
 * cpuN} lines) and every process's CPU time and parent ({@code PID/stat}). A part that cannot be
 * read is unknown (NaN, -1, an empty map), never an error: a kernel without PSI, a container that
 * hides /proc files.
 *
 * <pre>{@code
 * NoiseSnapshot s = NoiseSnapshot.read(Path.of("/proc"), true);
 * s.load1();   // 0.87
 * }</pre>
 *
 * @param nanoTime when it was read ({@link System#nanoTime})
 * @param load1 the 1-minute load average, NaN when unknown
 * @param pressureTotalUs the {@code some} line's {@code total} (µs), -1 when unknown
 * @param pressureAvg10 the {@code some} line's {@code avg10} (%), NaN when unknown
 * @param cpuTicks the {@code cpu} line's user .. steal summed, -1 when unknown
 * @param stealTicks the {@code cpu} line's steal, -1 when unknown
 * @param busyTicks the {@code cpu} line's user + nice + system (the time processes ran; not idle,
 *     iowait, interrupts or steal), -1 when unknown
 * @param busyByCpu each {@code cpuN} line's user + nice + system, by N; empty when unknown
 * @param cpus online CPUs ({@code cpuN} lines), 0 when unknown
 * @param processes pid to its CPU ticks, parent and start; empty when not read
 */
record NoiseSnapshot(
    long nanoTime,
    double load1,
    long pressureTotalUs,
    double pressureAvg10,
    long cpuTicks,
    long stealTicks,
    long busyTicks,
    Map<Integer, Long> busyByCpu,
    int cpus,
    Map<Long, Process> processes) {

  /** Kernel threads are children of this pid (kthreadd). */
  static final long KTHREADD = 2;

  /**
   * A process as {@code PID/stat} says.
   *
   * @param ticks its own CPU time, utime + stime
   * @param reaped its waited-for children's, cutime + cstime
   * @param parent its parent's pid
   * @param started its start time (field 22, ticks since boot), -1 when the line has none
   */
  record Process(long ticks, long reaped, long parent, long started) {
    /** Whether {@code later}, read under the same pid, is this process and not a reused pid. */
    boolean sameAs(Process later) {
      return parent == later.parent && started == later.started;
    }
  }

  NoiseSnapshot {
    busyByCpu = Map.copyOf(busyByCpu);
    processes = Map.copyOf(processes);
  }

  /**
   * user + nice + system of the CPUs {@code only}: all of them (the {@code cpu} line) when it is
   * empty, holds them all or names one the snapshot has no line for; -1 when unknown.
   */
  long busyOn(Set<Integer> only) {
    if (only.isEmpty()
        || only.containsAll(busyByCpu.keySet())
        || !busyByCpu.keySet().containsAll(only)) {
      return busyTicks;
    }
    return only.stream().mapToLong(busyByCpu::get).sum();
  }

  /** Reads {@code proc} now; {@code withProcesses}: every {@code PID/stat} too. */
  static NoiseSnapshot read(Path proc, boolean withProcesses) {
    long now = System.nanoTime();
    String pressure = text(proc.resolve("pressure/cpu"));
    String stat = text(proc.resolve("stat"));
    return new NoiseSnapshot(
        now,
        load1(text(proc.resolve("loadavg"))),
        pressureField(pressure, "total"),
        pressureAvg10(pressure),
        cpuLine(stat, false),
        cpuLine(stat, true),
        busy(stat).getOrDefault(-1, -1L),
        perCpu(busy(stat)),
        cpus(stat),
        withProcesses ? processes(proc) : Map.of());
  }

  /** The host-wide parts only (another host's, read over ssh), with {@code nanoTime} now. */
  static NoiseSnapshot ofHost(String loadavg, String pressure, String stat) {
    return new NoiseSnapshot(
        System.nanoTime(),
        load1(loadavg),
        pressureField(pressure, "total"),
        pressureAvg10(pressure),
        cpuLine(stat, false),
        cpuLine(stat, true),
        busy(stat).getOrDefault(-1, -1L),
        perCpu(busy(stat)),
        cpus(stat),
        Map.of());
  }

  /** {@code 0.87 0.53 0.23 1/202 8789} -> 0.87; NaN when unreadable. */
  static double load1(String loadavg) {
    try {
      return Double.parseDouble(loadavg.trim().split("\\s+")[0]);
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  /** {@code some avg10=2.03 avg60=7.67 avg300=5.10 total=23324035}'s avg10; NaN when absent. */
  static double pressureAvg10(String pressure) {
    String v = pressureValue(pressure, "avg10");
    try {
      return v == null ? Double.NaN : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** The {@code some} line's {@code key=N} as a whole number; -1 when absent. */
  static long pressureField(String pressure, String key) {
    String v = pressureValue(pressure, key);
    try {
      return v == null ? -1 : Long.parseLong(v);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String pressureValue(String pressure, String key) {
    if (pressure == null) {
      return null;
    }
    for (String line : pressure.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("some")) {
        for (String pair : f) {
          if (pair.startsWith(key + "=")) {
            return pair.substring(key.length() + 1);
          }
        }
      }
    }
    return null;
  }

  /**
   * The {@code cpu} line: user, nice, system, idle, iowait, irq, softirq and steal summed (guest
   * time is inside user already), or only steal; -1 when unreadable.
   */
  static long cpuLine(String stat, boolean stealOnly) {
    if (stat == null) {
      return -1;
    }
    for (String line : stat.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("cpu") && f.length > 8) {
        try {
          if (stealOnly) {
            return Long.parseLong(f[8]);
          }
          long all = 0;
          for (int i = 1; i <= 8; i++) {
            all += Long.parseLong(f[i]);
          }
          return all;
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return -1;
  }

  /**
   * user + nice + system of the {@code cpu} line (key -1) and of each {@code cpuN} line (key N):
   * the time processes ran, kernel threads included; interrupts, idle, iowait and steal not. Guest
   * time is inside user.
   */
  static Map<Integer, Long> busy(String stat) {
    Map<Integer, Long> busy = new HashMap<>();
    if (stat == null) {
      return busy;
    }
    for (String line : stat.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length > 3 && f[0].startsWith("cpu")) {
        try {
          int cpu = f[0].length() == 3 ? -1 : Integer.parseInt(f[0].substring(3));
          busy.put(cpu, Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]));
        } catch (NumberFormatException e) {
          // not a cpu line after all
        }
      }
    }
    return busy;
  }

  private static Map<Integer, Long> perCpu(Map<Integer, Long> busy) {
    Map<Integer, Long> m = new HashMap<>(busy);
    m.remove(-1);
    return m;
  }

  /** Online CPUs: {@code /proc/stat} lists one {@code cpuN} line for each. */
  static int cpus(String stat) {
    if (stat == null) {
      return 0;
    }
    int n = 0;
    for (String line : stat.split("\n")) {
      if (line.matches("cpu\\d+\\s.*")) {
        n++;
      }
    }
    return n;
  }

  /** Every process's CPU ticks, parent and start; one that ends while being read is left out. */
  private static Map<Long, Process> processes(Path proc) {
    Map<Long, Process> all = new HashMap<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path dir : dirs) {
        String stat = text(dir.resolve("stat"));
        if (stat == null) {
          continue;
        }
        try {
          long pid = Long.parseLong(dir.getFileName().toString());
          all.put(pid, process(stat));
        } catch (RuntimeException e) {
          // not a process folder, or a line cut short: leave it out
        }
      }
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
    return all;
  }

  /** A {@code PID/stat} line: fields 4 (parent), 14-17 (times) and 22 (start) when present. */
  static Process process(String stat) {
    // comm (field 2) may hold spaces and parentheses: count fields after the last ')'; f[0] is 3
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    return new Process(
        Long.parseLong(f[11]) + Long.parseLong(f[12]),
        Long.parseLong(f[13]) + Long.parseLong(f[14]),
        Long.parseLong(f[1]),
        f.length > 19 ? Long.parseLong(f[19]) : -1);
  }

  private static String text(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
