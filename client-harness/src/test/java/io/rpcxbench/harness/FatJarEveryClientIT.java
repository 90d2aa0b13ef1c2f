package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every catalog client as users run it: the fat jar against the protocol's own server jar, one
 * short point each. The tests in this JVM see the servers' libraries on the test classpath; only
 * the fat jar shows a client class that needs one it does not carry (avro's NettyFrameGuard needed
 * the server kit's RateLimitedLog, and the avro client failed there alone).
 */
class FatJarEveryClientIT {
  @TempDir Path work;

  static Stream<String> catalog() {
    return ServiceLoader.load(ProtocolProvider.class).stream()
        .filter(p -> !p.type().getPackageName().endsWith(".testplugin")) // this module's fakes
        .map(ServiceLoader.Provider::get)
        // a server that is another program the jar starts (rabbitmq-server, redis-server): the
        // protocol's own module covers it where that program is installed
        .filter(p -> p.server().external().isEmpty())
        .map(ProtocolProvider::id)
        .sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("catalog")
  void theFatJarsClientServesAPointAgainstTheServerJar(String id) throws Exception {
    Path harness = Path.of(System.getProperty("fatJar", "target/client-harness.jar"));
    Protocol protocol = Protocol.parse(id);
    ProtocolProvider provider =
        ServiceLoader.load(ProtocolProvider.class).stream()
            .map(ServiceLoader.Provider::get)
            .filter(p -> p.id().equals(id))
            .findFirst()
            .orElseThrow();
    Path serverJar = Path.of("..").resolve(provider.server().jar()).normalize();
    assumeTrue(
        Files.exists(harness) && Files.exists(serverJar),
        "skipped: build the jars first (" + harness + ", " + serverJar + ")");
    List<String> serverArgs =
        new ArrayList<>(List.of("-Xmx256m", "-jar", serverJar.toString(), "--bind", "127.0.0.1"));
    serverArgs.addAll(List.of("--port", "0"));
    serverArgs.addAll(provider.server().args());
    try (ServerProcess server = ServerProcess.start(null, serverArgs, work.resolve("server.log"))) {
      int port = server.awaitReadyPort();
      Path out = work.resolve("raw");
      Path stderr = work.resolve("harness.err");
      Process p =
          new ProcessBuilder(
                  javaBinary(),
                  "-Xmx256m",
                  "-jar",
                  harness.toString(),
                  "--protocol",
                  id,
                  "--port",
                  id + "=" + port,
                  "--threads",
                  "2",
                  "--requests",
                  "5",
                  "--runs",
                  "1",
                  "--out",
                  out.toString())
              .redirectOutput(work.resolve("harness.out").toFile())
              .redirectError(stderr.toFile())
              .start();
      boolean done = p.waitFor(120, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      String err = Files.readString(stderr, StandardCharsets.UTF_8);
      assertThat(done).as("the harness finished; stderr:%n%s", err).isTrue();
      assertThat(p.exitValue()).as(err).isZero();
      assertThat(err).doesNotContain("NoClassDefFoundError", "ClassNotFoundException");
      RawFileChecks.checkComplete(out.resolve(id).resolve("t2-r5.csv"), protocol, 2, 5, 1, 10);
    }
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
