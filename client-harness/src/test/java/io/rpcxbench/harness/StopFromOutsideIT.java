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
 * The fat jar stopped with SIGTERM in the middle of its runs (what sweep.sh's backstop and Ctrl-C
 * do): its shutdown hook writes the runs that finished, status incomplete, atomically. {@code
 * --paper}: the runs start at once, without a steady warm-up first.
 */
class StopFromOutsideIT {
  @TempDir Path work;

  @Test
  void sigtermKeepsTheFinishedRuns() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/client-harness.jar"));
    assertThat(jar).exists();
    Path out = work.resolve("raw");
    Path stderr = work.resolve("stderr.txt");
    try (RpcxBenchServer rpcx = RpcxBenchServer.start("127.0.0.1", 0)) {
      Process p =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xmx256m",
                  "-jar",
                  jar.toString(),
                  "--protocol",
                  "rpcx",
                  "--threads",
                  "2",
                  "--requests",
                  "200",
                  "--runs",
                  "100000",
                  "--paper",
                  "--port",
                  "rpcx=" + rpcx.port(),
                  "--out",
                  out.toString())
              .redirectOutput(work.resolve("stdout.txt").toFile())
              .redirectError(stderr.toFile())
              .start();
      Await.until(
          "the harness at its third run ('order 3/100000' on stderr), or exited",
          Duration.ofSeconds(120),
          () -> read(stderr).contains("order 3/100000") || !p.isAlive());
      p.destroy(); // SIGTERM
      boolean done = p.waitFor(60, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      String err = Files.readString(stderr, StandardCharsets.UTF_8);
      assertThat(done).as(err).isTrue();
      assertThat(err).contains("rpcx: stopped from outside after ");

      Path file = out.resolve("rpcx").resolve("t2-r200.csv");
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      List<String> rows = lines.stream().filter(l -> !l.startsWith("#")).skip(1).toList();
      assertThat(lines).contains("# status: incomplete", "# runs_completed: " + rows.size());
      assertThat(rows.size()).isGreaterThanOrEqualTo(3);
      assertThat(rows).allSatisfy(r -> assertThat(r).startsWith("1,2,200,"));
      try (var files = Files.list(file.getParent())) {
        assertThat(files).containsExactly(file); // no temp file left
      }
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
