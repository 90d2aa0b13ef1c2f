package io.rpcxbench.runner.fleet;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.api.ExitCode;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.PointLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs one point on every client host of a fleet at once: {@code deploy/fleet/sweep.yml} with the
 * point as its variables ({@link FleetVars}), the servers kept running between points; the hosts'
 * files go to {@code hostsDir/<host>/}, the merged point (histograms added, merge-hosts) is the
 * point's file. The runner then reads it like any point's: a capacity search or a rate sweep finds
 * what the fleet sustains, not what one generator does. {@link #close} stops the servers ({@code
 * stop.yml}).
 */
public final class FleetLauncher implements PointLauncher, AutoCloseable {
  /** What a playbook run may take beyond its harnesses' limit and the release's lead. */
  static final long PLAYBOOK_ALLOWANCE_S = 180;

  private final FleetInventory fleet;
  private final Path home;
  private final Path hostsDir;
  private final List<String> harnessJvmFlags;
  private final String serverJvmFlags;
  private final long backstopMs;
  private final OwnProcesses own;
  private final Consumer<String> log;
  private volatile Process current;
  private boolean used;

  public FleetLauncher(
      FleetInventory fleet,
      Path home,
      Path hostsDir,
      List<String> harnessJvmFlags,
      String serverJvmFlags,
      long backstopMs,
      OwnProcesses own,
      Consumer<String> log) {
    this.fleet = fleet;
    this.home = home;
    this.hostsDir = hostsDir;
    this.harnessJvmFlags = harnessJvmFlags == null ? List.of() : List.copyOf(harnessJvmFlags);
    this.serverJvmFlags = serverJvmFlags;
    this.backstopMs = backstopMs;
    this.own = own;
    this.log = log;
  }

