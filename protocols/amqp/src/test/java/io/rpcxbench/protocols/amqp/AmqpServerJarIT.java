package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerProcess;
import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsFiles;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fat jar as host B runs it, with each broker: the ready line once the broker is up, a call
 * through the plug-in, SIGTERM to exit 0; with RabbitMQ also what SIGKILL of the jar and the loss
 * of the node do (no orphan node, no folder left, exit 1).
 */
class AmqpServerJarIT {
  private static final Path JAR = Path.of(System.getProperty("fatJar", "target/amqp-server.jar"));
  private static final Duration GONE_WITHIN = Duration.ofSeconds(90);

  private static ProtocolProvider provider(String id) {
    return ServiceLoader.load(ProtocolProvider.class).stream()
        .map(ServiceLoader.Provider::get)
        .filter(p -> p.id().equals(id))
        .findFirst()
        .orElseThrow();
  }

  private static ServerProcess start(ProtocolProvider p, String... more) throws IOException {
    List<String> args =
        new ArrayList<>(List.of("-jar", JAR.toString(), "--bind", "127.0.0.1", "--port", "0"));
    args.addAll(p.server().args());
    args.addAll(List.of(more));
    return ServerProcess.start("amqp", args);
  }

  private static void call(ProtocolProvider p, int port, String broker) {
    try (BenchClient client =
        p.open(
            new ClientOptions(
                "127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1))) {
      assertThat(client.hello("jar")).isEqualTo("hello, jar");
      assertThat(client.describe()).contains("broker " + broker).contains("prefetch 64 each");
    }
  }

  @Test
  void theCatalogNamesThisJarForBothVariants() {
    for (String id : new String[] {"amqp", "amqp-qpid"}) {
      assertThat(Path.of("../..").resolve(provider(id).server().jar()).toAbsolutePath().normalize())
          .isEqualTo(JAR.toAbsolutePath().normalize());
    }
  }

  @Test
  void embeddedBrokerServesMutualTlsFromTheJar(@TempDir Path dir) throws Exception {
    TlsFiles f = TestAuthority.create(dir, List.of("127.0.0.1"));
    ProtocolProvider p = provider("amqp-qpid");
    try (ServerProcess server =
        start(
            p,
            "--tls-cert",
            f.serverCert().toString(),
            "--tls-key",
            f.serverKey().toString(),
            "--tls-client-ca",
            f.ca().toString())) {
      int port = server.awaitReadyPort();
      ClientOptions options =
          new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(10), 1)
              .withTls(new ClientTls(f.ca(), f.clientCert(), f.clientKey()));
      try (BenchClient client = p.open(options)) {
        assertThat(client.hello("amqps")).isEqualTo("hello, amqps");
        assertThat(client.describe()).contains("over mTLS (AMQPS").contains("AMQPS only");
        assertThat(client.tlsSession()).hasValueSatisfying(s -> assertThat(s).startsWith("TLSv1."));
      }
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
    }
  }

  @Test
  void embeddedBrokerServesAndStopsOnSigterm() throws Exception {
    ProtocolProvider p = provider("amqp-qpid");
    try (ServerProcess server = start(p)) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("amqp listening on 127.0.0.1:" + port);
      call(p, port, "Apache Qpid Broker-J Core 9.2.1");
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
      assertThat(refused(port)).isTrue();
    }
  }

  @Test
  void rabbitMqNodeStopsWithTheJarOnSigterm() throws Exception {
    RabbitMq.assumeInstalled();
    ProtocolProvider p = provider("amqp");
    try (ServerProcess server = start(p)) {
      int port = server.awaitReadyPort();
      Path folder = nodeFolderOf(server.pid());
      call(p, port, "RabbitMQ 3.");
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
      assertThat(folder).as("removed before the JVM exits").doesNotExist();
      assertThat(refused(port)).isTrue();
    }
  }

  @Test
  void sigkillOfTheJarLeavesNoRabbitMqNodeBehind() throws Exception {
    RabbitMq.assumeInstalled();
    ProtocolProvider p = provider("amqp");
    try (ServerProcess server = start(p)) {
      int port = server.awaitReadyPort();
      Path folder = nodeFolderOf(server.pid());
      long erlang = Long.parseLong(Files.readString(folder.resolve("node.pid")).trim());
      call(p, port, "RabbitMQ 3.");
      server.kill();
      await(() -> !Files.exists(folder), "the watchdog removed " + folder);
      await(() -> ProcessHandle.of(erlang).map(h -> !h.isAlive()).orElse(true), "node stopped");
      assertThat(refused(port)).isTrue();
    }
  }

  @Test
  void theJarExitsOneWhenItsRabbitMqNodeDies() throws Exception {
    RabbitMq.assumeInstalled();
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                JAR.toString(),
                "--bind",
                "127.0.0.1",
                "--port",
                "0"));
    command.addAll(provider("amqp").server().args());
    Process jar =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try (var out =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                jar.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      assertThat(out.readLine()).startsWith("amqp listening on 127.0.0.1:");
      Path folder = nodeFolderOf(jar.pid());
      long erlang = Long.parseLong(Files.readString(folder.resolve("node.pid")).trim());
      ProcessHandle.of(erlang).orElseThrow().destroyForcibly();
      assertThat(jar.waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
      assertThat(jar.exitValue()).as("exit code once the broker is lost").isEqualTo(1);
      await(() -> !Files.exists(folder), "the watchdog removed " + folder);
    } finally {
      jar.destroyForcibly();
    }
  }

  /**
   * The RabbitMQ node folder the jar of this pid made (named after it: OwnedFolders), whatever
   * other brokers run on the machine.
   */
  private static Path nodeFolderOf(long jarPid) throws IOException {
    try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      List<Path> mine =
          files
              .filter(
                  f -> f.getFileName().toString().startsWith("rpcx-bench-rabbitmq-" + jarPid + "-"))
              .toList();
      assertThat(mine).as("the node's folder of the jar " + jarPid).hasSize(1);
      return mine.get(0);
    }
  }

  private static boolean refused(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + GONE_WITHIN.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - deadline).as(what + " within " + GONE_WITHIN).isNegative();
      TimeUnit.MILLISECONDS.sleep(200);
    }
  }
}
