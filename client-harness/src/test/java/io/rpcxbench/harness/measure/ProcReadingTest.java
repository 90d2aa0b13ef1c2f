package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ProcProcessTree}'s reading of /proc, on a fake /proc tree. */
class ProcReadingTest {
  @TempDir Path proc;

  @Test
  void cpuTicksAreFields14To17EvenWhenTheNameHasSpacesAndParentheses() {
    String stat =
        "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 30 0 1 0 0";
    assertThat(ProcProcessTree.cpuTicks(stat)).isEqualTo(250 + 50 + 7 + 3);
  }

  @Test
  void cpuListsAndStatusLines() {
    assertThat(ProcProcessTree.cpuCount("0-3,6")).isEqualTo(5);
    assertThat(ProcProcessTree.cpuCount("1")).isEqualTo(1);
    assertThat(
            ProcProcessTree.statusKb("Name:\tjava\nVmHWM:\t  123456 kB\nVmRSS:\t 1 kB\n", "VmHWM"))
        .isEqualTo(123456);
    assertThat(ProcProcessTree.statusKb("Name:\tkthreadd\n", "VmHWM")).isZero();
  }

  @Test
  void aServerOfSeveralProcessesIsSummedOverItsTree() throws IOException {
    process(10, "100 10 0 0", 1000, "11");
    process(11, "20 5 1 1", 500, "12");
    process(12, "3 0 0 0", 250, "");
    process(13, "999 999 0 0", 999, ""); // not a descendant

    ProcProcessTree tree = new ProcProcessTree(proc, List.of(10L));
    ProcessStats.Sample s = tree.sample();

    assertThat(s.processes()).isEqualTo(3);
    assertThat(s.cpuNanos()).isEqualTo((110 + 27 + 3) * ProcProcessTree.NANOS_PER_TICK);
    assertThat(s.peakRssKb()).isEqualTo(1750);
    assertThat(s.coresAvailable()).isEqualTo(2);
    assertThat(tree.resetPeak()).isTrue();
    assertThat(proc.resolve("12/clear_refs")).hasContent("5");
  }

  @Test
  void theServersSyscallsAndBytesAreSummedOverItsTree() throws IOException {
    process(10, "1 0 0 0", 100, "11");
    process(11, "1 0 0 0", 100, "");
    Files.writeString(proc.resolve("10/io"), "rchar: 9\nwchar: 9\nsyscr: 1200\nsyscw: 40\n");
    Files.writeString(proc.resolve("11/io"), "rchar: 1\nwchar: 1\nsyscr: 34\nsyscw: 2\n");

    assertThat(new ProcProcessTree(proc, List.of(10L)).io())
        .isEqualTo(new ProcessStats.Io(1234, 42, 10, 10));
  }

  @Test
  void aServerWhoseIoCannotBeReadCountsNoSyscalls() throws IOException {
    process(10, "1 0 0 0", 100, "");

    assertThat(new ProcProcessTree(proc, List.of(10L)).io()).isNull();
  }

  @Test
  void aVanishedRootIsReported() {
    ProcProcessTree tree = new ProcProcessTree(proc, List.of(77L));
    org.assertj.core.api.Assertions.assertThatThrownBy(tree::sample)
        .isInstanceOf(IOException.class)
        .hasMessage("server process 77 is gone");
  }

  private void process(long pid, String times, long hwmKb, String children) throws IOException {
    Path dir = Files.createDirectories(proc.resolve(pid + "/task/" + pid));
    Files.writeString(
        proc.resolve(pid + "/stat"),
        pid + " (srv) S 1 1 1 0 -1 0 0 0 0 0 " + times + " 20 0 1 0 0\n");
    Files.writeString(
        proc.resolve(pid + "/status"),
        "Name:\tsrv\nVmHWM:\t" + hwmKb + " kB\nCpus_allowed_list:\t0-1\n");
    Files.writeString(dir.resolve("children"), children.isEmpty() ? "" : children + " ");
  }
}
