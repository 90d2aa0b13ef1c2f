package io.rpcxbench.server.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.rpcx.RpcxClientFactory;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The fat jar as users run it: ready line, a real call, a clean stop on SIGTERM. */
class ServerRpcxJarIT {
  private static final Pattern READY = Pattern.compile("rpcx listening on (\\S+):(\\d+)");

  @Test
  void fatJarServesAndStopsOnSigterm() throws Exception {
    Path jar = Path.of("target", "server-rpcx.jar");
    assertThat(jar).exists();
    Path log = Files.createTempFile("server-rpcx", ".log");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process server =
        new ProcessBuilder(java, "-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0")
            .redirectError(log.toFile())
            .start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      String ready = out.readLine();
      Matcher m = READY.matcher(String.valueOf(ready));
      assertThat(m.matches()).as("ready line: %s", ready).isTrue();
      assertThat(m.group(1)).isEqualTo("127.0.0.1");
      int port = Integer.parseInt(m.group(2));

      try (RpcxClientFactory clients =
          RpcxClientFactory.builder().property("rpcx.port", String.valueOf(port)).build()) {
        assertThat(clients.create(BenchService.class).hello("jar")).isEqualTo("hello, jar");
      }

      server.destroy(); // SIGTERM
      assertThat(server.waitFor(20, TimeUnit.SECONDS)).isTrue();
      assertThat(server.exitValue()).as("clean stop").isZero();
      assertThat(Files.readString(log)).contains("server-rpcx: stopped");
    } finally {
      server.destroyForcibly();
    }
  }
}
