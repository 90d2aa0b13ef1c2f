package io.rpcxbench.harness.measure;

import io.rpcxbench.harness.config.Instruments;
import io.rpcxbench.harness.output.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures each run's CPU and memory from outside the calls: the harness JVM's own CPU time (to the
 * nanosecond, {@link ClientCpu}) and garbage-collection pauses (always, {@link GcPauses}) and, with
 * {@code --server-pid}, the server's CPU time and peak RSS ({@link ProcessStats}). Neither side's
 * CPU time is ever more than its cores for the run's wall time (a guard: a tick-counted clock read
 * over a few ms could say so). A client that used at least {@value #SATURATED} of the cores it may
 * run on while the server did not is the bottleneck itself: the run is flagged {@code
 * harness_limited}. Every run also names what limited it ({@link LimitedBy}: client, server, link
 * or none); the link counts when its rate is known ({@code --provenance link_rate=1mbit}), from the
 * bytes the client host's link carried ({@link LinkCounter}). With {@code --noise-guard
 * warn|strict} each run also reads how busy the machine was with other work ({@link MachineNoise}):
 * a contended run says so ({@code contended}, {@code limited_by contended}).
 *
 * <pre>{@code
 * RunMeters meters = new RunMeters(new ProcProcessTree(List.of(4242L)));
 * meters.before();
 * RunResult r = meters.after(runner.run(order));   // + client_cpu_s, server_cpu_s, ... columns
 * }</pre>
 */
public final class RunMeters {
  /** Share of its cores a process must use to count as saturated. */
  static final double SATURATED = LimitedBy.SATURATED;

  /**
   * The column that says why the load generator was the limit ({@link LimitedBy#generatorWhy}),
   * beside {@code limited_by=client}; empty otherwise.
   */
  public static final String LIMITED_WHY = "limited_why";

  private final ProcessStats server;
  private final double linkBitsPerSecond;
  private final LinkCounter link;
  private final ClientCpu clientCpu;
  private final int clientCores;
  private long wallStart;
  private ClientCpu.Sample clientStart;
  private GcPauses.Sample gcStart;
  private final JitThreads jit = new JitThreads(Instruments.PROC);
  private long clientJitStart;
  private long serverJitStart;
  private ProcessStats.Sample serverStart;
  private long[] ioStart;
  private final MachineNoise noise;
  private ProcessStats.Io serverIoStart;
  private boolean ioCounted;
  private NoiseSnapshot serverHostStart;
  private MachineNoise.Reading lastNoise;
  private boolean peakReset;
  private String serverProblem;

  /** {@code server} null: the client's CPU only. */
  public RunMeters(ProcessStats server) {
    this(server, Double.NaN);
  }

  /** {@code linkBitsPerSecond}: the link's rate, NaN when unknown (no link classification). */
  public RunMeters(ProcessStats server, double linkBitsPerSecond) {
    this(server, linkBitsPerSecond, LinkCounter.forThisHost());
  }

  public RunMeters(ProcessStats server, double linkBitsPerSecond, LinkCounter link) {
    this(server, linkBitsPerSecond, link, null);
  }

  /** {@code noise}: the machine's noise, or null when not read ({@code --noise-guard off}). */
  public RunMeters(
      ProcessStats server, double linkBitsPerSecond, LinkCounter link, MachineNoise noise) {
    this(
        server,
        linkBitsPerSecond,
        link,
        noise,
        ClientCpu.ofThisJvm(),
        Runtime.getRuntime().availableProcessors());
  }

  /** {@code clientCpu}, {@code clientCores}: this JVM's, or a fake /proc's in tests. */
  RunMeters(
      ProcessStats server,
      double linkBitsPerSecond,
      LinkCounter link,
      MachineNoise noise,
      ClientCpu clientCpu,
      int clientCores) {
    this.server = server;
    this.linkBitsPerSecond = linkBitsPerSecond;
    this.link = link;
    this.noise = noise;
    this.clientCpu = clientCpu;
    this.clientCores = clientCores;
  }

  /** The JIT compiler threads of the harness JVM and the server on this host, from now. */
  public JitThreads.Probe jitProbe() {
    List<Long> pids = new ArrayList<>(List.of(ProcessHandle.current().pid()));
    if (server != null) {
      pids.addAll(server.localPids());
    }
    return jit.probe(pids);
  }

  /** The JIT compiler threads' CPU ms of {@code pids} since {@code start}, where readable. */
  private void jitColumn(Map<String, String> m, String column, long start, List<Long> pids) {
    if (start < 0) {
      return;
    }
    long now = jit.cpuNanos(pids);
    if (now >= 0) {
      m.put(column, String.valueOf(Math.max(0, now - start) / 1_000_000));
    }
  }

