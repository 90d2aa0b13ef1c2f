package io.rpcxbench.harness.measure;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A server's process tree on another host (host B), read over ssh ({@code --server-ssh DEST}): one
 * ssh round trip per reading runs a POSIX sh snippet ({@link #SCRIPT}, sent on stdin) that prints
 * {@code /proc/PID/stat} and the {@code VmHWM} and {@code Cpus_allowed_list} lines of {@code
 * /proc/PID/status} of the pids and their descendants, after {@code echo 5 > clear_refs} when the
 * peak is reset, and the host's load ({@code /proc/loadavg}, the {@code some} line of {@code
 * /proc/pressure/cpu}, the {@code cpu} line of {@code /proc/stat}: {@link #host()}). The same
 * readings as {@link ProcProcessTree}, parsed strictly from bounded output. ssh runs with {@code
 * BatchMode} (no password prompts) and the options in {@code RPCX_SSH_OPTS}, as deploy/deploy.sh
 * does.
 *
 * <pre>{@code
 * ProcessStats b = new SshProcessStats("ubuntu@10.0.0.12", List.of(4242L));
 * }</pre>
 */
public final class SshProcessStats implements ProcessStats {
  static final int MAX_PROCESSES = 256;
  static final int MAX_OUTPUT = 256 * 1024;
  static final long TIMEOUT_S = 30;
  static final String HEADER = "rpcx-stats 1";

  /** Prints the tree of the pids given after the mode (reset|keep); {@code end} when done. */
  static final String SCRIPT =
      """
      mode=$1; shift
      todo="$*"; seen=" "; n=0
      echo 'rpcx-stats 1'
      while set -- $todo && [ $# -gt 0 ]; do
        p=$1; shift; todo="$*"
        case $seen in *" $p "*) continue ;; esac
        seen="$seen$p "; n=$((n + 1))
        if [ "$n" -gt %d ]; then echo too-many; break; fi
        if ! read -r stat 2>/dev/null </proc/$p/stat; then echo "gone $p"; continue; fi
        if [ "$mode" = reset ]; then
          if (echo 5 >/proc/$p/clear_refs) 2>/dev/null; then echo "reset $p ok"
          else echo "reset $p failed"; fi
        fi
        echo "stat $stat"
        while IFS=: read -r k v; do
          case $k in VmHWM|Cpus_allowed_list) echo "$k $p" $v ;; esac
        done 2>/dev/null </proc/$p/status
        for c in /proc/$p/task/*/children; do
          if [ -r "$c" ]; then todo="$todo $(cat "$c" 2>/dev/null)"; fi
        done
      done
      if read -r l _ 2>/dev/null </proc/loadavg; then echo "loadavg $l"; fi
      while read -r k v; do
        if [ "$k" = some ]; then echo "psi $v"; fi
      done 2>/dev/null </proc/pressure/cpu
      if read -r c v 2>/dev/null </proc/stat; then echo "cpustat $v"; fi
      echo end
      """
          .formatted(MAX_PROCESSES);

  private final List<String> ssh;
  private final String destination;
  private final List<Long> roots;
  private volatile NoiseSnapshot host;

  public SshProcessStats(String destination, List<Long> roots) {
    this(command(destination, System.getenv("RPCX_SSH_OPTS")), destination, roots);
  }

  /** {@code ssh}: the command up to and including the destination. */
  public SshProcessStats(List<String> ssh, String destination, List<Long> roots) {
    this.ssh = List.copyOf(ssh);
    this.destination = destination;
    this.roots = List.copyOf(roots);
  }

  static List<String> command(String destination, String extraOptions) {
    List<String> c = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes"));
    c.addAll(List.of("-o", "ConnectTimeout=15"));
    if (extraOptions != null && !extraOptions.isBlank()) {
      c.addAll(List.of(extraOptions.trim().split("\\s+")));
    }
    c.add(destination);
    return c;
  }

  @Override
  public boolean resetPeak() {
    try {
      return parse(run("reset")).allReset;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public Sample sample() throws IOException {
    Reading r = parse(run("keep"));
    host = r.host;
    return r.sample;
  }

  /** The other host's load at the last {@link #sample()}. */
  @Override
  public NoiseSnapshot host() {
    return host;
  }

  @Override
  public boolean onAnotherHost() {
    return true;
  }

  @Override
  public String describe() {
    String opts = System.getenv("RPCX_SSH_OPTS");
    return "pid "
        + roots.toString().replaceAll("[\\[\\] ]", "")
        + " and descendants on "
        + destination
        + ", via ssh"
        + (opts == null || opts.isBlank() ? "" : " (RPCX_SSH_OPTS " + opts.trim() + ")");
  }

  /** The snippet's output for one round trip. */
  String run(String mode) throws IOException {
    List<String> cmd = new ArrayList<>(ssh);
    cmd.addAll(List.of("sh", "-s", "--", mode));
    roots.forEach(pid -> cmd.add(String.valueOf(pid)));
    Path errors = Files.createTempFile("rpcx-ssh", ".err");
    try {
      Process p = new ProcessBuilder(cmd).redirectError(errors.toFile()).start();
      CompletableFuture.delayedExecutor(TIMEOUT_S, TimeUnit.SECONDS).execute(p::destroyForcibly);
      try (OutputStream in = p.getOutputStream()) {
        in.write(SCRIPT.getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // ssh ended before reading its stdin: its exit code and stderr say why
      }
      byte[] out;
      try (InputStream stdout = p.getInputStream()) {
        out = stdout.readNBytes(MAX_OUTPUT + 1);
      }
      if (out.length > MAX_OUTPUT) {
        p.destroyForcibly();
        throw new IOException(where() + ": more than " + MAX_OUTPUT + " bytes of output");
      }
      int exit = p.waitFor();
      if (exit != 0) {
        throw new IOException(where() + " failed (exit " + exit + "): " + lastLine(errors));
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(where() + ": interrupted", e);
    } finally {
      Files.deleteIfExists(errors);
    }
  }

  /** The readings, summed as {@link ProcProcessTree} sums a local tree, and the host's load. */
  record Reading(Sample sample, boolean allReset, NoiseSnapshot host) {}

  /**
   * Parses the snippet's output strictly.
   *
   * @throws IOException when a root process is gone or a line is not one the snippet prints
   */
  Reading parse(String output) throws IOException {
    List<String> lines = output.lines().toList();
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw unexpected(lines.isEmpty() ? "(no output)" : lines.get(0));
    }
    if (!lines.get(lines.size() - 1).equals("end")) {
      throw new IOException(where() + ": output cut short (no end line)");
    }
    long ticks = 0;
    long rss = 0;
    int count = 0;
    int cores = 0;
    boolean allReset = true;
    String loadavg = null;
    String pressure = null;
    String cpuLine = null;
    for (String line : lines.subList(1, lines.size() - 1)) {
      String[] f = line.split(" ", 3);
      try {
        switch (f[0]) {
          case "stat" -> {
            Long.parseLong(f[1]);
            ticks += ProcProcessTree.cpuTicks(f[1] + " " + f[2]);
            count++;
          }
          case "VmHWM" -> rss += ProcProcessTree.statusKb("VmHWM: " + f[2], "VmHWM");
          case "Cpus_allowed_list" -> {
            if (cores == 0 || roots.get(0) == Long.parseLong(f[1])) {
              cores = ProcProcessTree.cpuCount(f[2]);
            }
          }
          case "reset" -> allReset &= f[2].equals("ok");
          case "gone" -> {
            if (roots.contains(Long.parseLong(f[1]))) {
              throw new IOException("server process " + f[1] + " is gone on " + destination);
            }
          }
          case "loadavg" -> loadavg = f[1];
          case "psi" -> pressure = "some " + line.substring("psi ".length());
          case "cpustat" -> cpuLine = "cpu " + line.substring("cpustat ".length());
          case "too-many" ->
              throw new IOException(
                  where() + ": more than " + MAX_PROCESSES + " processes in the server's tree");
          default -> throw unexpected(line);
        }
      } catch (RuntimeException e) {
        throw unexpected(line);
      }
    }
    return new Reading(
        new Sample(ticks * ProcProcessTree.NANOS_PER_TICK, rss, count, Math.max(1, cores)),
        allReset,
        NoiseSnapshot.ofHost(loadavg, pressure, cpuLine));
  }

  private IOException unexpected(String line) {
    String shown = line.length() > 200 ? line.substring(0, 200) + "..." : line;
    return new IOException(where() + ": unexpected output: " + shown);
  }

  private String where() {
    return "ssh " + destination;
  }

  private static String lastLine(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (!lines.get(i).isBlank()) {
        String l = lines.get(i).trim();
        return l.length() > 300 ? l.substring(0, 300) + "..." : l;
      }
    }
    return "(no message)";
  }
}
