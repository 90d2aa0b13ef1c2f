package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MachineNoise} on fake /proc trees: two snapshots one second apart on 2 CPUs (200 ticks),
 * this JVM as pid 100 (with a child, 101), the server as pid 200, a kernel thread (pid 3, child of
 * kthreadd) and a co-tenant (pid 300). The {@code cpu} line's busy time is what all of them used,
 * plus what processes this harness cannot see used.
 */
class MachineNoiseTest {
  private static final long SECOND = 1_000_000_000L;
  private static final List<Long> OURS = List.of(100L, 200L);

  @TempDir Path proc;

  @Test
  void aQuietBoxIsNotContended() throws IOException {
    MachineNoise.Reading r = overOneSecond(quiet(), quiet().pressureUs(30_000).cotenantTicks(3));

    assertThat(r.reasons(false)).isEmpty();
    assertThat(columns(r))
        .containsEntry("noise_load", "0.30")
        .containsEntry("noise_cpu_pressure", "1.5")
        .containsEntry("noise_steal", "0.0")
        .containsEntry("noise_others_cores", "0.030");
    assertThat(r.cpus()).isEqualTo(2);
  }

  @Test
  void aServerPidBusyAtOneCoreIsNotOthersWhateverThePressure() throws IOException {
    // client and server on one 2-CPU box, both busy: their threads queue for the CPUs
    Box busy = quiet().ownTicks(60).serverTicks(100).pressureUs(15_000 + 600_000).load(5);
    MachineNoise.Reading r = overOneSecond(quiet(), busy);

    assertThat(r.othersCores()).isZero();
    assertThat(r.reasons(false)).as("pressure alone is the run's own queue").isEmpty();
    assertThat(r.reasons(true)).isEmpty();
  }

  @Test
  void aForeignPidAtOneCoreIsOthers() throws IOException {
    MachineNoise.Reading r = overOneSecond(quiet(), quiet().ownTicks(60).cotenantTicks(100));

    assertThat(r.othersCores()).isEqualTo(1.0);
    assertThat(r.reasons(true)).containsExactly("others 1.0 cores");
  }

  @Test
  void cpuPressureOf92PercentIsNamedBesideOthers() throws IOException {
    // the box: PSI 92 %, co-tenants inside the VM, steal tiny
    MachineNoise.Reading r =
        overOneSecond(quiet(), quiet().pressureUs(15_000 + 920_000).cotenantTicks(130).load(21));

    assertThat(r.cpuPressure()).isEqualTo(92.0);
    assertThat(r.reasons(true))
        .containsExactly("cpu pressure 92 %", "others 1.3 cores", "load 21.0 on 2 cpus");
    assertThat(columns(r)).containsEntry("noise_cpu_pressure", "92.0");
  }

  @Test
  void othersAreTheBusyTimeLessOursTheServersAndTheKernels() throws IOException {
    // ours, our child, the server and a kernel thread busy; the co-tenant 0.6 cores
    Box end = quiet().ownTicks(50).serverTicks(45).kernelTicks(10).cotenantTicks(60);
    MachineNoise.Reading r = overOneSecond(quiet(), end);

    assertThat(r.othersCores()).isEqualTo(0.6);
    assertThat(r.reasons(false)).containsExactly("others 0.6 cores");
    // the same run seen without the server's pid: its CPU is others' too
    NoiseSnapshot a = snapshot(quiet(), 0);
    NoiseSnapshot b = snapshot(end, SECOND);
    assertThat(MachineNoise.Reading.between(a, b, List.of(100L), Set.of()).othersCores())
        .isEqualTo(1.05);
  }

  @Test
  void aCotenantThisHarnessCannotSeeIsInTheBusyTime() throws IOException {
    // another container's process: no /proc/PID here, but its CPU is in /proc/stat
    MachineNoise.Reading r = overOneSecond(quiet(), quiet().ownTicks(60).invisibleTicks(70));

    assertThat(r.reasons(false)).containsExactly("others 0.7 cores");
  }

  @Test
  void busyCpusTheRunCannotUseAreNotItsContention() throws IOException {
    // a co-tenant (unseen) busy on CPU 1 while the run's processes may run on CPU 0 only
    NoiseSnapshot a = snapshot(quiet(), 0);
    NoiseSnapshot b = snapshot(quiet().ownTicks(60).cpu1Ticks(90), SECOND);

    assertThat(MachineNoise.Reading.between(a, b, OURS, Set.of(0)).othersCores()).isZero();
    assertThat(MachineNoise.Reading.between(a, b, OURS, Set.of(0, 1)).othersCores()).isEqualTo(0.9);
    assertThat(MachineNoise.Reading.between(a, b, OURS, Set.of()).othersCores()).isEqualTo(0.9);
  }

