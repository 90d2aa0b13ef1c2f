package io.rpcxbench.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A server's CPU time and memory read from its cgroup ({@code --server-cgroup}), such as the lab's
 * host B ({@code deploy/lab.sh}'s {@code NAME-b}): every process in it counts, whoever started
 * them. Cgroup v2: {@code cpu.stat}'s {@code usage_usec}, the peak from {@code memory.peak} (since
 * the cgroup's start: the kernel resets it per open file only) or, on kernels without it, {@code
 * memory.current} sampled every {@value #SAMPLE_MS} ms from each run's start. Cgroup v1: {@code
 * cpuacct.usage} (ns) and {@code memory.max_usage_in_bytes}, reset before each run by writing 0. v1
 * keeps the controllers in separate folders: give each ({@code memory/NAME-b} and {@code
 * cpuacct/NAME-b}, or {@code cpu,cpuacct/NAME-b}). The memory is the cgroup's (resident memory plus
 * page cache and kernel memory), not only the processes' RSS.
 *
 * <pre>{@code
 * ProcessStats b = CgroupStats.open(List.of(Path.of("/sys/fs/cgroup/rpcx-lab-b")));
 * }</pre>
 */
final class CgroupStats implements ProcessStats {
  static final long SAMPLE_MS = 100;

  private final Path cpuFile;
  private final boolean cpuInMicros;
  private final Path memoryFile;
  private final Memory memory;
  private final Path procsFile;
  private final Path quotaDir;
  private final AtomicLong sampledPeak = new AtomicLong();
  private ScheduledExecutorService sampler;

  /** How the peak memory is read. */
  private enum Memory {
    V2_PEAK("memory.peak"),
    V2_CURRENT("memory.current"),
    V1_MAX_USAGE("memory.max_usage_in_bytes");

    final String file;

    Memory(String file) {
      this.file = file;
    }
  }

  private CgroupStats(
      Path cpuFile, boolean cpuInMicros, Path memoryFile, Memory memory, Path quotaDir) {
    this.cpuFile = cpuFile;
    this.cpuInMicros = cpuInMicros;
    this.memoryFile = memoryFile;
    this.memory = memory;
    this.procsFile = memoryFile.resolveSibling("cgroup.procs");
    this.quotaDir = quotaDir;
  }

