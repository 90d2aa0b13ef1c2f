package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SshProcessStats}: its snippet run through a fake {@code ssh} that runs the command here
 * ({@code bash -c}), and its strict parsing of canned output.
 */
class SshProcessStatsTest {
  @TempDir Path dir;

  @Test
  void readsAProcessTreeThroughSshInOneRoundTrip() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs Linux's /proc");
    Process tree = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60 & wait").start();
    try {
      SshProcessStats stats = stats(fakeSsh("exec bash -c \"$*\""), tree.pid());
      awaitChildren(stats, 3);

      assertThat(stats.resetPeak()).isTrue();
      ProcessStats.Sample s = stats.sample();
      assertThat(s.processes()).isEqualTo(3);
      assertThat(s.peakRssKb()).isPositive();
      assertThat(s.cpuNanos()).isNotNegative();
      assertThat(s.coresAvailable()).isPositive();
      assertThat(stats.describe()).startsWith("pid " + tree.pid() + " and descendants on host-b");
      assertThat(stats.host().load1()).as("this host's /proc/loadavg, as host B's").isNotNaN();
      assertThat(stats.host().cpuTicks()).isPositive();
    } finally {
      tree.descendants().forEach(ProcessHandle::destroy);
      tree.destroy();
    }
  }

  @Test
  void aServerThatIsGoneIsAClearError() throws Exception {
    Process done = new ProcessBuilder("true").start();
    done.waitFor();
    SshProcessStats stats = stats(fakeSsh("exec bash -c \"$*\""), done.pid());
    assertThatThrownBy(stats::sample)
        .isInstanceOf(IOException.class)
        .hasMessage("server process " + done.pid() + " is gone on host-b");
    assertThat(stats.resetPeak()).isFalse();
  }

  @Test
  void anSshFailureSaysWhatSshSaid() throws Exception {
    Path ssh = fakeSsh("echo 'Permission denied (publickey).' >&2; exit 255");
    assertThatThrownBy(() -> stats(ssh, 4242).sample())
        .isInstanceOf(IOException.class)
        .hasMessage("ssh host-b failed (exit 255): Permission denied (publickey).");
  }

  @Test
  void cannedOutputIsSummedOverTheTree() throws IOException {
    SshProcessStats stats = new SshProcessStats(List.of("ssh", "b"), "b", List.of(10L));
    SshProcessStats.Reading r =
        stats.parse(
            """
            rpcx-stats 1
            reset 10 ok
            stat 10 (java (x)) S 1 1 1 0 -1 0 0 0 0 0 100 10 0 0 20 0 1 0 0
            VmHWM 10 1000 kB
            Cpus_allowed_list 10 0-3
            reset 11 failed
            stat 11 (sh) S 10 1 1 0 -1 0 0 0 0 0 20 5 1 1 20 0 1 0 0
            VmHWM 11 500 kB
            Cpus_allowed_list 11 0
            gone 12
            end
            """);
    assertThat(r.sample())
        .isEqualTo(new ProcessStats.Sample(137 * ProcProcessTree.NANOS_PER_TICK, 1500, 2, 4));
    assertThat(r.allReset()).isFalse();
    assertThat(r.host().load1()).isNaN();
  }

  @Test
  void theHostsLoadComesWithTheTree() throws IOException {
    SshProcessStats stats = new SshProcessStats(List.of("ssh", "b"), "b", List.of(10L));
    SshProcessStats.Reading r =
        stats.parse(
            """
            rpcx-stats 1
            stat 10 (java) S 1 1 1 0 -1 0 0 0 0 0 100 10 0 0 20 0 1 0 0
            loadavg 21.50
            psi avg10=92.00 avg60=90.00 avg300=80.00 total=123456789
            cpustat 100 0 50 800 0 0 0 50 0 0
            end
            """);
    assertThat(r.host().load1()).isEqualTo(21.5);
    assertThat(r.host().pressureTotalUs()).isEqualTo(123456789L);
    assertThat(r.host().pressureAvg10()).isEqualTo(92.0);
    assertThat(r.host().cpuTicks()).isEqualTo(1000);
    assertThat(r.host().stealTicks()).isEqualTo(50);
  }

  @Test
  void anythingTheSnippetDoesNotPrintIsRejected() {
    SshProcessStats stats = new SshProcessStats(List.of("ssh", "b"), "b", List.of(10L));
    assertThatThrownBy(() -> stats.parse("Welcome to host B!\nrpcx-stats 1\nend\n"))
        .hasMessage("ssh b: unexpected output: Welcome to host B!");
    assertThatThrownBy(() -> stats.parse("rpcx-stats 1\nstat 10 (java) S 1\n"))
        .hasMessage("ssh b: output cut short (no end line)");
    assertThatThrownBy(() -> stats.parse("rpcx-stats 1\nstat 10 (java) S 1 2\nend\n"))
        .hasMessage("ssh b: unexpected output: stat 10 (java) S 1 2");
    assertThatThrownBy(() -> stats.parse("rpcx-stats 1\nVmHWM 10 lots kB\nend\n"))
        .hasMessage("ssh b: unexpected output: VmHWM 10 lots kB");
    assertThatThrownBy(() -> stats.parse("rpcx-stats 1\nrm -rf /\nend\n"))
        .hasMessage("ssh b: unexpected output: rm -rf /");
    assertThatThrownBy(() -> stats.parse("rpcx-stats 1\ntoo-many\nend\n"))
        .hasMessage("ssh b: more than 256 processes in the server's tree");
    assertThatThrownBy(() -> stats.parse("")).hasMessage("ssh b: unexpected output: (no output)");
  }

  @Test
  void theSshCommandRunsInBatchModeWithTheDeployOptions() {
    assertThat(SshProcessStats.command("me@b", " -p 2222  -i key "))
        .containsExactly(
            "ssh",
            "-o",
            "BatchMode=yes",
            "-o",
            "ConnectTimeout=15",
            "-p",
            "2222",
            "-i",
            "key",
            "me@b");
    assertThat(SshProcessStats.command("b", null)).endsWith("ConnectTimeout=15", "b");
  }

  private SshProcessStats stats(Path ssh, long pid) {
    return new SshProcessStats(
        List.of(ssh.toString(), "-o", "BatchMode=yes", "host-b"), "host-b", List.of(pid));
  }

  /** A stand-in for ssh: skips the options and the destination, then runs {@code body}. */
  private Path fakeSsh(String body) throws IOException {
    Path ssh = dir.resolve("ssh");
    Files.writeString(
        ssh,
        "#!/bin/sh\n"
            + "while [ $# -gt 0 ]; do case $1 in -o|-p|-i) shift 2 ;; -*) shift ;; *) break ;;"
            + " esac; done\n"
            + "shift\n"
            + body
            + "\n");
    Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
    return ssh;
  }

  /** The shell starts its two children a moment after it starts. */
  private static void awaitChildren(SshProcessStats stats, int processes) {
    Await.until(
        processes + " processes in the tree, read through ssh",
        Duration.ofSeconds(10),
        () -> {
          try {
            return stats.sample().processes() >= processes;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }
}