  /** What the link's bytes are counted from, or null when no link rate is known. */
  public String linkCounted() {
    return Double.isNaN(linkBitsPerSecond) ? null : link.describe();
  }

  public boolean measuresServer() {
    return server != null;
  }

  public String serverDescription() {
    return server == null ? "" : server.describe();
  }

  public int clientCores() {
    return clientCores;
  }

  /** Right before a run. */
  public void before() {
    serverProblem = null;
    if (noise != null) {
      noise.start();
    }
    if (server != null) {
      peakReset = server.resetPeak();
      serverIoStart = server.io();
      ioCounted |= serverIoStart != null; // once counted, every row keeps the columns
      try {
        serverStart = server.sample();
        serverHostStart = server.host();
      } catch (IOException e) {
        serverStart = null;
        serverHostStart = null;
        serverProblem = e.getMessage();
      }
    }
    ioStart = Double.isNaN(linkBitsPerSecond) ? null : link.sample();
    wallStart = System.nanoTime();
    clientStart = clientCpu.sample();
    gcStart = GcPauses.sample();
    clientJitStart = jit.cpuNanos(List.of(ProcessHandle.current().pid()));
    serverJitStart = server == null ? -1 : jit.cpuNanos(server.localPids());
  }

  /** Right after the run: {@code r} with the CPU (and memory) columns added. */
  public RunResult after(RunResult r) {
    long measured = ClientCpu.used(clientStart, clientCpu.sample());
    long wall = Math.max(1, System.nanoTime() - wallStart);
    long client = atMostAllCores(measured, wall, clientCores);
    Map<String, String> m = new LinkedHashMap<>();
    double clientUsed = (double) client / wall;
    m.put("client_cpu_s", decimal(client / 1e9));
    m.put("client_cores", decimal(clientUsed));
    GcPauses.Sample gc = GcPauses.sample().minus(gcStart);
    m.put("gc_pauses", String.valueOf(gc.count()));
    m.put("gc_pause_ms", String.valueOf(gc.millis()));
    jitColumn(m, "client_jit_ms", clientJitStart, List.of(ProcessHandle.current().pid()));
    if (server != null) {
      jitColumn(m, "server_jit_ms", serverJitStart, server.localPids());
    }
    boolean clientSaturated = clientUsed >= SATURATED * clientCores;
    boolean serverSaturated = false;
    long serverCpu = -1;
    long serverTicks = -1;
    int serverCores = 1;
    NoiseSnapshot serverHostEnd = null;
    if (server != null) {
      ProcessStats.Sample end = null;
      if (serverStart != null) {
        try {
          end = server.sample();
          serverHostEnd = server.host();
        } catch (IOException e) {
          serverProblem = e.getMessage();
        }
      }
      if (end != null) {
        long measuredServer = Math.max(0, end.cpuNanos() - serverStart.cpuNanos());
        serverTicks = measuredServer / ProcProcessTree.NANOS_PER_TICK;
        long cpu = atMostAllCores(measuredServer, wall, end.coresAvailable());
        double used = (double) cpu / wall;
        serverSaturated = used >= SATURATED * end.coresAvailable();
        serverCpu = cpu;
        serverCores = end.coresAvailable();
        m.put("server_cpu_s", decimal(cpu / 1e9));
        m.put("server_cores", decimal(used));
        m.put("server_rss_kb", String.valueOf(end.peakRssKb()));
        m.put("server_processes", String.valueOf(end.processes()));
      } else {
        m.put("server_cpu_s", "0");
        m.put("server_cores", "0");
        m.put("server_rss_kb", "0");
        m.put("server_processes", "0");
      }
      ioColumns(m, r.calls());
    }
    m.put("harness_limited", clientSaturated && !serverSaturated ? "1" : "0");
    long linkBytes = linkBytes();
    LimitedBy.Usage usage =
        LimitedBy.Usage.of(
            wall, client, clientCores, serverCpu, serverCores, linkBytes, linkBitsPerSecond);
    if (!Double.isNaN(usage.link())) {
      m.put("link_used", decimal(usage.link()));
    }
    LimitedBy limit = LimitedBy.classify(usage);
    boolean serverHere = server != null && !server.onAnotherHost() && serverCpu >= 0;
    Map<String, String> noisy =
        noiseColumns(
            limit == LimitedBy.CLIENT || limit == LimitedBy.SERVER,
            clientUsed + (serverHere ? (double) serverCpu / wall : 0),
            serverSaturated || (serverCpu >= 0 && usage.server() >= MachineNoise.OWN_SHARE),
            serverHostEnd,
            serverTicks);
    LimitedBy limitedBy = LimitedBy.classify(usage, "1".equals(noisy.get("contended")), r.extra());
    m.put("limited_by", limitedBy.id());
    String generator = LimitedBy.generatorWhy(r.extra());
    m.put(LIMITED_WHY, limitedBy == LimitedBy.CLIENT && generator != null ? generator : "");
    m.putAll(noisy);
    return r.withExtra(m);
  }