  /**
   * The cgroup in these folders (one for v2; v1's memory and cpuacct folders).
   *
   * @throws IllegalArgumentException naming what is missing
   */
  public static CgroupStats open(List<Path> dirs) {
    Path cpu = null;
    boolean micros = false;
    Path mem = null;
    Memory kind = null;
    Path quota = null;
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        throw new IllegalArgumentException("--server-cgroup " + dir + ": no such folder");
      }
      if (cpu == null && Files.isReadable(dir.resolve("cpu.stat")) && isV2(dir)) {
        cpu = dir.resolve("cpu.stat");
        micros = true;
      } else if (cpu == null && Files.isReadable(dir.resolve("cpuacct.usage"))) {
        cpu = dir.resolve("cpuacct.usage");
      }
      for (Memory m : Memory.values()) {
        if (mem == null && Files.isReadable(dir.resolve(m.file))) {
          mem = dir.resolve(m.file);
          kind = m;
        }
      }
      if (quota == null
          && (Files.isReadable(dir.resolve("cpu.max"))
              || Files.isReadable(dir.resolve("cpu.cfs_quota_us")))) {
        quota = dir;
      }
    }
    String given =
        "--server-cgroup " + String.join(",", dirs.stream().map(Path::toString).toList());
    if (cpu == null) {
      throw new IllegalArgumentException(
          given
              + ": no CPU accounting there (cgroup v2 cpu.stat with usage_usec, or v1"
              + " cpuacct.usage: give v1's cpuacct folder too)");
    }
    if (mem == null) {
      throw new IllegalArgumentException(
          given
              + ": no memory accounting there (v2 memory.peak or memory.current, v1"
              + " memory.max_usage_in_bytes: give v1's memory folder too)");
    }
    return new CgroupStats(cpu, micros, mem, kind, quota);
  }

  private static boolean isV2(Path dir) {
    try {
      return Files.readString(dir.resolve("cpu.stat")).contains("usage_usec");
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public synchronized boolean resetPeak() {
    switch (memory) {
      case V1_MAX_USAGE -> {
        try {
          Files.writeString(memoryFile, "0", StandardCharsets.US_ASCII);
          return true;
        } catch (IOException e) {
          return false; // not root
        }
      }
      case V2_CURRENT -> {
        sampledPeak.set(readMemory());
        if (sampler == null) {
          sampler =
              Executors.newSingleThreadScheduledExecutor(
                  r -> {
                    Thread t = new Thread(r, "cgroup-memory-sampler");
                    t.setDaemon(true);
                    return t;
                  });
          sampler.scheduleAtFixedRate(
              () -> sampledPeak.accumulateAndGet(readMemory(), Math::max),
              SAMPLE_MS,
              SAMPLE_MS,
              TimeUnit.MILLISECONDS);
        }
        return true;
      }
      default -> {
        return false; // v2 memory.peak counts from the cgroup's start
      }
    }
  }

  @Override
  public Sample sample() throws IOException {
    long cpuNanos;
    long bytes;
    try {
      String text = Files.readString(cpuFile).trim();
      cpuNanos = cpuInMicros ? field(text, "usage_usec") * 1000 : Long.parseLong(text);
      bytes =
          memory == Memory.V2_CURRENT
              ? sampledPeak.accumulateAndGet(readMemory(), Math::max)
              : number(memoryFile);
    } catch (IOException | UncheckedIOException | NumberFormatException e) {
      throw new IOException("cannot read the cgroup at " + cpuFile.getParent() + ": " + e, e);
    }
    return new Sample(cpuNanos, bytes / 1024, processes(), cores());
  }

  @Override
  public String describe() {
    return "cgroup "
        + cpuFile.getParent()
        + (memoryFile.getParent().equals(cpuFile.getParent())
            ? ""
            : " and " + memoryFile.getParent())
        + ": "
        + cpuFile.getFileName()
        + ", "
        + memory.file
        + (memory == Memory.V2_CURRENT ? " sampled every " + SAMPLE_MS + " ms" : "");
  }

  @Override
  public String peakOrigin() {
    return "cgroup start";
  }

  private long readMemory() {
    try {
      return number(memoryFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private int processes() {
    try {
      return (int) Files.readAllLines(procsFile).stream().filter(l -> !l.isBlank()).count();
    } catch (IOException e) {
      return 0;
    }
  }

  /** The CPU quota in whole cores (rounded up), else the cores this machine has. */
  private int cores() {
    int machine = Runtime.getRuntime().availableProcessors();
    if (quotaDir == null) {
      return machine;
    }
    try {
      long quota;
      long period;
      if (Files.isReadable(quotaDir.resolve("cpu.max"))) {
        String[] f = Files.readString(quotaDir.resolve("cpu.max")).trim().split("\\s+");
        if (f[0].equals("max")) {
          return machine;
        }
        quota = Long.parseLong(f[0]);
        period = Long.parseLong(f[1]);
      } else {
        quota = number(quotaDir.resolve("cpu.cfs_quota_us"));
        period = number(quotaDir.resolve("cpu.cfs_period_us"));
      }
      return quota <= 0 || period <= 0 ? machine : (int) Math.max(1, (quota + period - 1) / period);
    } catch (IOException | RuntimeException e) {
      return machine;
    }
  }

  private static long number(Path file) throws IOException {
    return Long.parseLong(Files.readString(file).trim());
  }

  /** A {@code key value} line of a flat-keyed cgroup file such as {@code cpu.stat}. */
  static long field(String text, String key) {
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 2 && f[0].equals(key)) {
        return Long.parseLong(f[1]);
      }
    }
    throw new NumberFormatException("no " + key + " in " + text.replace('\n', ' '));
  }
}
