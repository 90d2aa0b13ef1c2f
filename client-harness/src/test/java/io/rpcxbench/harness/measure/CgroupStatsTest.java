package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CgroupStats} on fake cgroup folders of both formats. */
public class CgroupStatsTest {
  @TempDir Path root;

  @Test
  void v2ReadsCpuStatUsageAndMemoryPeakWhichCountsFromTheCgroupsStart() throws IOException {
    Path b = v2("rpcx-lab-b", "150000 100000");
    Files.writeString(b.resolve("memory.peak"), "2097152\n");

    CgroupStats stats = CgroupStats.open(List.of(b));
    assertThat(stats.resetPeak()).isFalse();
    ProcessStats.Sample s = stats.sample();

    assertThat(s.cpuNanos()).isEqualTo(1_234_567_000L);
    assertThat(s.peakRssKb()).isEqualTo(2048);
    assertThat(s.processes()).isEqualTo(2);
    assertThat(s.coresAvailable()).isEqualTo(2); // 1.5 cores of quota, rounded up
    assertThat(stats.peakOrigin()).isEqualTo("cgroup start");
    assertThat(stats.describe()).contains(b.toString(), "cpu.stat", "memory.peak");
  }

  @Test
  void v2WithoutMemoryPeakSamplesMemoryCurrentFromTheReset() throws IOException {
    Path b = v2("b", "max 100000");
    Files.writeString(b.resolve("memory.current"), "4096000\n");
    CgroupStats stats = CgroupStats.open(List.of(b));

    assertThat(stats.resetPeak()).isTrue();
    Files.writeString(b.resolve("memory.current"), "1024000\n");
    ProcessStats.Sample s = stats.sample();

    assertThat(s.peakRssKb()).isEqualTo(4_096_000 / 1024); // the higher reading stays
    assertThat(s.coresAvailable()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(stats.describe()).contains("memory.current sampled every 100 ms");
  }

  @Test
  void v1ReadsCpuacctUsageAndMaxUsageResetByWritingZero() throws IOException {
    List<Path> dirs = fakeV1(root, "cpu,cpuacct");
    Path mem = dirs.get(0);
    Path cpu = dirs.get(1);
    Files.writeString(cpu.resolve("cpu.cfs_quota_us"), "100000\n");
    Files.writeString(cpu.resolve("cpu.cfs_period_us"), "100000\n");

    CgroupStats stats = CgroupStats.open(dirs);
    ProcessStats.Sample s = stats.sample();
    assertThat(s.cpuNanos()).isEqualTo(987_654_321L);
    assertThat(s.peakRssKb()).isEqualTo(10);
    assertThat(s.processes()).isEqualTo(1);
    assertThat(s.coresAvailable()).isEqualTo(1);

    assertThat(stats.resetPeak()).isTrue();
    assertThat(mem.resolve("memory.max_usage_in_bytes")).hasContent("0");
    assertThat(stats.describe()).contains(cpu.toString(), mem.toString(), "cpuacct.usage");
  }

  @Test
  void aFolderWithoutAccountingIsNamed() throws IOException {
    Path mem = Files.createDirectories(root.resolve("memory/b"));
    Files.writeString(mem.resolve("memory.max_usage_in_bytes"), "1\n");
    Path cpu = Files.createDirectories(root.resolve("cpu/b"));
    Files.writeString(cpu.resolve("cpu.stat"), "nr_periods 0\nnr_throttled 0\n"); // v1 cpu.stat

    assertThatThrownBy(() -> CgroupStats.open(List.of(mem, cpu)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no CPU accounting there")
        .hasMessageContaining("cpuacct folder");
    assertThatThrownBy(() -> CgroupStats.open(List.of(root.resolve("nope"))))
        .hasMessageEndingWith("nope: no such folder");
  }

  @Test
  void anUnreadableCgroupIsAnIoError() throws IOException {
    Path b = v2("b", "max 100000");
    Files.writeString(b.resolve("memory.peak"), "1\n");
    CgroupStats stats = CgroupStats.open(List.of(b));
    Files.writeString(b.resolve("cpu.stat"), "garbage\n");
    assertThatThrownBy(stats::sample)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("cannot read the cgroup at " + b);
  }

  /**
   * A v1 cgroup {@code rpcx-lab-b} under {@code root}: its memory folder (10240 bytes peak, one
   * process) and its folder in {@code cpuHierarchy} (987654321 ns); returns both, memory first.
   */
  public static List<Path> fakeV1(Path root, String cpuHierarchy) throws IOException {
    Path mem = Files.createDirectories(root.resolve("memory/rpcx-lab-b"));
    Path cpu = Files.createDirectories(root.resolve(cpuHierarchy + "/rpcx-lab-b"));
    Files.writeString(mem.resolve("memory.max_usage_in_bytes"), "10240\n");
    Files.writeString(mem.resolve("cgroup.procs"), "42\n");
    Files.writeString(cpu.resolve("cpuacct.usage"), "987654321\n");
    return List.of(mem, cpu);
  }

  private Path v2(String name, String cpuMax) throws IOException {
    Path dir = Files.createDirectories(root.resolve(name));
    Files.writeString(
        dir.resolve("cpu.stat"), "usage_usec 1234567\nuser_usec 1000000\nsystem_usec 234567\n");
    Files.writeString(dir.resolve("cpu.max"), cpuMax + "\n");
    Files.writeString(dir.resolve("cgroup.procs"), "101\n102\n");
    return dir;
  }
}
