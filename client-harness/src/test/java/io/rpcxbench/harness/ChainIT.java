package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.testsupport.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The microservice chain for every protocol of the catalog (docs/load-models.md): three server jars
 * on port 0, two services and a gateway with {@code --chain-to} them; the harness through the
 * gateway gets every call right; once service 2 is killed, calls through the gateway fail, which
 * shows that the gateway really calls it. The gateway runs from the catalog's gateway jar ({@link
 * ServerLaunch#gatewayJar()}: OpenFeign's lean server jar holds no Feign, its gateway jar does).
 * Protocols whose server is an external product are skipped with the reason; a gateway that refuses
 * (exit 2) fails the test. Deadlines are generous: first calls meet cold JVMs on a loaded box.
 */
class ChainIT {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

  @TempDir Path out;

  @TestFactory
  Stream<DynamicTest> everyProtocolRunsAsAChain() {
    return ProtocolCatalog.onClassPath().all().stream()
        .map(p -> dynamicTest(p.id(), () -> chain(p)));
  }

  private void chain(ProtocolProvider p) throws Exception {
    if (!p.server().external().isEmpty()) {
      String reason =
          p.id()
              + ": skipped, its server needs the external "
              + p.server().external()
              + " (ChainIT covers protocols whose jar alone is the server; docs/load-models.md)";
      System.out.println(reason);
      Assumptions.abort(reason);
    }
    Path logs = Files.createDirectories(out.resolve("logs"));
    List<ServerProcess> started = new ArrayList<>();
    try {
      ServerProcess one =
          start(p.server().jar(), p.server(), List.of(), logs.resolve(p.id() + "-service-1.log"));
      started.add(one);
      ServerProcess two =
          start(p.server().jar(), p.server(), List.of(), logs.resolve(p.id() + "-service-2.log"));
      started.add(two);
      int port1 = ready(one, logs, p);
      int port2 = ready(two, logs, p);
      Path gatewayLog = logs.resolve(p.id() + "-gateway.log");
      ServerProcess gateway =
          start(
              p.server().gatewayJar(),
              p.server(),
              List.of(
                  "--chain-to",
                  "127.0.0.1:" + port1 + ",127.0.0.1:" + port2,
                  "--chain-protocol",
                  p.id(),
                  "--chain-timeout",
                  "30s"),
              gatewayLog);
      started.add(gateway);
      int gatewayPort;
      try {
        gatewayPort = gateway.awaitReadyPort();
      } catch (Exception | AssertionError e) {
        int exit = gateway.terminate();
        throw new AssertionError(
            p.id() + ": gateway exit " + exit + " (" + lastLine(gatewayLog) + ")" + logsOf(logs, p),
            e);
      }

      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  p.id(),
                  "--port",
                  p.id() + "=" + gatewayPort,
                  "--threads",
                  3,
                  "--requests",
                  5,
                  "--runs",
                  2,
                  "--scenario",
                  "chain",
                  "--timeout",
                  "60s",
                  "--out",
                  out.resolve("raw")));
      assertThat(o.exitCode()).as(o.err() + logsOf(logs, p)).isZero();
      RawContents c =
          RawFileChecks.checkComplete(
              out.resolve("raw").resolve(p.id()).resolve("chain-t3-r5.csv"),
              new Protocol(p),
              3,
              5,
              2,
              15);
      assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
      assertThat(c.provenance()).containsEntry("scenario", "chain");
      assertThat(Files.readString(gatewayLog)).contains("serving chain gateway to 127.0.0.1:");

      two.kill();
      try (BenchClient client = new Protocol(p).open(options(gatewayPort))) {
        assertThatThrownBy(() -> client.hello("after service 2 died"))
            .as("a call through the gateway with service 2 killed")
            .isInstanceOf(RuntimeException.class);
      }
      assertThat(gateway.isAlive()).as("the gateway survives a lost service").isTrue();
    } finally {
      started.forEach(ServerProcess::close);
    }
  }

  private static ServerProcess start(String jar, ServerLaunch server, List<String> extra, Path log)
      throws IOException {
    List<String> args =
        new ArrayList<>(List.of("-jar", REPO.resolve(jar).toString(), "--bind", "127.0.0.1"));
    args.addAll(List.of("--port", "0"));
    args.addAll(server.args());
    args.addAll(extra);
    return ServerProcess.start(null, args, log);
  }

  private static int ready(ServerProcess process, Path logs, ProtocolProvider p) throws Exception {
    try {
      return process.awaitReadyPort();
    } catch (Exception | AssertionError e) {
      throw new AssertionError(p.id() + ": no ready line" + logsOf(logs, p), e);
    }
  }

  private static ClientOptions options(int port) {
    return new ClientOptions("127.0.0.1", port, Duration.ofSeconds(60), Duration.ofSeconds(5), 1);
  }

  private static String lastLine(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
  }

  /** The protocol's servers' logs, for a failure's message. */
  private static String logsOf(Path logs, ProtocolProvider p) {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.list(logs)) {
      for (Path log :
          files
              .filter(f -> f.getFileName().toString().startsWith(p.id() + "-"))
              .sorted()
              .toList()) {
        String content = Files.readString(log);
        text.append("\n--- ")
            .append(log.getFileName())
            .append(":\n")
            .append(content.length() > 4000 ? content.substring(content.length() - 4000) : content);
      }
    } catch (IOException e) {
      text.append("\n(logs unreadable: ").append(e).append(')');
    }
    return text.toString();
  }
}
