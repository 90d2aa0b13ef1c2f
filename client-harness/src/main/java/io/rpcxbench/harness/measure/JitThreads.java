package io.rpcxbench.harness.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The CPU time of a JVM's JIT compiler threads ({@code C1 CompilerThread<n>}, {@code C2
 * CompilerThread<n>}; the kernel keeps 15 characters of a thread's name), from {@code
 * /proc/PID/task/TID/comm} and {@code stat}: a run during which the compiler still worked ran code
 * that was still changing, a covariate of its figures ({@code client_jit_ms}, {@code
 * server_jit_ms}; docs/raw-format.md). Read from outside, so the server's counts as the harness's
 * own.
 *
 * <pre>{@code
 * JitThreads jit = new JitThreads(Path.of("/proc"));
 * long before = jit.cpuNanos(List.of(serverPid));
 * ... the run ...
 * long ms = (jit.cpuNanos(List.of(serverPid)) - before) / 1_000_000;
 * }</pre>
 */
public final class JitThreads {
  private final Path proc;

  public JitThreads(Path proc) {
    this.proc = proc;
  }

  /** The compiler threads' user and system time of {@code pids}, summed, ns; -1 when unreadable. */
  public long cpuNanos(List<Long> pids) {
    long ticks = 0;
    boolean read = false;
    for (long pid : pids) {
      try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve(pid + "/task"))) {
        for (Path task : tasks) {
          try {
            if (compiler(Files.readString(task.resolve("comm"), StandardCharsets.UTF_8))) {
              ticks +=
                  ProcProcessTree.cpuTicks(
                      Files.readString(task.resolve("stat"), StandardCharsets.UTF_8));
            }
          } catch (IOException | RuntimeException e) {
            // the thread ended between the listing and the read
          }
        }
        read = true;
      } catch (IOException e) {
        // gone, or another user's process
      }
    }
    return read ? ticks * ProcProcessTree.NANOS_PER_TICK : -1;
  }

  /**
   * The compiler threads' cores of {@code pids} between two calls of {@link Probe#cores()}: the
   * steady warm-up's second rule (the code it measures has stopped changing).
   */
  public Probe probe(List<Long> pids) {
    return new Probe(pids);
  }

  /** See {@link #probe}. */
  public final class Probe {
    private final List<Long> pids;
    private long lastCpu;
    private long lastWall;

    private Probe(List<Long> pids) {
      this.pids = List.copyOf(pids);
      this.lastCpu = cpuNanos(this.pids);
      this.lastWall = System.nanoTime();
    }

    /** The compiler threads' CPU since the last call (or the probe's start) over the wall time. */
    public double cores() {
      long cpu = cpuNanos(pids);
      long wall = System.nanoTime();
      double cores =
          cpu < 0 || lastCpu < 0
              ? Double.NaN
              : (cpu - lastCpu) / (double) Math.max(1, wall - lastWall);
      lastCpu = cpu;
      lastWall = wall;
      return cores;
    }
  }

  /** Whether a thread of this name compiles (HotSpot's C1 and C2 compiler threads). */
  static boolean compiler(String comm) {
    String name = comm.strip();
    return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
  }
}
