package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * A protocol's fat jar as host B runs it: it is the jar the catalog names, prints its ready line,
 * answers a call through the plug-in, and exits 0 on SIGTERM with nothing printed after the ready
 * line. One subclass per protocol folder (the module's {@code protocols/<id>}), run by failsafe:
 *
 * <pre>{@code
 * class ThriftServerJarIT extends ServerJarContract {
 *   ThriftServerJarIT() { super("thrift"); }
 * }
 * }</pre>
 *
 * The jar is {@code target/<id>-server.jar}, or the {@code fatJar} system property. A folder with
 * several protocols calls {@link #servesAndStops} for each.
 */
public abstract class ServerJarContract {
  private final String id;

  protected ServerJarContract(String id) {
    this.id = id;
  }

  @Test
  void fatJarServesThePlugInAndStopsOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/" + id + "-server.jar"));
    ProtocolProvider provider = provider(id);
    assertThat(catalogJar(provider).toAbsolutePath().normalize())
        .isEqualTo(jar.toAbsolutePath().normalize());
    servesAndStops(provider, jar, true);
  }

  /** The plug-in of protocol {@code id} on the test class path. */
  public static ProtocolProvider provider(String id) {
    return ServiceLoader.load(ProtocolProvider.class).stream()
        .map(ServiceLoader.Provider::get)
        .filter(p -> p.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no plug-in with id " + id));
  }

  /**
   * Starts a server jar ({@code java ARGS}, stderr to {@code log}) and waits for its ready line; a
   * server that does not start fails with its log, stopped.
   */
  public static ServerProcess startReady(String id, List<String> args, Path log)
      throws IOException {
    ServerProcess server = ServerProcess.start(id, args, log);
    try {
      server.awaitReadyPort();
      return server;
    } catch (Exception | AssertionError e) {
      server.close();
      throw new AssertionError(
          "the server did not start (" + args + "); its log:\n" + Files.readString(log), e);
    }
  }

  /**
   * The plug-in's client on a server just started, 3 attempts a second apart: a server (or broker)
   * just started answers its first connection cold, and on a loaded box a client whose handshake is
   * a call (Jedis's HELLO) ran past its deadline.
   */
  public static BenchClient openOnColdServer(ProtocolProvider provider, ClientOptions options)
      throws InterruptedException {
    for (int attempt = 1; ; attempt++) {
      try {
        return provider.open(options);
      } catch (RuntimeException e) {
        if (attempt == 3) {
          throw e;
        }
        Thread.sleep(1000);
      }
    }
  }

  /** The catalog's jar, relative to the repository root; the module is {@code protocols/<x>}. */
  public static Path catalogJar(ProtocolProvider provider) {
    return Path.of("../..").resolve(provider.server().jar()).normalize();
  }

  /**
   * Starts {@code jar} with the catalog's server arguments, checks the ready line and a hello call
   * through the plug-in, then SIGTERM: exit 0 and, when {@code quietAfterReady}, no line after the
   * ready line.
   */
  public static void servesAndStops(ProtocolProvider provider, Path jar, boolean quietAfterReady)
      throws Exception {
    assertThat(jar).exists();
    String id = provider.id();
    List<String> args = new ArrayList<>(List.of("-jar", jar.toString()));
    args.addAll(List.of("--bind", "127.0.0.1", "--port", "0"));
    args.addAll(provider.server().args());
    try (ServerProcess server = ServerProcess.start(id, args)) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo(id + " listening on 127.0.0.1:" + port);
      try (BenchClient client =
          provider.open(
              new ClientOptions(
                  "127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1))) {
        assertThat(client.hello("jar")).isEqualTo("hello, jar");
      }
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      if (quietAfterReady) {
        assertThat(server.linesAfterReady()).isEmpty();
      }
    }
  }
}
