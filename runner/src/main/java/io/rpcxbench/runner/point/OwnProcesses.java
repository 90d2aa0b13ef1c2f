package io.rpcxbench.runner.point;

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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The processes this sweep started (servers, point JVMs), in {@code <out>/sweep.pids} with their
 * start times: a sweep killed with SIGKILL cannot stop them, so the next start on the same --out
 * does ({@link #cleanStrays}), leaving alone a pid reused by another process. Best effort: a full
 * disk must not stop a stop.
 *
 * <p>On SIGTERM the run's hook ends with {@link #stopAll}: the run's own thread goes on until the
 * JVM halts and may start a process meanwhile (compare starts the next trial's server once the hook
 * stopped this one's), so what is registered then is stopped, and what is registered later is
 * refused and killed at once: no process outlives the run.
 */
public final class OwnProcesses {
  /** A process and what it was: "server", or "point FILE" (a point's file to discard). */
  public record Entry(long pid, String start, String kind) {}

  /** How long to wait for a process that got SIGKILL. */
  private static final long KILLED_WAIT_MS = 5_000;

  private final Path file;
  private final Map<Long, Entry> entries = new LinkedHashMap<>();
  private boolean stopping;

  OwnProcesses(Path out) {
    this.file = out.resolve("sweep.pids");
  }

  /**
   * Registers {@code p}; false once {@link #stopAll} ran: then {@code p} and what it started are
   * killed at once (the JVM is going down, nothing would stop them later).
   */
  public boolean add(ProcessHandle p, String kind) {
    synchronized (this) {
      if (!stopping) {
        entries.put(p.pid(), new Entry(p.pid(), start(p), kind));
        save();
        return true;
      }
    }
    List<ProcessHandle> tree = tree(List.of(p));
    tree.forEach(ProcessHandle::destroyForcibly);
    awaitExit(tree, KILLED_WAIT_MS);
    return false;
  }

  public synchronized void remove(ProcessHandle p) {
    entries.remove(p.pid());
    save();
  }

  /**
   * The shutdown hook's last step: refuses every later {@link #add}, and stops the processes still
   * registered and what they started (SIGTERM, SIGKILL after {@code graceMs}).
   */
  void stopAll(long graceMs) {
    List<ProcessHandle> left = new ArrayList<>();
    synchronized (this) {
      stopping = true;
      for (Entry e : entries.values()) {
        ProcessHandle.of(e.pid()).filter(h -> start(h).equals(e.start())).ifPresent(left::add);
      }
    }
    stop(left, graceMs);
    clear();
  }

  /**
   * Stops {@code processes} and their descendants: SIGTERM, then SIGKILL to those alive after
   * {@code graceMs}.
   */
  static void stop(List<ProcessHandle> processes, long graceMs) {
    List<ProcessHandle> tree = tree(processes);
    tree.forEach(ProcessHandle::destroy);
    if (!awaitExit(tree, graceMs)) {
      tree.forEach(ProcessHandle::destroyForcibly);
      awaitExit(tree, KILLED_WAIT_MS);
    }
  }

  /** {@code roots} and their descendants, children first: read before a root dies orphans them. */
  private static List<ProcessHandle> tree(List<ProcessHandle> roots) {
    List<ProcessHandle> tree = new ArrayList<>();
    for (ProcessHandle root : roots) {
      root.descendants().forEach(tree::add);
      tree.add(root);
    }
    return tree;
  }

  /** Whether every one of {@code processes} exited within {@code waitMs}. */
  private static boolean awaitExit(List<ProcessHandle> processes, long waitMs) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
    for (ProcessHandle p : processes) {
      try {
        p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        return false;
      } catch (ExecutionException e) {
        // cannot wait for it: the SIGKILL decides
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
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