  @Test
  void aChildOfOursStartedInTheRunIsOursAndAReusedPidIsNew() throws IOException {
    NoiseSnapshot a = snapshot(quiet(), 0);
    Box end = quiet();
    end.extraBusy = 40 + 35;
    end.write();
    process(201, 200, 40, 0); // the server forked a helper in the run
    process(101, 100, 35, 9999); // our child's pid, reused by a new child (another start time)
    NoiseSnapshot b = snapshot(SECOND);

    assertThat(MachineNoise.Reading.between(a, b, OURS, Set.of()).othersTicks()).isEqualTo(0);
  }

  @Test
  void aConnectionsPeerOnThisHostIsUnderTest() throws IOException {
    // a server started by hand (pid 400, parent 1, no --server-pid) at the other end of our socket
    quiet().write();
    process(400, 1, 0, 0);
    connect(100, 3, 400, 7);
    MachineNoise noise = new MachineNoise(proc, () -> OURS);
    noise.start();
    Box end = quiet().ownTicks(60);
    end.extraBusy = 100;
    end.write();
    process(400, 1, 100, 0);

    assertThat(noise.end().othersTicks()).isZero();
    // the same without the connection: the hand-started server is others'
    Files.delete(proc.resolve("100/fd/3"));
    MachineNoise alone = new MachineNoise(proc, () -> OURS);
    quiet().write();
    process(400, 1, 0, 0);
    alone.start();
    end.write();
    process(400, 1, 100, 0);
    assertThat(alone.end().othersTicks()).isEqualTo(100);
  }

  @Test
  void aMissingPressureFileIsUnknownAndNoReason() throws IOException {
    Box box = quiet().cotenantTicks(3);
    box.write();
    Files.delete(proc.resolve("pressure/cpu"));
    NoiseSnapshot a = snapshot(0);
    NoiseSnapshot b = snapshot(SECOND);
    MachineNoise.Reading r = MachineNoise.Reading.between(a, b, OURS, Set.of());

    assertThat(r.cpuPressure()).isNaN();
    assertThat(columns(r)).containsEntry("noise_cpu_pressure", "");
    assertThat(r.reasons(false)).isEmpty();
  }

  @Test
  void withoutTotalTheTenSecondAverageIsRead() throws IOException {
    quiet().write();
    Files.writeString(proc.resolve("pressure/cpu"), "some avg10=92.00 avg60=88.10 avg300=70.00\n");
    MachineNoise.Reading r =
        MachineNoise.Reading.between(snapshot(0), snapshot(SECOND), OURS, Set.of());

    assertThat(r.cpuPressure()).isEqualTo(92.0);
    assertThat(r.reasons(false)).as("no one else used the CPUs").isEmpty();
  }

  @Test
  void stealOfATenthIsContended() throws IOException {
    MachineNoise.Reading r = overOneSecond(quiet(), quiet().stealTicks(1 + 24));

    assertThat(r.steal()).isEqualTo(12.0);
    assertThat(r.reasons(true)).containsExactly("steal 12 %");
  }

  @Test
  void aSaturatedSideDoesNotExplainOthersOrSteal() throws IOException {
    Box busy = quiet().pressureUs(15_000 + 600_000).load(9).cotenantTicks(80).stealTicks(1 + 30);
    MachineNoise.Reading r = overOneSecond(quiet(), busy);

    assertThat(r.reasons(true))
        .as("beside others, the queues are named too")
        .containsExactly(
            "cpu pressure 60 %", "others 0.8 cores", "steal 15 %", "load 9.0 on 2 cpus");
    assertThat(overOneSecond(quiet(), quiet().pressureUs(15_000 + 600_000).load(9)).reasons(false))
        .as("its own threads queue for the CPU")
        .isEmpty();
  }

  @Test
  void whereOthersAreUnknownPressureCountsWhileTheRunLeftTheCpusFree() throws IOException {
    // no process table (hidden /proc/PID): the queues are the only evidence
    quiet().write();
    NoiseSnapshot a = withoutProcesses(snapshot(0));
    quiet().pressureUs(15_000 + 600_000).write();
    MachineNoise.Reading r =
        MachineNoise.Reading.between(a, withoutProcesses(snapshot(SECOND)), OURS, Set.of());

    assertThat(r.othersCores()).isNaN();
    assertThat(r.runFillsCpus(false, 0.9)).isFalse();
    assertThat(r.runFillsCpus(false, 1.0)).as("half of 2 CPUs").isTrue();
    assertThat(r.runFillsCpus(true, 0.1)).as("a saturated side").isTrue();
    assertThat(r.reasons(r.runFillsCpus(false, 0.9))).containsExactly("cpu pressure 60 %");
    assertThat(r.reasons(r.runFillsCpus(false, 1.2))).isEmpty();
  }

