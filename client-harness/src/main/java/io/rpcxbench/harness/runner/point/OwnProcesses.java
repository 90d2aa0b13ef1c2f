package io.rpcxbench.harness.runner.point;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The processes this sweep started (servers, point JVMs), in {@code <out>/sweep.pids} with their
 * start times: a sweep killed with SIGKILL cannot stop them, so the next start on the same --out
 * does ({@link #cleanStrays}), leaving alone a pid reused by another process. Best effort: a full
 * disk must not stop a stop.
 */
public final class OwnProcesses {
  /** A process and what it was: "server", or "point FILE" (a point's file to discard). */
  public record Entry(long pid, String start, String kind) {}

  private final Path file;
  private final Map<Long, Entry> entries = new LinkedHashMap<>();

  OwnProcesses(Path out) {
    this.file = out.resolve("sweep.pids");
  }

  public synchronized void add(ProcessHandle p, String kind) {
    entries.put(p.pid(), new Entry(p.pid(), start(p), kind));
    save();
  }

  public synchronized void remove(ProcessHandle p) {
    entries.remove(p.pid());
    save();
  }

  synchronized void clear() {
    entries.clear();
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // best effort
    }
  }

  private void save() {
    Path temp = file.resolveSibling("sweep.pids.tmp");
    List<String> lines = new ArrayList<>();
    entries.values().forEach(e -> lines.add(e.pid() + " " + e.start() + " " + e.kind()));
    try {
      Files.write(temp, lines);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // best effort
      }
    }
  }

  private static String start(ProcessHandle p) {
    return p.info().startInstant().map(Instant::toString).orElse("?");
  }

  /**
   * Stops the processes a killed sweep left (same pid and start time), waits up to {@code waitMs}
   * for them, and returns the point files they were writing (to discard) and their pids.
   */
  static List<Entry> cleanStrays(Path out, long waitMs) throws IOException {
    Path f = out.resolve("sweep.pids");
    if (!Files.exists(f)) {
      return List.of();
    }
    List<Entry> stopped = new ArrayList<>();
    for (String line : Files.readAllLines(f)) {
      String[] parts = line.split(" ", 3);
      if (parts.length < 3 || !parts[0].matches("[0-9]+")) {
        continue;
      }
      Optional<ProcessHandle> p = ProcessHandle.of(Long.parseLong(parts[0]));
      if (p.isPresent() && p.get().isAlive() && start(p.get()).equals(parts[1])) {
        p.get().descendants().forEach(ProcessHandle::destroy);
        p.get().destroy();
        stopped.add(new Entry(p.get().pid(), parts[1], parts[2]));
      }
    }
    long deadline = System.currentTimeMillis() + waitMs;
    for (Entry e : stopped) {
      ProcessHandle.of(e.pid())
          .ifPresent(
              h -> {
                while (h.isAlive() && System.currentTimeMillis() < deadline) {
                  sleep();
                }
                h.destroyForcibly();
              });
    }
    Files.deleteIfExists(f);
    return stopped;
  }

  private static void sleep() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