  /**
   * The machine's noise over the run ({@link MachineNoise}), and the server host's over ssh; empty
   * with {@code --noise-guard off}. {@code contended_why} joins the reasons with {@code ;} (a raw
   * value holds no comma).
   *
   * @param sideSaturated the client or the server used at least 90 % of its cores
   * @param ownCores the CPU the run's processes on this host used, in cores
   * @param serverFillsItsHost over ssh: the server used at least half of its cores
   * @param serverTicks over ssh: the server's CPU time in the run, ticks; -1 when not measured
   */
  private Map<String, String> noiseColumns(
      boolean sideSaturated,
      double ownCores,
      boolean serverFillsItsHost,
      NoiseSnapshot serverHostEnd,
      long serverTicks) {
    Map<String, String> m = new LinkedHashMap<>();
    if (noise == null) {
      return m;
    }
    lastNoise = noise.end();
    lastNoise.addColumns(m);
    List<String> why =
        new ArrayList<>(lastNoise.reasons(lastNoise.runFillsCpus(sideSaturated, ownCores)));
    if (server != null && server.onAnotherHost()) {
      MachineNoise.Reading there =
          serverHostStart == null || serverHostEnd == null
              ? MachineNoise.Reading.UNKNOWN
              : MachineNoise.Reading.onServerHost(serverHostStart, serverHostEnd, serverTicks);
      m.put("server_noise_load", MachineNoise.Reading.number("%.2f", there.load()));
      m.put("server_noise_cpu_pressure", MachineNoise.Reading.number("%.1f", there.cpuPressure()));
      there.reasons(serverFillsItsHost).forEach(reason -> why.add("server host " + reason));
    }
    m.put("contended", why.isEmpty() ? "0" : "1");
    m.put("contended_why", String.join("; ", why));
    return m;
  }

  /** The online CPUs the last run's noise reading saw; 0 when unknown or not read. */
  public int noiseCpus() {
    return lastNoise == null ? 0 : lastNoise.cpus();
  }

  /**
   * The server's read and write system calls during the run, and the calls per read: ~1 when each
   * call came in a write of its own, many when the client batched them ({@code rpcx}'s client); and
   * the bytes it read and wrote (on loopback with no other traffic: the wire bytes each way, plus a
   * little logging). 0 when they could not be read this run.
   */
  private void ioColumns(Map<String, String> m, long calls) {
    if (!ioCounted) {
      return;
    }
    ProcessStats.Io end = serverIoStart == null ? null : server.io();
    ProcessStats.Io used =
        end == null
            ? new ProcessStats.Io(0, 0, 0, 0)
            : new ProcessStats.Io(
                Math.max(0, end.reads() - serverIoStart.reads()),
                Math.max(0, end.writes() - serverIoStart.writes()),
                Math.max(0, end.bytesIn() - serverIoStart.bytesIn()),
                Math.max(0, end.bytesOut() - serverIoStart.bytesOut()));
    m.put("server_reads", String.valueOf(used.reads()));
    m.put("server_writes", String.valueOf(used.writes()));
    m.put(
        "calls_per_server_read", used.reads() == 0 ? "0" : decimal((double) calls / used.reads()));
    m.put("server_bytes_in", String.valueOf(used.bytesIn()));
    m.put("server_bytes_out", String.valueOf(used.bytesOut()));
  }

  /** Whether the server's system calls are counted (a local process tree). */
  public boolean countsServerSyscalls() {
    return server != null && (ioCounted || server.io() != null);
  }

  /** The busier direction's bytes since {@link #before()}, or -1 when not measured. */
  private long linkBytes() {
    long[] end = ioStart == null ? null : link.sample();
    if (end == null) {
      return -1;
    }
    return Math.max(end[0] - ioStart[0], end[1] - ioStart[1]);
  }

  /** Why the server could not be measured in the last run, or null. */
  public String serverProblem() {
    return serverProblem;
  }

  /**
   * Where the last run's peak RSS counts from: {@code run}, else the process's (cgroup's) start.
   */
  public String peakSince() {
    return peakReset || server == null ? "run" : server.peakOrigin();
  }

  /**
   * {@code cpuNanos}, but at most {@code cores} busy for the whole wall time: a guard, as no
   * process can use more; the CPU clocks are read a little apart from the wall clock.
   */
  static long atMostAllCores(long cpuNanos, long wallNanos, int cores) {
    return Math.min(cpuNanos, wallNanos * Math.max(1, cores));
  }

  public static String decimal(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
