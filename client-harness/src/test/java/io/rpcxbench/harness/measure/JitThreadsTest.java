package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JitThreadsTest {
  @TempDir Path proc;

  private void thread(long pid, long tid, String comm, long utime, long stime) throws Exception {
    Path task = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
    Files.writeString(task.resolve("comm"), comm + "\n");
    // pid (comm) state, then fields 4..13, utime (14) and stime (15)
    Files.writeString(
        task.resolve("stat"),
        tid + " (" + comm + ") S 1 1 1 0 -1 0 0 0 0 0 " + utime + " " + stime + " 0 0 20 0\n");
  }

  @Test
  void onlyTheCompilerThreadsCountOverEveryProcess() throws Exception {
    thread(10, 11, "C2 CompilerThre", 30, 5);
    thread(10, 12, "C1 CompilerThre", 4, 1);
    thread(10, 13, "epollEventLoopG", 500, 100);
    thread(20, 21, "C2 CompilerThre", 10, 0);
    JitThreads jit = new JitThreads(proc);
    // ticks of 10 ms: (35 + 5) from pid 10, 10 from pid 20
    assertThat(jit.cpuNanos(List.of(10L))).isEqualTo(400_000_000L);
    assertThat(jit.cpuNanos(List.of(10L, 20L))).isEqualTo(500_000_000L);
  }

  @Test
  void aProcessThatCannotBeReadIsNoFigure() {
    assertThat(new JitThreads(proc).cpuNanos(List.of(99L))).isEqualTo(-1);
    assertThat(new JitThreads(proc).cpuNanos(List.of())).isEqualTo(-1);
  }

  @Test
  void thisJvmsCompilerThreadsAreFoundInTheRealProc() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc here");
    assertThat(new JitThreads(Path.of("/proc")).cpuNanos(List.of(ProcessHandle.current().pid())))
        .isNotNegative();
    assertThat(JitThreads.compiler("C2 CompilerThre\n")).isTrue();
    assertThat(JitThreads.compiler("GC Thread#0")).isFalse();
  }
}