  @Test
  void aFewTicksOfOthersAreRoundingNotContention() throws IOException {
    // 100 ms: 8 ticks would be 0.8 cores, but /proc counts whole ticks per process
    NoiseSnapshot a = snapshot(quiet(), 0);
    NoiseSnapshot few = snapshot(quiet().cotenantTicks(8), SECOND / 10);
    assertThat(MachineNoise.Reading.between(a, few, OURS, Set.of()).reasons(false)).isEmpty();

    NoiseSnapshot more = snapshot(quiet().cotenantTicks(12), SECOND / 10);
    assertThat(MachineNoise.Reading.between(a, more, OURS, Set.of()).reasons(false))
        .containsExactly("others 1.2 cores");
  }

  @Test
  void theServerHostsOthersAreItsBusyTimeLessTheServers() {
    String stat0 = "cpu  1000 0 100 5000 0 0 0 0 0 0";
    NoiseSnapshot a = NoiseSnapshot.ofHost("0.5 0 0 1/1 1", null, stat0);
    NoiseSnapshot b0 =
        NoiseSnapshot.ofHost("0.5 0 0 1/1 1", null, "cpu  1160 0 100 5040 0 0 0 0 0 0");
    NoiseSnapshot b =
        new NoiseSnapshot(
            a.nanoTime() + SECOND,
            b0.load1(),
            b0.pressureTotalUs(),
            b0.pressureAvg10(),
            b0.cpuTicks(),
            b0.stealTicks(),
            b0.busyTicks(),
            b0.busyByCpu(),
            b0.cpus(),
            b0.processes());

    assertThat(MachineNoise.Reading.onServerHost(a, b, 100).reasons(true))
        .containsExactly("others 0.6 cores");
    assertThat(MachineNoise.Reading.onServerHost(a, b, 160).reasons(true)).isEmpty();
    assertThat(MachineNoise.Reading.onServerHost(a, b, -1).othersCores()).isNaN();
  }

  @Test
  void anEmptyProcIsAllUnknownAndNeverAnError() {
    NoiseSnapshot s = NoiseSnapshot.read(proc.resolve("nothing"), true);
    MachineNoise.Reading r = MachineNoise.Reading.between(s, s, OURS, Set.of());

    assertThat(List.of(r.load(), r.cpuPressure(), r.steal(), r.othersCores()))
        .allSatisfy(v -> assertThat(v).isNaN());
    assertThat(columns(r)).hasSize(4).allSatisfy((k, v) -> assertThat(v).isEmpty());
    assertThat(r.reasons(false)).isEmpty();
  }

  @Test
  void startAndEndReadTheTreeAroundARun() throws IOException {
    quiet().write();
    MachineNoise noise = new MachineNoise(proc, () -> OURS);
    noise.start();
    quiet().load(42).cotenantTicks(100).write();

    MachineNoise.Reading r = noise.end();
    assertThat(r.load()).isEqualTo(42.0);
    assertThat(r.othersTicks()).isEqualTo(100);
    assertThat(r.reasons(false)).contains("load 42.0 on 2 cpus");
  }

  @Test
  void theRunsCpusAreListedFromCpusAllowed() {
    assertThat(MachineNoise.cpuList("0-3,6")).containsExactlyInAnyOrder(0, 1, 2, 3, 6);
    assertThat(MachineNoise.cpuList("1")).containsExactly(1);
  }

  private MachineNoise.Reading overOneSecond(Box start, Box end) throws IOException {
    end.elapsed = 200; // ticks: one second of 2 CPUs
    return MachineNoise.Reading.between(snapshot(start, 0), snapshot(end, SECOND), OURS, Set.of());
  }

  private NoiseSnapshot snapshot(Box box, long nanoTime) throws IOException {
    box.write();
    return snapshot(nanoTime);
  }

  /** The fake tree read now, as if at {@code nanoTime}. */
  private NoiseSnapshot snapshot(long nanoTime) {
    NoiseSnapshot s = NoiseSnapshot.read(proc, true);
    return new NoiseSnapshot(
        nanoTime,
        s.load1(),
        s.pressureTotalUs(),
        s.pressureAvg10(),
        s.cpuTicks(),
        s.stealTicks(),
        s.busyTicks(),
        s.busyByCpu(),
        s.cpus(),
        s.processes());
  }

