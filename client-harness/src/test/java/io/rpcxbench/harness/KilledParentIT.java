package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.server.rpcx.RpcxBenchServer;
import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 10: a multi-protocol harness killed with SIGKILL (no shutdown hook runs) takes its
 * forked worker with it: the worker sees its stdin end ({@link ParentWatch}), stops, and its file
 * says {@code incomplete}, never {@code complete}.
 */
class KilledParentIT {
  @TempDir Path work;

  @Test
  void aWorkerDiesWithItsKilledParentAndWritesNoCompleteFile() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/client-harness.jar"));
    assertThat(jar).exists();
    Path out = work.resolve("raw");
    Path stderr = work.resolve("stderr.txt");
    try (RpcxBenchServer rpcx = RpcxBenchServer.start("127.0.0.1", 0)) {
      Process parent =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xmx256m",
                  "-jar",
                  jar.toString(),
                  "--protocol",
                  "rpcx,rpcx-lean",
                  "--port",
                  "rpcx=" + rpcx.port(),
                  "--port",
                  "rpcx-lean=" + rpcx.port(),
                  "--threads",
                  "2",
                  "--requests",
                  "200",
                  "--runs",
                  "100000",
                  "--paper",
                  "--out",
                  out.toString())
              .redirectOutput(work.resolve("stdout.txt").toFile())
              .redirectError(stderr.toFile())
              .start();
      Await.until(
          "the harness at its third run ('order 3/100000' on stderr), or exited",
          Duration.ofSeconds(120),
          () -> read(stderr).contains("order 3/100000") || !parent.isAlive());
      List<ProcessHandle> workers = parent.descendants().toList();
      assertThat(workers).as(Files.readString(stderr)).isNotEmpty();

      parent.destroyForcibly(); // SIGKILL: the parent's hooks never run
      assertThat(parent.waitFor(30, TimeUnit.SECONDS)).isTrue();
      for (ProcessHandle w : workers) {
        boolean gone = w.onExit().completeOnTimeout(null, 60, TimeUnit.SECONDS).get() != null;
        if (!gone) {
          w.destroyForcibly();
        }
        assertThat(gone).as("worker " + w.pid() + " outlived its parent").isTrue();
      }

      Path file = out.resolve("rpcx").resolve("t2-r200.csv");
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      assertThat(lines).contains("# status: incomplete").doesNotContain("# status: complete");
      assertThat(out.resolve("rpcx-lean")).doesNotExist();
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
