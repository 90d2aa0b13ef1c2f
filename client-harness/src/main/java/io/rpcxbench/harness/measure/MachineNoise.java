package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.config.NoiseGuard;
import io.rpcxbench.harness.output.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * How busy the machine was with work other than the run's own ({@code --noise-guard}), from a
 * {@link NoiseSnapshot} at the run's start and one at its end: the load average, the CPU pressure
 * (PSI) and the steal over the run, and the CPU the other processes used. A co-tenant inside the
 * same VM is not steal; on a box at load 40 every run had said "limited by none".
 *
 * <p><b>Others' cores</b> are the machine's busy time (user + nice + system of {@code /proc/stat},
 * on the CPUs the run's processes may use) less the run's own processes' CPU time (utime + stime
 * deltas of {@code /proc/PID/stat}, and the reaped children's) and the kernel's threads' (children
 * of kthreadd: mostly the softirq and writeback work of the run's own traffic), over the wall time.
 * The run's own processes are the roots given (this JVM, every {@code --server-pid} on this host,
 * the server's cgroup), the processes at the other end of their TCP connections on this host
 * ({@link LoopbackPeers}: a server started by hand beside the client) and all their descendants: on
 * one box the servers under test are never others. A process this harness cannot see (another
 * container's) is in the busy time and so in others'.
 *
 * <p>A run is <b>contended</b> when (the one rule; docs/harness.md):
 *
 * <ul>
 *   <li>others used at least {@value #OTHERS_CORES} cores (and at least {@value #OTHERS_MIN_TICKS}
 *       ticks: /proc counts whole 10 ms ticks, a short run's few are rounding); or
 *   <li>steal was at least {@value #STEAL_PERCENT} % of the CPU time; or
 *   <li>others could not be measured (no process table) and the run's own processes left the CPUs
 *       to others (they used less than {@value #OWN_SHARE} of the online CPUs, and neither client
 *       nor server was saturated), and tasks waited for a CPU at least {@value #PRESSURE_PERCENT} %
 *       of the run (PSI {@code some}) or the load average was above {@value #LOAD_PER_CPU} x the
 *       online CPUs.
 * </ul>
 *
 * <p>Pressure and load are queues, and the run's own threads fill them: by queueing arithmetic
 * (Erlang C), 2 CPUs kept half busy by independent tasks have one waiting about a sixth of the
 * time, and a client and a server both busy on a 2-CPU box wait far more. So where others' CPU is
 * known, pressure and load are never evidence of a co-tenant by themselves: they are named among
 * the reasons only beside others above the threshold.
 *
 * <pre>{@code
 * MachineNoise noise = new MachineNoise(Path.of("/proc"), () -> List.of(ProcessHandle.current().pid()));
 * noise.start();
 * // ... the run ...
 * MachineNoise.Reading r = noise.end();
 * r.reasons(false);   // [cpu pressure 92 %, others 1.3 cores]
 * }</pre>
 */
public final class MachineNoise {
  /** The machine's noise over each run, or null with {@code --noise-guard off}. */
  public static MachineNoise of(Instruments instruments) {
    return instruments.noiseGuard().reads()
        ? new MachineNoise(procRoot, () -> ownPids(instruments))
        : null;
  }

  /**
   * The roots of the run's own processes on this host, none of them "others": this JVM, every
   * server pid given (any protocol's: an idle server of the next protocol is no co-tenant) unless
   * they are on another host, the processes under test that are not measured ({@code --own-pid}),
   * and the processes in the server's cgroup.
   */
  private static Set<Long> ownPids(Instruments instruments) {
    Set<Long> pids = new LinkedHashSet<>();
    pids.add(ProcessHandle.current().pid());
    pids.addAll(instruments.underTest());
    if (instruments.serverSsh() == null) {
      instruments.serverPids().values().forEach(pids::addAll);
    }
    for (Path dir : instruments.serverCgroups()) {
      try {
        for (String line : Files.readAllLines(dir.resolve("cgroup.procs"))) {
          if (!line.isBlank()) {
            pids.add(Long.parseLong(line.trim()));
          }
        }
      } catch (IOException | RuntimeException e) {
        // v1 keeps the same list in each controller's folder: one readable is enough
      }
    }
    return pids;
  }

  /**
   * Whether a point ends with {@code ExitCode.CONTENDED}: {@code --noise-guard strict}, and a kept
   * run was contended.
   */
  public static boolean refuses(NoiseGuard guard, List<RunResult> results) {
    if (guard != NoiseGuard.STRICT) {
      return false;
    }
    return results.stream()
        .filter(r -> io.rpcxbench.raw.KeepRule.keeps(r.order(), results.size()))
        .anyMatch(r -> "1".equals(r.extra().get("contended")));
  }

  /**
   * A fifth of the run with a task waiting for a CPU: far above what a quiet box shows (a few %),
   * far below the 92 % the contended box showed.
   */
  static final double PRESSURE_PERCENT = 20;

  /** Half a core: a quarter of the 2-vCPU boxes this benchmark runs on, taken from the run. */
  static final double OTHERS_CORES = 0.5;

  /** 0.1 s of CPU: below it, "others" may be the rounding of a few processes' tick counts. */
  static final long OTHERS_MIN_TICKS = 10;

  /** The run's own share of the online CPUs above which it may cause pressure and load itself. */
  static final double OWN_SHARE = 0.5;

  /** A tenth of the CPU time taken by the hypervisor: the cloud's own "noisy neighbour" line. */
  static final double STEAL_PERCENT = 10;

  /** More than two runnable tasks per CPU on average over the last minute. */
  static final double LOAD_PER_CPU = 2;

  /** The rule in words, for the provenance ({@code noise_rule}). */
  public static final String RULE =
      String.format(
          Locale.ROOT,
          "others >= %.1f cores (busy cpu less the run's processes - harness, servers, their"
              + " peers - and kernel threads) or steal >= %.0f %%; where others are unknown, while"
              + " the run used < %.0f %% of the cpus and client and server < 90 %% of their cores:"
              + " cpu pressure >= %.0f %% or load > %.0f x cpus",
          OTHERS_CORES,
          STEAL_PERCENT,
          100 * OWN_SHARE,
          PRESSURE_PERCENT,
          LOAD_PER_CPU);

  /** Where /proc is read; tests point it at a fake tree (no user option does). */
  public static volatile Path procRoot = Instruments.PROC;

  private final Path proc;
  private final Supplier<? extends Collection<Long>> ours;
  private final LoopbackPeers peers;
  private NoiseSnapshot start;

  /**
   * @param ours the roots of the run's own processes (this JVM, the server's pids on this host):
   *     they, the peers of their connections and all their descendants are not "others"
   */
  public MachineNoise(Path proc, Supplier<? extends Collection<Long>> ours) {
    this.proc = proc;
    this.ours = ours;
    this.peers = new LoopbackPeers(proc);
  }

  /** Right before a run. */
  void start() {
    start = NoiseSnapshot.read(proc, true);
    roots(start); // the peers of connections that may close before the end
  }

  /** Right after the run: the readings since {@link #start()}. */
  Reading end() {
    NoiseSnapshot end = NoiseSnapshot.read(proc, true);
    Set<Long> roots = roots(end);
    return Reading.between(start, end, roots, cpusOf(roots));
  }

  /** The roots given and the peers of every process of theirs in {@code s}. */
  private Set<Long> roots(NoiseSnapshot s) {
    Set<Long> roots = new LinkedHashSet<>(ours.get());
    if (!s.processes().isEmpty()) {
      roots.addAll(peers.of(descendants(s.processes(), roots)));
    }
    return roots;
  }

  /** The CPUs any of {@code pids} may run on ({@code Cpus_allowed_list}); empty when unknown. */
  private Set<Integer> cpusOf(Collection<Long> pids) {
    Set<Integer> cpus = new HashSet<>();
    for (long pid : pids) {
      try {
        for (String line : Files.readAllLines(proc.resolve(pid + "/status"))) {
          if (line.startsWith("Cpus_allowed_list:")) {
            cpus.addAll(cpuList(line.substring("Cpus_allowed_list:".length()).trim()));
          }
        }
      } catch (IOException | RuntimeException e) {
        return Set.of(); // one unknown: any CPU may be the run's
      }
    }
    return cpus;
  }

  /** {@code 0-3,6} -> [0, 1, 2, 3, 6]. */
  static Set<Integer> cpuList(String list) {
    Set<Integer> cpus = new HashSet<>();
    for (String part : list.split(",")) {
      String[] range = part.trim().split("-");
      int from = Integer.parseInt(range[0]);
      int to = range.length == 1 ? from : Integer.parseInt(range[1]);
      for (int cpu = from; cpu <= to; cpu++) {
        cpus.add(cpu);
      }
    }
    return cpus;
  }

  /**
   * A run's readings; NaN when unknown.
   *
   * @param load the 1-minute load average at the end
   * @param cpuPressure % of the run's wall time that some task waited for a CPU
   * @param steal % of the CPU time the hypervisor took
   * @param othersCores busy CPU time not the run's own (nor the kernel threads') / wall time
   * @param othersTicks that CPU time in ticks, -1 when unknown
   * @param cpus online CPUs, 0 when unknown
   */
  record Reading(
      double load,
      double cpuPressure,
      double steal,
      double othersCores,
      long othersTicks,
      int cpus) {
    static final Reading UNKNOWN =
        new Reading(Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, 0);

    /**
     * From two snapshots of this host.
     *
     * @param roots the run's own processes (with their descendants)
     * @param runCpus the CPUs they may run on; empty: all
     */
    static Reading between(
        NoiseSnapshot a, NoiseSnapshot b, Collection<Long> roots, Set<Integer> runCpus) {
      long ticks = -1;
      long busyA = a.busyOn(runCpus);
      long busyB = b.busyOn(runCpus);
      if (!a.processes().isEmpty() && !b.processes().isEmpty() && busyA >= 0 && busyB >= 0) {
        long ours = ticksOfOursAndKernel(a.processes(), b.processes(), roots);
        ticks = Math.max(0, busyB - busyA - ours);
      }
      return of(a, b, ticks);
    }

    /**
     * From two snapshots of the server's host (over ssh, no process table): others are its busy
     * time less the server's CPU time; unknown when that was not measured ({@code serverTicks} <
     * 0).
     */
    static Reading onServerHost(NoiseSnapshot a, NoiseSnapshot b, long serverTicks) {
      long ticks = -1;
      if (serverTicks >= 0 && a.busyTicks() >= 0 && b.busyTicks() >= 0) {
        ticks = Math.max(0, b.busyTicks() - a.busyTicks() - serverTicks);
      }
      return of(a, b, ticks);
    }

    private static Reading of(NoiseSnapshot a, NoiseSnapshot b, long othersTicks) {
      long wallNanos = Math.max(1, b.nanoTime() - a.nanoTime());
      double pressure = b.pressureAvg10();
      if (a.pressureTotalUs() >= 0 && b.pressureTotalUs() >= a.pressureTotalUs()) {
        double stalledNanos = (b.pressureTotalUs() - a.pressureTotalUs()) * 1000.0;
        pressure = Math.min(100, 100 * stalledNanos / wallNanos);
      }
      double steal = Double.NaN;
      long all = b.cpuTicks() - a.cpuTicks();
      if (a.cpuTicks() >= 0 && b.cpuTicks() >= 0 && all > 0 && a.stealTicks() >= 0) {
        steal = 100.0 * Math.max(0, b.stealTicks() - a.stealTicks()) / all;
      }
      double others =
          othersTicks < 0
              ? Double.NaN
              : (double) othersTicks * ProcProcessTree.NANOS_PER_TICK / wallNanos;
      return new Reading(
          b.load1(), pressure, steal, others, othersTicks, Math.max(a.cpus(), b.cpus()));
    }

    /**
     * Whether the run's own processes may have caused the CPU pressure and load themselves: a side
     * was saturated, or together they used at least {@link #OWN_SHARE} of the online CPUs.
     *
     * @param ownCores the CPU the run's processes on this host used, in cores
     */
    boolean runFillsCpus(boolean sideSaturated, double ownCores) {
      return sideSaturated || (cpus > 0 && ownCores >= OWN_SHARE * cpus);
    }

    /**
     * Why the run counts as contended, in words ({@code cpu pressure 92 %}); empty when it does
     * not.
     *
     * @param runFillsCpus {@link #runFillsCpus}: then pressure and load do not count where others
     *     are unknown
     */
    List<String> reasons(boolean runFillsCpus) {
      boolean othersBusy = othersCores >= OTHERS_CORES && othersTicks >= OTHERS_MIN_TICKS;
      // queues are the run's own too: evidence beside others' CPU, or alone where it is unknown
      boolean queues = othersBusy || (Double.isNaN(othersCores) && !runFillsCpus);
      List<String> why = new ArrayList<>();
      if (queues && cpuPressure >= PRESSURE_PERCENT) {
        why.add(String.format(Locale.ROOT, "cpu pressure %.0f %%", cpuPressure));
      }
      if (othersBusy) {
        why.add(String.format(Locale.ROOT, "others %.1f cores", othersCores));
      }
      if (steal >= STEAL_PERCENT) {
        why.add(String.format(Locale.ROOT, "steal %.0f %%", steal));
      }
      if (queues && cpus > 0 && load > LOAD_PER_CPU * cpus) {
        why.add(String.format(Locale.ROOT, "load %.1f on %d cpus", load, cpus));
      }
      return why;
    }

    /** The run's columns: noise_load .. noise_others_cores; empty values where unknown. */
    void addColumns(Map<String, String> m) {
      m.put("noise_load", number("%.2f", load));
      m.put("noise_cpu_pressure", number("%.1f", cpuPressure));
      m.put("noise_steal", number("%.1f", steal));
      m.put("noise_others_cores", number("%.3f", othersCores));
    }

    static String number(String format, double v) {
      return Double.isNaN(v) ? "" : String.format(Locale.ROOT, format, v);
    }
  }

  /**
   * CPU ticks between the snapshots of the run's own processes (the roots' trees at either
   * snapshot: utime + stime, and cutime + cstime for the children they reaped) and of the kernel's
   * threads. A process new at the end (or a reused pid) counts all its ticks: it started in the
   * run.
   */
  static long ticksOfOursAndKernel(
      Map<Long, NoiseSnapshot.Process> a,
      Map<Long, NoiseSnapshot.Process> b,
      Collection<Long> roots) {
    Set<Long> own = descendants(a, roots);
    own.addAll(descendants(b, roots));
    long ticks = 0;
    for (Map.Entry<Long, NoiseSnapshot.Process> e : b.entrySet()) {
      long pid = e.getKey();
      NoiseSnapshot.Process now = e.getValue();
      boolean kernel = pid == NoiseSnapshot.KTHREADD || now.parent() == NoiseSnapshot.KTHREADD;
      if (!kernel && !own.contains(pid)) {
        continue;
      }
      NoiseSnapshot.Process then = a.get(pid);
      if (then == null || !then.sameAs(now)) {
        ticks += now.ticks() + now.reaped();
      } else {
        ticks +=
            Math.max(0, now.ticks() - then.ticks()) + Math.max(0, now.reaped() - then.reaped());
      }
    }
    return ticks;
  }

  /** The roots and all their descendants in one snapshot, from the parent pids. */
  static Set<Long> descendants(Map<Long, NoiseSnapshot.Process> processes, Collection<Long> roots) {
    Map<Long, List<Long>> children = new HashMap<>();
    processes.forEach(
        (pid, p) -> children.computeIfAbsent(p.parent(), k -> new ArrayList<>()).add(pid));
    Set<Long> all = new HashSet<>();
    Deque<Long> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      long pid = todo.pop();
      if (all.add(pid)) {
        todo.addAll(children.getOrDefault(pid, List.of()));
      }
    }
    return all;
  }
}
