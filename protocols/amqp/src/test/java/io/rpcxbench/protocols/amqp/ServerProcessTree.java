package io.rpcxbench.protocols.amqp;

import io.rpcxbench.testsupport.ProcessMemory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The amqp jar and every process it started (with RabbitMQ: the watchdog script, rabbitmq-server
 * and the Erlang VM; Qpid runs inside the jar's JVM): their summed resident peak, which {@link
 * #resetPeak()} starts afresh ({@code echo 5 > /proc/PID/clear_refs}), and the lines of the jar's
 * log and of the RabbitMQ node's own log files.
 */
final class ServerProcessTree {
  private final long pid;
  private final Path jarLog;

  ServerProcessTree(long pid, Path jarLog) {
    this.pid = pid;
    this.jarLog = jarLog;
  }

  private List<Long> pids() {
    List<Long> pids = new ArrayList<>();
    pids.add(pid);
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> pids.add(d.pid())));
    return pids;
  }

  /** Every process's resident peak becomes its resident set now. */
  void resetPeak() {
    for (long p : pids()) {
      try {
        Files.writeString(Path.of("/proc", Long.toString(p), "clear_refs"), "5");
      } catch (IOException gone) {
        // a process that ended meanwhile
      }
    }
  }

  /**
   * The sum of the processes' resident peaks since the last reset, MiB: at least the tree's peak
   * (each process's peak may come at a different moment).
   */
  long peakMib() {
    long kib = 0;
    for (long p : pids()) {
      try {
        kib += ProcessMemory.of(p).peakKib();
      } catch (IOException gone) {
        // a process that ended meanwhile
      }
    }
    return kib / 1024;
  }

  /** The jar's own resident peak since the last reset, MiB (with Qpid: the broker's too). */
  long jarPeakMib() throws IOException {
    return ProcessMemory.of(pid).peakKib() / 1024;
  }

  /** Lines in the jar's log (its stderr). */
  long jarLogLines() throws IOException {
    return lines(jarLog);
  }

  /**
   * Lines in the RabbitMQ node's log files ({@code rpcx-bench-rabbitmq-<jar pid>-*}); 0 without.
   */
  long brokerLogLines() throws IOException {
    long n = 0;
    for (Path f : brokerLogFiles()) {
      n += lines(f);
    }
    return n;
  }

  /** Bytes in the RabbitMQ node's log files; 0 without. */
  long brokerLogBytes() throws IOException {
    long n = 0;
    for (Path f : brokerLogFiles()) {
      n += Files.size(f);
    }
    return n;
  }

  private List<Path> brokerLogFiles() throws IOException {
    List<Path> logs = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      for (Path dir :
          dirs.filter(
                  d -> d.getFileName().toString().startsWith("rpcx-bench-rabbitmq-" + pid + "-"))
              .toList()) {
        if (Files.isDirectory(dir.resolve("log"))) {
          try (Stream<Path> files = Files.walk(dir.resolve("log"))) {
            logs.addAll(files.filter(Files::isRegularFile).toList());
          }
        }
      }
    }
    return logs;
  }

  private static long lines(Path file) throws IOException {
    // counted as bytes: an Erlang log line may hold bytes that are not UTF-8
    byte[] bytes = Files.readAllBytes(file);
    return new String(bytes, StandardCharsets.ISO_8859_1).lines().count();
  }
}
