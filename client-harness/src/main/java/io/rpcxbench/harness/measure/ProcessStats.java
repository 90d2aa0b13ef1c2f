package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.protocol.Protocol;
import java.io.IOException;
import java.util.List;

/**
 * A server's CPU time and peak memory as a run sees them: {@link ProcProcessTree} reads a local
 * process tree from {@code /proc}, {@link SshProcessStats} one on another host over ssh, {@link
 * CgroupStats} a cgroup (the lab's host B). {@link Instruments#serverStats} picks one.
 */
public interface ProcessStats {
  /** Where this protocol's point reads its server's CPU and memory; null when it does not. */
  static ProcessStats of(Instruments instruments, Protocol protocol) {
    if (!instruments.serverCgroups().isEmpty()) {
      return CgroupStats.open(instruments.serverCgroups());
    }
    List<Long> pids = instruments.serverPids(protocol);
    if (pids.isEmpty()) {
      return null;
    }
    return instruments.serverSsh() == null
        ? new ProcProcessTree(pids)
        : new SshProcessStats(instruments.serverSsh(), pids);
  }

  /**
   * Checks what the config can not: that every {@code --server-cgroup} folder has its accounting
   * files.
   *
   * @throws IllegalArgumentException naming the option and the folder
   */
  static void check(Instruments instruments) {
    if (!instruments.serverCgroups().isEmpty()) {
      CgroupStats.open(instruments.serverCgroups());
    }
  }

  /**
   * Starts a new peak-memory window before a run ({@code VmHWM} reset) where the source can.
   *
   * @return false when the peak could not be reset (then it counts from the process's start)
   */
  boolean resetPeak();

  /**
   * The processes' totals now.
   *
   * @throws IOException when they cannot be read (the process is gone)
   */
  Sample sample() throws IOException;

  /**
   * The processes on this host, each once, whose threads can be read ({@link JitThreads}); none
   * when they are elsewhere or in cgroups.
   */
  default List<Long> localPids() {
    return List.of();
  }

  /** Where the peak counts from when {@link #resetPeak} could not reset it. */
  default String peakOrigin() {
    return "process start";
  }

  /**
   * The processes' read-like and write-like system calls and the bytes they read and wrote so far
   * ({@code syscr}, {@code syscw}, {@code rchar}, {@code wchar} of {@code /proc/PID/io}), or null
   * where the source cannot count them (another host, a cgroup). Per call, the system calls tell a
   * server that reads many calls at once (a batching client) from one that reads each call on its
   * own. The kernel counts read(v) and write(v) there, not recv/send(msg): a server on Netty's
   * native epoll (gRPC's shaded Netty) shows almost none. The bytes count every read and write,
   * sockets and files alike.
   */
  default Io io() {
    return null;
  }

  /**
   * The host's load at the last {@link #sample()} when the processes are on another host (read with
   * them, over ssh); null otherwise.
   */
  default NoiseSnapshot host() {
    return null;
  }

  /** Whether the processes are on another host (then {@link #host()} reads that host's load). */
  default boolean onAnotherHost() {
    return false;
  }

  /** One line for the provenance, e.g. {@code pid 4242 (3 processes), 2 cpus}. */
  String describe();

  /**
   * @param cpuNanos CPU time (user + system) of the processes, their waited-for children included
   * @param peakRssKb the processes' peak resident set sizes summed ({@code VmHWM}, kB)
   * @param processes how many processes were summed
   * @param coresAvailable CPUs the (first) process may run on
   */
  record Sample(long cpuNanos, long peakRssKb, int processes, int coresAvailable) {}

  /**
   * @param reads read-like system calls ({@code syscr})
   * @param writes write-like system calls ({@code syscw})
   * @param bytesIn bytes read ({@code rchar})
   * @param bytesOut bytes written ({@code wchar})
   */
  record Io(long reads, long writes, long bytesIn, long bytesOut) {}
}