  /**
   * {@code file} is the merged point's ({@link FleetInventory#merged}); the hosts' files, named by
   * each host's share, are fresh for every run of the point (a host's file of an interrupted or
   * earlier run of it is removed first, so the merge never mixes two runs).
   */
  @Override
  public int run(List<String> args, Path file, Consumer<String> lines) throws InterruptedException {
    Map<String, Object> vars;
    Path mergedDir = file.getParent().getParent();
    String unplannable = unplannable(file);
    if (unplannable != null) {
      lines.accept("rpcx-bench: " + unplannable);
      return ExitCode.USAGE.code();
    }
    Path pointHosts;
    try {
      pointHosts = hostsDirOf(file);
      Map<String, Object> given = new java.util.LinkedHashMap<>(fleet.vars());
      int lead =
          given.containsKey("start_lead_s")
              ? FleetVars.seconds(String.valueOf(given.remove("start_lead_s")))
              : FleetVars.START_LEAD_S;
      vars = new java.util.LinkedHashMap<>(given);
      vars.putAll(FleetVars.of(args, pointHosts, mergedDir, backstopMs / 1000, lead));
    } catch (IllegalArgumentException e) {
      lines.accept("rpcx-bench: " + e.getMessage());
      return ExitCode.USAGE.code();
    } catch (IOException e) {
      lines.accept("cannot prepare the fleet's point: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    if (!harnessJvmFlags.isEmpty()) {
      vars.put("harness_jvm_opts", String.join(" ", harnessJvmFlags));
    }
    if (serverJvmFlags != null && !serverJvmFlags.isBlank()) {
      vars.put("server_jvm_opts", serverJvmFlags);
    }
    Path varsFile = null;
    try {
      varsFile = Files.createTempFile(hostsDir, ".point-", ".json");
      Files.writeString(varsFile, new ObjectMapper().writeValueAsString(vars));
      used = true;
      // the playbook fails (2) for a point that is not whole: its merged file says so; a point
      // without a merged file failed
      // the harness's limit, plus the release's lead and the playbook's own steps (preflight,
      // copies, clock offsets, fetch, merge: ~35 s a point on the namespace fleet)
      long limitMs =
          backstopMs + ((Integer) vars.get("start_lead_s") + PLAYBOOK_ALLOWANCE_S) * 1000L;
      int code = playbook("sweep.yml", varsFile, lines, limitMs);
      return code == ExitCode.OK.code() || code == ExitCode.TIMED_OUT.code()
          ? code
          : ExitCode.FAILED.code();
    } catch (IOException e) {
      lines.accept("cannot run the fleet's point: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      if (varsFile != null) {
        try {
          Files.deleteIfExists(varsFile);
        } catch (IOException e) {
          // a stale vars file names no point
        }
      }
    }
  }

  /**
   * Where the hosts' files of {@code merged}'s point go: a folder of its own, emptied first (files
   * an interrupted or earlier run of the point left would be taken as this run's by the playbook,
   * which skips a host whose file it has).
   */
  Path hostsDirOf(Path merged) throws IOException {
    String stem = merged.getFileName().toString().replaceFirst("\\.csv$", "");
    Path dir = hostsDir.resolve(merged.getParent().getFileName()).resolve(stem);
    if (Files.exists(dir)) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
    Files.createDirectories(dir);
    return dir;
  }

  /**
   * The playbook plans the hosts' files by the harness's naming rule for the hello call without TLS
   * or a profile (RateSplit, sweep --dry-run): a point whose file has a prefix would not be
   * fetched.
   */
  private static String unplannable(Path merged) {
    String n = merged.getFileName().toString();
    return n.startsWith("open-") || n.matches("t[0-9]+-r[0-9]+.*")
        ? null
        : "on a fleet the points are the hello call without TLS or a profile (the playbook plans"
            + " the hosts' files by that name); this point's file is "
            + n;
  }

  private int playbook(String name, Path varsFile, Consumer<String> lines, long limitMs)
      throws IOException, InterruptedException {
    List<String> command =
        List.of(
            "ansible-playbook",
            "-i",
            fleet.inventory().toAbsolutePath().toString(),
            "-f",
            String.valueOf(Math.max(5, fleet.clients().size() + fleet.servers().size())),
            home.resolve("deploy/fleet").resolve(name).toString(),
            "-e",
            "@" + varsFile.toAbsolutePath());
    log.accept("fleet: " + String.join(" ", command));
    Process p;
    try {
      p =
          new ProcessBuilder(command)
              .directory(home.toFile())
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
    } catch (IOException e) {
      lines.accept("cannot start ansible-playbook: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    current = p;
    own.add(p.toHandle(), "fleet " + name);
    Thread reader = new Thread(() -> Forked.forward(p, lines), "fleet-output");
    reader.start();
    try {
      if (!p.waitFor(limitMs, TimeUnit.MILLISECONDS)) {
        lines.accept("the fleet's point ran past its limit and grace; stopped from outside");
        p.destroy();
        if (!p.waitFor(Forked.KILL_AFTER_MS, TimeUnit.MILLISECONDS)) {
          p.destroyForcibly();
        }
        reader.join(5_000);
        return ExitCode.TIMED_OUT.code();
      }
      reader.join(5_000);
      return p.exitValue();
    } finally {
      own.remove(p.toHandle());
      current = null;
    }
  }

  @Override
  public void stop() {
    Process p = current;
    if (p != null) {
      p.destroy();
    }
  }

  /** The servers stopped, and any harness a stopped point left on a client host. */
  @Override
  public void close() {
    if (!used) {
      return;
    }
    try {
      Path empty = Files.createTempFile("fleet-stop-", ".json");
      try {
        Files.writeString(empty, new ObjectMapper().writeValueAsString(fleet.vars()));
        playbook("stop.yml", empty, line -> {}, PLAYBOOK_ALLOWANCE_S * 1000L);
        log.accept("fleet: servers stopped (deploy/fleet/stop.yml)");
      } finally {
        Files.deleteIfExists(empty);
      }
    } catch (IOException e) {
      log.accept(
          "fleet: could not stop the servers: " + e.getMessage() + "; run deploy/fleet/stop.yml");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
