package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Local processes and their descendants, read from {@code /proc}: CPU time from {@code
 * /proc/PID/stat} (utime + stime + cutime + cstime, fields 14-17, in clock ticks of 1/100 s:
 * Linux's USER_HZ), peak memory from {@code VmHWM} in {@code /proc/PID/status}, reset by writing 5
 * to {@code /proc/PID/clear_refs}; children from {@code /proc/PID/task/TID/children}. A server of
 * several processes is summed: children that ended and were waited for stay in their parent's
 * cutime.
 */
public final class ProcProcessTree implements ProcessStats {
  /** Linux's USER_HZ, the unit of /proc/PID/stat's times, is 100 on every mainstream arch. */
  public static final long NANOS_PER_TICK = 10_000_000L;

  private final Path proc;
  private final List<Long> roots;

  public ProcProcessTree(Path proc, List<Long> roots) {
    this.proc = proc;
    this.roots = List.copyOf(roots);
  }

  public ProcProcessTree(List<Long> roots) {
    this(Instruments.PROC, roots);
  }

  @Override
  public List<Long> localPids() {
    return List.copyOf(tree());
  }

  @Override
  public boolean resetPeak() {
    boolean all = true;
    for (long pid : tree()) {
      try {
        Files.writeString(proc.resolve(pid + "/clear_refs"), "5", StandardCharsets.US_ASCII);
      } catch (IOException | RuntimeException e) {
        all = false; // another user's process without root, or gone
      }
    }
    return all;
  }

  @Override
  public Sample sample() throws IOException {
    long ticks = 0;
    long rss = 0;
    int count = 0;
    for (long pid : tree()) {
      try {
        ticks += cpuTicks(Files.readString(proc.resolve(pid + "/stat"), StandardCharsets.UTF_8));
        rss += statusKb(Files.readString(proc.resolve(pid + "/status")), "VmHWM");
        count++;
      } catch (IOException e) {
        if (roots.contains(pid)) {
          throw new IOException("server process " + pid + " is gone", e);
        }
        // a child that ended between listing and reading: its parent's cutime has it once reaped
      }
    }
    return new Sample(ticks * NANOS_PER_TICK, rss, count, coresAvailable());
  }

  /**
   * syscr, syscw, rchar and wchar of {@code /proc/PID/io}, summed over the tree; null when
   * unreadable.
   */
  @Override
  public Io io() {
    long reads = 0;
    long writes = 0;
    long in = 0;
    long out = 0;
    for (long pid : tree()) {
      try {
        String io = Files.readString(proc.resolve(pid + "/io"), StandardCharsets.UTF_8);
        reads += ioField(io, "syscr");
        writes += ioField(io, "syscw");
        in += ioField(io, "rchar");
        out += ioField(io, "wchar");
      } catch (IOException | RuntimeException e) {
        if (roots.contains(pid)) {
          return null; // another user's process without root, or gone
        }
      }
    }
    return new Io(reads, writes, in, out);
  }

  /** A {@code key: 1234} line of {@code /proc/PID/io}. */
  static long ioField(String io, String key) {
    for (String line : io.split("\n")) {
      if (line.startsWith(key + ":")) {
        return Long.parseLong(line.substring(key.length() + 1).trim());
      }
    }
    throw new IllegalArgumentException("no " + key + " in /proc/PID/io");
  }

  @Override
  public String describe() {
    return "pid " + roots.toString().replaceAll("[\\[\\] ]", "") + " and descendants, via " + proc;
  }

  /** utime + stime + cutime + cstime of a {@code /proc/PID/stat} line. */
  static long cpuTicks(String stat) {
    // comm (field 2) may hold spaces and parentheses: count fields after the last ')'.
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    // f[0] is field 3 (state): utime is field 14 -> f[11]
    return Long.parseLong(f[11])
        + Long.parseLong(f[12])
        + Long.parseLong(f[13])
        + Long.parseLong(f[14]);
  }

  /** A {@code Key: 1234 kB} line of {@code /proc/PID/status}; 0 when absent (kernel threads). */
  static long statusKb(String status, String key) {
    for (String line : status.split("\n")) {
      if (line.startsWith(key + ":")) {
        return Long.parseLong(line.substring(key.length() + 1).trim().split("\\s+")[0]);
      }
    }
    return 0;
  }

  private int coresAvailable() {
    for (long pid : roots) {
      try {
        for (String line : Files.readAllLines(proc.resolve(pid + "/status"))) {
          if (line.startsWith("Cpus_allowed_list:")) {
            return cpuCount(line.substring("Cpus_allowed_list:".length()).trim());
          }
        }
      } catch (IOException | RuntimeException e) {
        // fall through
      }
    }
    return Runtime.getRuntime().availableProcessors();
  }

  /** {@code 0-3,6} -> 5. */
  static int cpuCount(String list) {
    int n = 0;
    for (String part : list.split(",")) {
      String[] range = part.trim().split("-");
      n += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
    }
    return n;
  }

  /** The roots and every live descendant, each once. */
  private Set<Long> tree() {
    Set<Long> all = new LinkedHashSet<>();
    Deque<Long> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      long pid = todo.pop();
      if (all.add(pid)) {
        todo.addAll(children(pid));
      }
    }
    return all;
  }

  private List<Long> children(long pid) {
    List<Long> children = new ArrayList<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve(pid + "/task"))) {
      for (Path task : tasks) {
        Path file = task.resolve("children");
        if (Files.isReadable(file)) {
          for (String child : Files.readString(file).trim().split("\\s+")) {
            if (!child.isEmpty()) {
              children.add(Long.parseLong(child));
            }
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // gone, or no task/children files (a kernel without CONFIG_PROC_CHILDREN): roots only
    }
    return children;
  }
}
