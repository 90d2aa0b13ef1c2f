package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * How busy the machine was with work other than the run's own ({@code --noise-guard}), from a
 * {@link NoiseSnapshot} at the run's start and one at its end: the load average, the CPU pressure
 * (PSI) and the steal over the run, and the CPU the other processes used. A co-tenant inside the
 * same VM is not steal; on a box at load 40 every run had said "limited by none". So a run is
 * <b>contended</b> when any of these held (the one rule; docs/raw-format.md):
 *
 * <ul>
 *   <li>other processes used at least {@value #OTHERS_CORES} cores (and at least {@value
 *       #OTHERS_MIN_TICKS} ticks: /proc counts whole 10 ms ticks, a short run's few are rounding);
 *   <li>steal was at least {@value #STEAL_PERCENT} % of the CPU time;
 *   <li>the run's own processes left the CPUs to others (they used less than {@value #OWN_SHARE} of
 *       the online CPUs, and neither client nor server was saturated) and tasks waited for a CPU at
 *       least {@value #PRESSURE_PERCENT} % of the run (PSI {@code some}), or the load average was
 *       above {@value #LOAD_PER_CPU} x the online CPUs.
 * </ul>
 *
 * <p>Pressure and load are queues, and a run that fills half of a small box queues its own threads:
 * by queueing arithmetic (Erlang C), 2 CPUs kept half busy by independent tasks have one waiting
 * about a sixth of the time, near the pressure threshold. Beside such a run only the CPU accounting
 * (others, steal) tells co-tenants apart; a run starved by others cannot fill half the box, and
 * then pressure and load show even co-tenants this process cannot see (another container's
 * processes).
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
          "others >= %.1f cores, steal >= %.0f %%, or while the run used < %.0f %% of the cpus"
              + " and client and server < 90 %% of their cores: cpu pressure >= %.0f %% or load >"
              + " %.0f x cpus",
          OTHERS_CORES,
          STEAL_PERCENT,
          100 * OWN_SHARE,
          PRESSURE_PERCENT,
          LOAD_PER_CPU);

  /** Where /proc is read; tests point it at a fake tree (no user option does). */
  public static volatile Path procRoot = Instruments.PROC;

  private final Path proc;
  private final Supplier<? extends Collection<Long>> ours;
  private NoiseSnapshot start;

  /**
   * @param ours the roots of the run's own processes (this JVM, the server's pids on this host):
   *     they and their descendants are not "others"
   */
  public MachineNoise(Path proc, Supplier<? extends Collection<Long>> ours) {
    this.proc = proc;
    this.ours = ours;
  }

  /** Right before a run. */
  void start() {
    start = NoiseSnapshot.read(proc, true);
  }

  /** Right after the run: the readings since {@link #start()}. */
  Reading end() {
    return Reading.between(start, NoiseSnapshot.read(proc, true), ours.get());
  }

  /**
   * A run's readings; NaN when unknown.
   *
   * @param load the 1-minute load average at the end
   * @param cpuPressure % of the run's wall time that some task waited for a CPU
   * @param steal % of the CPU time the hypervisor took
   * @param othersCores CPU time of processes not the run's own (kernel threads neither) / wall time
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

    /** From two snapshots; {@code roots}: the run's own processes. */
    static Reading between(NoiseSnapshot a, NoiseSnapshot b, Collection<Long> roots) {
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
      double others = Double.NaN;
      long ticks = -1;
      if (!a.processes().isEmpty() && !b.processes().isEmpty()) {
        ticks = ticksOfOthers(a.processes(), b.processes(), roots);
        others = (double) ticks * ProcProcessTree.NANOS_PER_TICK / wallNanos;
      }
      return new Reading(b.load1(), pressure, steal, others, ticks, Math.max(a.cpus(), b.cpus()));
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
     * @param runFillsCpus {@link #runFillsCpus}: then pressure and load do not count
     */
    List<String> reasons(boolean runFillsCpus) {
      List<String> why = new ArrayList<>();
      if (!runFillsCpus && cpuPressure >= PRESSURE_PERCENT) {
        why.add(String.format(Locale.ROOT, "cpu pressure %.0f %%", cpuPressure));
      }
      if (othersCores >= OTHERS_CORES && othersTicks >= OTHERS_MIN_TICKS) {
        why.add(String.format(Locale.ROOT, "others %.1f cores", othersCores));
      }
      if (steal >= STEAL_PERCENT) {
        why.add(String.format(Locale.ROOT, "steal %.0f %%", steal));
      }
      if (!runFillsCpus && cpus > 0 && load > LOAD_PER_CPU * cpus) {
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

  /** CPU ticks of the processes at both snapshots that are neither the run's nor the kernel's. */
  static long ticksOfOthers(
      Map<Long, NoiseSnapshot.Process> a,
      Map<Long, NoiseSnapshot.Process> b,
      Collection<Long> roots) {
    Set<Long> own = descendants(a, roots);
    own.addAll(descendants(b, roots));
    long ticks = 0;
    for (Map.Entry<Long, NoiseSnapshot.Process> e : b.entrySet()) {
      long pid = e.getKey();
      NoiseSnapshot.Process then = a.get(pid);
      NoiseSnapshot.Process now = e.getValue();
      if (then == null
          || then.parent() != now.parent() // the pid was reused
          || own.contains(pid)
          || pid == NoiseSnapshot.KTHREADD
          || now.parent() == NoiseSnapshot.KTHREADD) {
        // kernel threads: mostly softirq and writeback work of the run's own traffic
        continue;
      }
      ticks += Math.max(0, now.ticks() - then.ticks());
    }
    return ticks;
  }

  /** The roots and all their descendants in one snapshot, from the parent pids. */
  static Set<Long> descendants(Map<Long, NoiseSnapshot.Process> processes, Collection<Long> roots) {
    Map<Long, List<Long>> children = new java.util.HashMap<>();
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
