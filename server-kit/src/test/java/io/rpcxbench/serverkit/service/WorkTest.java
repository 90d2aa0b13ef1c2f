package io.rpcxbench.serverkit.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkTest {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** Wall and CPU nanoseconds of one {@link Work#perform()} on this thread. */
  private static long[] measure(Work work) {
    long cpu = THREADS.getCurrentThreadCpuTime();
    long wall = System.nanoTime();
    work.perform();
    return new long[] {System.nanoTime() - wall, THREADS.getCurrentThreadCpuTime() - cpu};
  }

  @Test
  void sleepWaitsWithoutComputingAndCpuComputesForAsLong() {
    Duration fifty = Duration.ofMillis(50);
    long[] sleep = measure(new Work(fifty, Work.Kind.SLEEP));
    long[] cpu = measure(new Work(fifty, Work.Kind.CPU));

    assertThat(sleep[0]).isGreaterThanOrEqualTo(fifty.toNanos());
    assertThat(cpu[0]).isGreaterThanOrEqualTo(fifty.toNanos());
    assertThat(cpu[1]).isGreaterThan(sleep[1]);
  }

  @Test
  void anInterruptedSleepReturnsWithTheFlagSet() {
    Thread.currentThread().interrupt();
    new Work(Duration.ofHours(1), Work.Kind.SLEEP).perform();
    assertThat(Thread.interrupted()).isTrue();
  }

  @Test
  void aWorkingServiceWorksThenAnswersAndBlocks() {
    WorkingService service =
        new WorkingService(new Work(Duration.ofMillis(1), Work.Kind.CPU), new BenchLogic());

    assertThat(service.hello("w")).isEqualTo("hello, w");
    assertThat(service.blocks()).isTrue();
    assertThat(service.describe()).isEqualTo("bench logic, work 1ms cpu per call");
    assertThat(Work.NONE.describe()).isEqualTo("none");
    assertThat(new BenchLogic().blocks()).isFalse();
  }
}
