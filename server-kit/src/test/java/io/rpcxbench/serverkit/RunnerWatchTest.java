package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server started by a runner that keeps its stdin open (the property set) stops when that stdin
 * ends, as when the runner is killed with SIGKILL: a real server JVM on a free port of loopback.
 */
class RunnerWatchTest {
  private static final Duration BOUND = Duration.ofSeconds(60);

  @TempDir Path dir;

  @Test
  void aWatchedServerStopsWhenItsRunnerIsGone() throws Exception {
    Path output = dir.resolve("server.txt");
    Process server =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m",
                "-D" + RunnerWatch.PROPERTY + "=stdin",
                "-cp",
                System.getProperty("java.class.path"),
                WatchedServerMain.class.getName(),
                "--bind",
                "127.0.0.1",
                "--port",
                "0")
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .start();
    try {
      Await.until(
          "the ready line",
          BOUND,
          () -> read(output).contains("watched listening on") || !server.isAlive());
      assertThat(server.isAlive()).as(read(output)).isTrue();

      server.getOutputStream().close(); // what the kernel does when the runner dies

      Await.until("the server exits", BOUND, () -> !server.isAlive());
      assertThat(server.exitValue()).isEqualTo(ExitCode.PARENT_GONE.code());
      assertThat(read(output))
          .contains("watched: the runner that started it is gone; stopping", "watched: stopped");
    } finally {
      server.destroyForcibly();
    }
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "";
    }
  }
}
