package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerProcess;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The fat jar as host B runs it, with each backend: ready line, calls through the plug-ins, SIGTERM
 * to exit 0; with redis-server: the child stops with the jar, a dead child ends the jar with 1, no
 * redis-server on the PATH is one line and exit 1.
 */
class RespServerJarIT {
  private static final Path JAR = Path.of(System.getProperty("fatJar", "target/resp-server.jar"));
  private static final Pattern READY =
      Pattern.compile("resp-redis listening on 127\\.0\\.0\\.1:(\\d+)");

  private static ProtocolProvider provider(String id) {
    return java.util.ServiceLoader.load(ProtocolProvider.class).stream()
        .map(java.util.ServiceLoader.Provider::get)
        .filter(p -> p.id().equals(id))
        .findFirst()
        .orElseThrow();
  }

  private static void callThrough(String id, int port) {
    try (BenchClient client =
        provider(id)
            .open(
                new ClientOptions(
                    "127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 2))) {
      assertThat(client.hello("jar")).as(id).isEqualTo("hello, jar");
      assertThat(client.items(2)).as(id).hasSize(2);
    }
  }

  private static List<String> command(String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                JAR.toString()));
    command.addAll(List.of(args));
    return command;
  }

  @Test
  void ourServerServesBothClientsAndStopsOnSigterm() throws Exception {
    assertThat(JAR).exists();
    assertThat(
            Path.of("../..").resolve(provider("resp").server().jar()).toAbsolutePath().normalize())
        .isEqualTo(JAR.toAbsolutePath().normalize());
    try (ServerProcess server =
        ServerProcess.start(
            "resp", List.of("-jar", JAR.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("resp listening on 127.0.0.1:" + port);
      callThrough("resp", port);
      callThrough("resp-lettuce", port);
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }

  @Test
  void theRedisBackendStartsRedisServerAndStopsItOnSigterm() throws Exception {
    RedisInstalled.assume();
    List<String> args = new ArrayList<>(List.of("-jar", JAR.toString(), "--bind", "127.0.0.1"));
    args.addAll(List.of("--port", "0"));
    args.addAll(provider("resp-redis").server().args());
    try (ServerProcess server = ServerProcess.start("resp-redis", args)) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("resp-redis listening on 127.0.0.1:" + port);
      callThrough("resp-redis", port);
      callThrough("resp-lettuce-redis", port);
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
      assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
          .as("redis-server stopped with the jar")
          .isInstanceOf(ConnectException.class);
    }
  }

  @Test
  void aDeadRedisServerEndsTheJarWithExitOne() throws Exception {
    RedisInstalled.assume();
    Process jar =
        new ProcessBuilder(
                command("--backend", "redis-server", "--bind", "127.0.0.1", "--port", "0"))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(jar.getInputStream(), StandardCharsets.UTF_8));
      Matcher ready = READY.matcher(String.valueOf(out.readLine()));
      assertThat(ready.matches()).isTrue();
      ProcessHandle redis = jar.children().findFirst().orElseThrow();
      redis.destroyForcibly();
      assertThat(jar.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(jar.exitValue()).isEqualTo(1);
    } finally {
      jar.destroyForcibly();
    }
  }

  @Test
  void noRedisServerOnThePathIsOneLineAndExitOne() throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command("--backend", "redis-server", "--port", "0"))
            .redirectErrorStream(true);
    builder.environment().put("PATH", "/nonexistent");
    Process jar = builder.start();
    String output = new String(jar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(jar.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(jar.exitValue()).isEqualTo(1);
    assertThat(output.strip())
        .isEqualTo(
            "resp-redis: cannot start: redis-server is not on the PATH; install it (Debian:"
                + " apt-get install redis-server) or drop --backend redis-server");
  }
}
