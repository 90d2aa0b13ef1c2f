package io.rpcxbench.harness.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bound on --threads: the harness's cap, or half of what the kernel and ulimit -u allow. */
class ThreadLimitTest {
  @TempDir Path dir;

  @Test
  void theCapHoldsOnABigMachine() {
    assertThat(new ThreadLimit(192_730, 4_194_304, ThreadLimit.NONE).max()).isEqualTo(10_000);
  }

  @Test
  void halfOfTheSmallestKernelOrUserLimitOtherwise() {
    assertThat(new ThreadLimit(192_730, 32_768, 4_000).max()).isEqualTo(2_000);
    assertThat(new ThreadLimit(3_000, 32_768, ThreadLimit.NONE).max()).isEqualTo(1_500);
    assertThat(new ThreadLimit(ThreadLimit.NONE, ThreadLimit.NONE, ThreadLimit.NONE).max())
        .isEqualTo(ThreadLimit.CAP);
  }

  @Test
  void theMessageSaysWhereTheBoundComesFrom() {
    assertThat(new ThreadLimit(192_730, 32_768, 4_000).explain(5000))
        .isEqualTo(
            "--threads 5000 is more than this machine allows: at most 2000 (the harness's cap"
                + " 10000, half of kernel.threads-max 192730, half of kernel.pid_max 32768, half"
                + " of ulimit -u 4000)");
  }

  @Test
  void ulimitUComesFromProcSelfLimits() throws IOException {
    Path limits = dir.resolve("limits");
    Files.writeString(
        limits,
        "Limit                     Soft Limit           Hard Limit           Units     \n"
            + "Max cpu time              unlimited            unlimited            seconds   \n"
            + "Max processes             96365                96365                processes \n");
    assertThat(ThreadLimit.maxUserProcesses(limits)).isEqualTo(96_365);
    Files.writeString(limits, "Max processes             unlimited            unlimited     \n");
    assertThat(ThreadLimit.maxUserProcesses(limits)).isEqualTo(ThreadLimit.NONE);
    assertThat(ThreadLimit.maxUserProcesses(dir.resolve("missing"))).isEqualTo(ThreadLimit.NONE);
  }

  @Test
  void thisMachineAllowsThePapersThreadCounts() {
    assertThat(ThreadLimit.ofThisMachine().max()).isGreaterThanOrEqualTo(990);
  }
}
