package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link MachineNoise} on fake /proc trees: two snapshots one second apart, this JVM as pid 100
 * (with a child, 101), the server as pid 200, a kernel thread (pid 3, child of kthreadd) and a
 * co-tenant (pid 300).
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
  void cpuPressureOf92PercentIsContendedAndSaysWhy() throws IOException {
    // the box: PSI 92 %, co-tenants inside the VM, steal tiny
    MachineNoise.Reading r =
        overOneSecond(quiet(), quiet().pressureUs(15_000 + 920_000).cotenantTicks(130).load(21));

    assertThat(r.cpuPressure()).isEqualTo(92.0);
    assertThat(r.reasons(false))
        .containsExactly("cpu pressure 92 %", "others 1.3 cores", "load 21.0 on 2 cpus");
    assertThat(columns(r)).containsEntry("noise_cpu_pressure", "92.0");
  }

  @Test
  void othersAreEveryProcessButOursTheServersAndTheKernels() throws IOException {
    // ours, our child, the server and a kernel thread busy; the co-tenant 0.6 cores
    Box end = quiet().ownTicks(190).serverTicks(95).kernelTicks(50).cotenantTicks(60);
    MachineNoise.Reading r = overOneSecond(quiet(), end);

    assertThat(r.othersCores()).isEqualTo(0.6);
    assertThat(r.reasons(false)).containsExactly("others 0.6 cores");
    // the same run seen without the server's pid: its CPU is others' too
    NoiseSnapshot a = snapshot(quiet(), 0);
    NoiseSnapshot b = snapshot(end, SECOND);
    assertThat(MachineNoise.Reading.between(a, b, List.of(100L)).othersCores()).isEqualTo(1.55);
  }

  @Test
  void aReusedPidIsNoOnesCpu() throws IOException {
    NoiseSnapshot a = snapshot(quiet(), 0);
    Files.writeString(proc.resolve("300/stat"), stat(300, 77, 5000)); // another parent now
    NoiseSnapshot b = snapshot(SECOND);

    assertThat(MachineNoise.Reading.between(a, b, OURS).othersCores()).isZero();
  }

  @Test
  void aMissingPressureFileIsUnknownAndNoReason() throws IOException {
    Box box = quiet().cotenantTicks(3);
    box.write();
    Files.delete(proc.resolve("pressure/cpu"));
    NoiseSnapshot a = snapshot(0);
    NoiseSnapshot b = snapshot(SECOND);
    MachineNoise.Reading r = MachineNoise.Reading.between(a, b, OURS);

    assertThat(r.cpuPressure()).isNaN();
    assertThat(columns(r)).containsEntry("noise_cpu_pressure", "");
    assertThat(r.reasons(false)).isEmpty();
  }

  @Test
  void withoutTotalTheTenSecondAverageCounts() throws IOException {
    quiet().write();
    Files.writeString(proc.resolve("pressure/cpu"), "some avg10=92.00 avg60=88.10 avg300=70.00\n");
    MachineNoise.Reading r = MachineNoise.Reading.between(snapshot(0), snapshot(SECOND), OURS);

    assertThat(r.cpuPressure()).isEqualTo(92.0);
    assertThat(r.reasons(false)).containsExactly("cpu pressure 92 %");
  }

  @Test
  void stealOfATenthIsContended() throws IOException {
    MachineNoise.Reading r = overOneSecond(quiet(), quiet().stealTicks(1 + 24));

    assertThat(r.steal()).isEqualTo(12.0);
    assertThat(r.reasons(false)).containsExactly("steal 12 %");
  }

  @Test
  void aSaturatedSideExplainsPressureAndLoadButNotOthersOrSteal() throws IOException {
    Box busy = quiet().pressureUs(600_000).load(9).cotenantTicks(80).stealTicks(1 + 30);
    MachineNoise.Reading r = overOneSecond(quiet(), busy);

    assertThat(r.reasons(true)).containsExactly("others 0.8 cores", "steal 15 %");
    assertThat(overOneSecond(quiet(), quiet().pressureUs(600_000).load(9)).reasons(true))
        .as("its own threads queue for the CPU")
        .isEmpty();
  }

  @Test
  void aRunThatUsesHalfTheCpusMayCauseThePressureItself() throws IOException {
    MachineNoise.Reading r = overOneSecond(quiet(), quiet().pressureUs(15_000 + 600_000));

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
    assertThat(MachineNoise.Reading.between(a, few, OURS).reasons(false)).isEmpty();

    NoiseSnapshot more = snapshot(quiet().cotenantTicks(12), SECOND / 10);
    assertThat(MachineNoise.Reading.between(a, more, OURS).reasons(false))
        .containsExactly("others 1.2 cores");
  }

  @Test
  void anEmptyProcIsAllUnknownAndNeverAnError() {
    NoiseSnapshot s = NoiseSnapshot.read(proc.resolve("nothing"), true);
    MachineNoise.Reading r = MachineNoise.Reading.between(s, s, OURS);

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
    quiet().load(42).write();

    MachineNoise.Reading r = noise.end();
    assertThat(r.load()).isEqualTo(42.0);
    assertThat(r.reasons(false)).contains("load 42.0 on 2 cpus");
  }

  private MachineNoise.Reading overOneSecond(Box start, Box end) throws IOException {
    end.elapsed = 200; // ticks: one second of 2 CPUs
    return MachineNoise.Reading.between(snapshot(start, 0), snapshot(end, SECOND), OURS);
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
        s.cpus(),
        s.processes());
  }

  private static Map<String, String> columns(MachineNoise.Reading r) {
    Map<String, String> m = new LinkedHashMap<>();
    r.addColumns(m);
    return m;
  }

  private Box quiet() {
    return new Box();
  }

  private static String stat(long pid, long parent, long ticks) {
    return pid + " (p " + pid + ") S " + parent + " 1 1 0 -1 0 0 0 0 0 " + ticks + " 0 0 0 20 0\n";
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

    /** 2 CPUs: the cpu line's total grows by {@code elapsed} ticks whatever the steal. */
    void write() throws IOException {
      Files.createDirectories(proc.resolve("pressure"));
      Files.writeString(proc.resolve("loadavg"), load + " 0.20 0.10 1/99 1234\n");
      Files.writeString(
          proc.resolve("pressure/cpu"),
          "some avg10=0.50 avg60=0.40 avg300=0.30 total="
              + pressureUs
              + "\n"
              + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
      Files.writeString(
          proc.resolve("stat"),
          "cpu  "
              + (1000 + elapsed / 2)
              + " 0 100 "
              + (5000 + elapsed / 2 - (steal - 1))
              + " 0 0 0 "
              + steal
              + " 0 0\ncpu0 1 0 0 0 0 0 0 0 0 0\ncpu1 1 0 0 0 0 0 0 0 0 0\nintr 1\n");
      process(100, 1, own);
      process(101, 100, own / 2);
      process(200, 1, server);
      process(2, 0, 0);
      process(3, 2, kernel);
      process(300, 1, cotenant);
    }

    private void process(long pid, long parent, long ticks) throws IOException {
      Files.createDirectories(proc.resolve(String.valueOf(pid)));
      Files.writeString(proc.resolve(pid + "/stat"), stat(pid, parent, ticks));
    }
  }
}
