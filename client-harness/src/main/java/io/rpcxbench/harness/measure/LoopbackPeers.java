package io.rpcxbench.harness.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The processes of this host at the other end of the run's own TCP connections, for {@link
 * MachineNoise}: a server started by hand beside the client (the README's one point on one machine,
 * no {@code --server-pid}), a link-shaper in between. They are under test, not co-tenants. A
 * connection of ours is a socket in {@code /proc/PID/fd} of one of our processes; its other end is
 * the {@code /proc/net/tcp} (or {@code tcp6}) entry with the two addresses swapped, present only
 * when that end is in this host's network namespace; its owner, the process whose {@code fd} holds
 * that entry's inode. Owners are looked for in the peers found so far, then, for inodes new since
 * the last look, in every process this user may read; an inode no readable process holds is not
 * looked for again. Nothing here is an error: what cannot be read finds no peer.
 *
 * <pre>{@code
 * LoopbackPeers peers = new LoopbackPeers(Path.of("/proc"));
 * peers.of(Set.of(ProcessHandle.current().pid()));   // [4242]: the server this JVM calls
 * }</pre>
 */
final class LoopbackPeers {
  private static final String ESTABLISHED = "01";

  private final Path proc;
  private final Set<Long> found = new LinkedHashSet<>();
  private final Set<Long> ownerless = new HashSet<>();

  LoopbackPeers(Path proc) {
    this.proc = proc;
  }

  /**
   * The owners of the other ends of {@code own}'s connections, with every peer found before (a
   * connection closed between runs leaves its server under test).
   *
   * @param own our processes (roots and descendants)
   */
  Set<Long> of(Collection<Long> own) {
    Map<String, Long> inodeOf = new HashMap<>(); // "local remote" -> inode, established only
    Map<Long, String> endsOf = new HashMap<>();
    for (String file : List.of("net/tcp", "net/tcp6")) {
      for (String line : lines(proc.resolve(file))) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && f[3].equals(ESTABLISHED)) {
          try {
            long inode = Long.parseLong(f[9]);
            inodeOf.put(f[1] + " " + f[2], inode);
            endsOf.put(inode, f[2] + " " + f[1]);
          } catch (NumberFormatException e) {
            // the header line
          }
        }
      }
    }
    if (inodeOf.isEmpty()) {
      return Set.copyOf(found);
    }
    Set<Long> ours = new HashSet<>();
    for (long pid : own) {
      ours.addAll(sockets(pid));
    }
    Set<Long> wanted = new HashSet<>();
    for (long inode : ours) {
      Long other = endsOf.containsKey(inode) ? inodeOf.get(endsOf.get(inode)) : null;
      if (other != null && !ours.contains(other) && !ownerless.contains(other)) {
        wanted.add(other);
      }
    }
    for (long pid : found) {
      wanted.removeAll(sockets(pid));
    }
    if (!wanted.isEmpty()) {
      lookEverywhere(wanted, own);
    }
    return Set.copyOf(found);
  }

  /** Every readable process but ours: those holding a wanted inode are peers. */
  private void lookEverywhere(Set<Long> wanted, Collection<Long> own) {
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path dir : dirs) {
        long pid;
        try {
          pid = Long.parseLong(dir.getFileName().toString());
        } catch (NumberFormatException e) {
          continue;
        }
        if (!own.contains(pid) && !found.contains(pid)) {
          Set<Long> held = sockets(pid);
          held.retainAll(wanted);
          if (!held.isEmpty()) {
            found.add(pid);
            wanted.removeAll(held);
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc: no peers
    }
    ownerless.addAll(wanted);
  }

  /**
   * The socket inodes in {@code /proc/PID/fd} ({@code socket:[N]} links); empty when unreadable.
   */
  private Set<Long> sockets(long pid) {
    Set<Long> inodes = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve(pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[") && target.endsWith("]")) {
            inodes.add(Long.parseLong(target.substring(8, target.length() - 1)));
          }
        } catch (IOException | RuntimeException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      // another user's process, or gone
    }
    return inodes;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
