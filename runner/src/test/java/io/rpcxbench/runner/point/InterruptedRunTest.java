package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.TestJars;
import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on an --out folder stopped with SIGTERM while its thread goes on starting servers (compare
 * starts the next trial's server when the hook has stopped the current one): no server outlives the
 * runner. Real JVMs: the runner ({@link InterruptedRunMain}) and its servers ({@link
 * PidServerMain}, on free ports of loopback), which leave their pids behind to be checked.
 */
class InterruptedRunTest {
  private static final Duration BOUND = Duration.ofSeconds(60);

  @TempDir Path home;

  @Test
  void aServerStartedWhileTheHookRunsIsStoppedToo() throws Exception {
    stopRunner("while-the-hook-runs");
    assertThat(pidFiles()).as("both trials' servers started").hasSize(2);
    assertNoServerSurvives();
  }

  @Test
  void aServerStartedAfterTheHookIsStoppedAtOnce() throws Exception {
    stopRunner("after-the-hook");
    assertThat(pidFiles()).as("the first trial's server at least").isNotEmpty();
    assertNoServerSurvives();
  }

  /** Starts the runner, and stops it with SIGTERM once its first server is ready. */
  private void stopRunner(String mode) throws Exception {
    TestJars.serverJar(home, "pid.jar", PidServerMain.class);
    Files.createDirectories(home.resolve("pids"));
    Path console = home.resolve("runner.txt");
    Process runner =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                InterruptedRunMain.class.getName(),
                home.resolve("out").toString(),
                home.toString(),
                mode)
            .redirectErrorStream(true)
            .redirectOutput(console.toFile())
            .start();
    try {
      Await.until(
          "the runner's first server is ready",
          BOUND,
          () -> read(console).contains("first trial's server ready") || !runner.isAlive());
      assertThat(runner.isAlive()).as(read(console)).isTrue();
      runner.destroy(); // SIGTERM
      Await.until("the runner exits", BOUND, () -> !runner.isAlive());
    } finally {
      runner.destroyForcibly();
    }
  }

  /** Each server's pid file: its name the pid, its text the process's start. */
  private List<Path> pidFiles() throws IOException {
    try (Stream<Path> files = Files.list(home.resolve("pids"))) {
      return files.toList();
    }
  }

  /** The servers still running: the process of a pid file's pid and start. */
  private List<ProcessHandle> running() {
    List<ProcessHandle> alive = new ArrayList<>();
    try {
      for (Path f : pidFiles()) {
        String start = read(f);
        ProcessHandle.of(Long.parseLong(f.getFileName().toString()))
            .filter(h -> h.info().startInstant().map(Object::toString).orElse("?").equals(start))
            .filter(ProcessHandle::isAlive)
            .ifPresent(alive::add);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return alive;
  }

  private void assertNoServerSurvives() {
    try {
      Await.until("no server outlives its runner", BOUND, () -> running().isEmpty());
    } catch (AssertionError e) {
      throw new AssertionError(
          e.getMessage() + "; running: " + running() + "\n" + read(home.resolve("runner.txt")), e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "";
    }
  }

  @AfterEach
  void killLeftovers() {
    if (Files.isDirectory(home.resolve("pids"))) {
      running().forEach(ProcessHandle::destroyForcibly);
    }
  }
}
