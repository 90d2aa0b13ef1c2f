package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.protocol.ProtocolCatalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fat jar as users run it against a host that does not resolve: all of stderr is one line (no
 * library logs a stack trace of its own), and the exit code is 1.
 */
class UnresolvableHostIT {
  @TempDir Path work;

  @ParameterizedTest
  @ValueSource(strings = {"grpc", "rpcx", "openfeign"})
  void stderrIsOneLine(String id) throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/client-harness.jar"));
    Path stderr = work.resolve("stderr.txt");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar.toString(),
                "--protocol",
                id,
                "--threads",
                "1",
                "--requests",
                "1",
                "--host",
                UnresolvableHostTest.HOST,
                "--out",
                work.resolve("raw").toString())
            .redirectOutput(work.resolve("stdout.txt").toFile())
            .redirectError(stderr.toFile())
            .start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String err = Files.readString(stderr, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(err).isEqualTo(1);
    assertThat(err.lines())
        .containsExactly(
            "cannot reach "
                + id
                + " server at "
                + UnresolvableHostTest.HOST
                + ":"
                + ProtocolCatalog.onClassPath().find(id).orElseThrow().defaultPort()
                + ": unknown host "
                + UnresolvableHostTest.HOST);
  }
}
