package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.output.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's CPU time ({@link ClientCpu}) on a fake {@code /proc/self}: its threads' schedstat to
 * the ns, its stat in whole ticks; and {@link RunMeters}' guard that no side used more than its
 * cores.
 */
class RunMetersClientCpuTest {
  private static final long MS = 1_000_000L;

  @TempDir Path self;

  @Test
  void theThreadsRunTimesBeatTheTicks() throws IOException {
    // 12 ms of CPU in the run; the tick clock, rounded down at both ends, says 20 ms
    ClientCpu cpu = new ClientCpu(self);
    write(9, Map.of(1L, 5 * MS, 2L, 3 * MS));
    ClientCpu.Sample a = cpu.sample();
    write(11, Map.of(1L, 12 * MS, 2L, 8 * MS));

    assertThat(ClientCpu.used(a, cpu.sample())).isEqualTo(12 * MS);
  }

  @Test
  void aThreadThatEndedInTheRunLeavesTheTicksAsTheFigure() throws IOException {
    ClientCpu cpu = new ClientCpu(self);
    write(10, Map.of(1L, 5 * MS, 2L, 3 * MS));
    ClientCpu.Sample a = cpu.sample();
    Files.delete(self.resolve("task/2/schedstat"));
    Files.delete(self.resolve("task/2"));
    write(20, Map.of(1L, 7 * MS, 3L, 4 * MS)); // thread 2 ran ~90 ms and ended; 3 is new

    assertThat(ClientCpu.used(a, cpu.sample())).isEqualTo(100 * MS);
  }

  @Test
  void withoutSchedstatTheTicksCount() throws IOException {
    ClientCpu cpu = new ClientCpu(self);
    write(10, Map.of());
    ClientCpu.Sample a = cpu.sample();
    write(13, Map.of());

    assertThat(ClientCpu.used(a, cpu.sample())).isEqualTo(30 * MS);
  }

  @Test
  void theClientNeverUsesMoreThanItsCores() throws IOException {
    // a clock that says 3 s of CPU over a run of a few ms, on 2 cores
    write(0, Map.of(1L, 0L));
    RunMeters meters =
        new RunMeters(null, Double.NaN, LinkCounter.forThisHost(), null, new ClientCpu(self), 2);
    meters.before();
    write(300, Map.of(1L, 3_000 * MS));
    RunResult r = meters.after(RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null));

    assertThat(Double.parseDouble(r.extra().get("client_cores"))).isLessThanOrEqualTo(2.0);
    assertThat(r.extra().get("client_cores")).isEqualTo("2.000");
  }

  @Test
  void theGuardCapsAtTheWallTimeOnAllCores() {
    assertThat(RunMeters.atMostAllCores(2_877 * MS, 1_000 * MS, 2)).isEqualTo(2_000 * MS);
    assertThat(RunMeters.atMostAllCores(1_500 * MS, 1_000 * MS, 2)).isEqualTo(1_500 * MS);
    assertThat(RunMeters.atMostAllCores(5 * MS, 1 * MS, 0)).as("cores unknown: one").isEqualTo(MS);
  }

  /** {@code self/stat} at {@code ticks} (utime) and one schedstat per thread. */
  private void write(long ticks, Map<Long, Long> threadNanos) throws IOException {
    Files.writeString(
        self.resolve("stat"),
        "77 (java) S 1 77 77 0 -1 0 0 0 0 0 " + ticks + " 0 0 0 20 0 30 0 4242 0\n");
    Files.createDirectories(self.resolve("task"));
    for (Map.Entry<Long, Long> e : threadNanos.entrySet()) {
      Path dir = Files.createDirectories(self.resolve("task/" + e.getKey()));
      Files.writeString(dir.resolve("schedstat"), e.getValue() + " 1000 3\n");
    }
  }
}