  private static NoiseSnapshot withoutProcesses(NoiseSnapshot s) {
    return new NoiseSnapshot(
        s.nanoTime(),
        s.load1(),
        s.pressureTotalUs(),
        s.pressureAvg10(),
        s.cpuTicks(),
        s.stealTicks(),
        s.busyTicks(),
        s.busyByCpu(),
        s.cpus(),
        Map.of());
  }

  private static Map<String, String> columns(MachineNoise.Reading r) {
    Map<String, String> m = new LinkedHashMap<>();
    r.addColumns(m);
    return m;
  }

  private Box quiet() {
    return new Box();
  }

  private void process(long pid, long parent, long ticks, long started) throws IOException {
    Files.createDirectories(proc.resolve(String.valueOf(pid)));
    Files.writeString(
        proc.resolve(pid + "/stat"),
        pid
            + " (p "
            + pid
            + ") S "
            + parent
            + " 1 1 0 -1 0 0 0 0 0 "
            + ticks
            + " 0 0 0 20 0 1 0 "
            + started
            + " 0\n");
  }

  /**
   * An established loopback connection between {@code pid}'s fd {@code fd} and {@code peer}'s fd
   * {@code peerFd}, as /proc/net/tcp and the fd links show it.
   */
  private void connect(long pid, int fd, long peer, int peerFd) throws IOException {
    Files.createDirectories(proc.resolve("net"));
    Files.writeString(
        proc.resolve("net/tcp"),
        "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout"
            + " inode\n"
            + "   0: 0100007F:A8F2 0100007F:1F91 01 00000000:00000000 00:00000000 00000000  1000"
            + "        0 5001 1 0 20 4 30 10 -1\n"
            + "   1: 0100007F:1F91 0100007F:A8F2 01 00000000:00000000 00:00000000 00000000  1000"
            + "        0 5002 1 0 20 4 30 10 -1\n");
    Files.createDirectories(proc.resolve(pid + "/fd"));
    Files.createDirectories(proc.resolve(peer + "/fd"));
    Files.createSymbolicLink(proc.resolve(pid + "/fd/" + fd), Path.of("socket:[5001]"));
    Files.createSymbolicLink(proc.resolve(peer + "/fd/" + peerFd), Path.of("socket:[5002]"));
  }

  /** What the fake /proc says; ticks and µs count up from a quiet start. */
  private final class Box {
    double load = 0.3;
    long pressureUs = 15_000;
    long steal = 1;
    long own;
    long server;
    long kernel;
    long cotenant;
    long invisible;
    long cpu1;
    long extraBusy;
    long elapsed;

    Box load(double v) {
      load = v;
      return this;
    }

    Box pressureUs(long v) {
      pressureUs = v;
      return this;
    }

    Box stealTicks(long v) {
      steal = v;
      return this;
    }

    Box ownTicks(long v) {
      own = v;
      return this;
    }

    Box serverTicks(long v) {
      server = v;
      return this;
    }

    Box kernelTicks(long v) {
      kernel = v;
      return this;
    }

    Box cotenantTicks(long v) {
      cotenant = v;
      return this;
    }

    /** Busy time of processes not in this /proc (another container's). */
    Box invisibleTicks(long v) {
      invisible = v;
      return this;
    }

    /** Busy time on CPU 1 of processes not in this /proc; the rest is on CPU 0. */
    Box cpu1Ticks(long v) {
      cpu1 = v;
      return this;
    }

    /**
     * 2 CPUs: the cpu line's busy time is every process's ticks; its total grows by {@code elapsed}
     * ticks whatever the steal.
     */
    void write() throws IOException {
      Files.createDirectories(proc.resolve("pressure"));
      Files.writeString(proc.resolve("loadavg"), load + " 0.20 0.10 1/99 1234\n");
      Files.writeString(
          proc.resolve("pressure/cpu"),
          "some avg10=0.50 avg60=0.40 avg300=0.30 total="
              + pressureUs
              + "\n"
              + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
      long cpu0 = own + own / 2 + server + kernel + cotenant + invisible + extraBusy;
      long busy = cpu0 + cpu1;
      Files.writeString(
          proc.resolve("stat"),
          "cpu  "
              + (1000 + busy)
              + " 0 100 "
              + (5000 + elapsed - busy - (steal - 1))
              + " 0 0 0 "
              + steal
              + " 0 0\ncpu0 "
              + (500 + cpu0)
              + " 0 50 2500 0 0 0 0 0 0\ncpu1 "
              + (500 + cpu1)
              + " 0 50 2500 0 0 0 0 0 0\nintr 1\n");
      process(100, 1, own, 0);
      process(101, 100, own / 2, 0);
      process(200, 1, server, 0);
      process(2, 0, 0, 0);
      process(3, 2, kernel, 0);
      process(300, 1, cotenant, 0);
    }
  }
}
