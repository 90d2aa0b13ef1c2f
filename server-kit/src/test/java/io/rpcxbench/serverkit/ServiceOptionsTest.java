package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.service.ChainGateway;
import io.rpcxbench.serverkit.service.WorkingService;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --work} and {@code --chain-to}: which service a server is handed, and what is refused. */
class ServiceOptionsTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final AtomicReference<BenchService> served = new AtomicReference<>();

  private RunningServer fake(BenchService service) {
    served.set(service);
    return new RunningServer() {
      @Override
      public int port() {
        return 4242;
      }

      @Override
      public void close() {}
    };
  }

  private final List<ServerCommand> commands = new ArrayList<>();

  @AfterEach
  void stop() {
    commands.forEach(ServerCommand::stop);
  }

  private int execute(ServerStarter starter, String... args) {
    ServerCommand command = new ServerCommand(ServerDefinition.of("demo", 0), starter, false);
    commands.add(command);
    CommandLine cl = ServerMain.commandLine(command);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  private ServerStarter serving() {
    return ServerStarter.serving((bind, port, extra, limits, service) -> fake(service));
  }

  @Test
  void messageNamesTheShapeTheServiceCarriesAndKeepsTheWork() {
    assertThat(
            execute(
                serving(), "--port", "0", "--message", "shapes/order.proto:Order", "--work", "1ms"))
        .isZero();
    assertThat(served.get().messageShape()).contains("shapes/order.proto:Order");
    assertThat(served.get().describe()).endsWith(", message shapes/order.proto:Order");
    assertThat(served.get().hello("x")).isEqualTo("hello, x");
  }

  @Test
  void withoutOptionsTheServerGetsPlainLogic() {
    assertThat(execute(serving())).isZero();
    assertThat(served.get()).isInstanceOf(BenchLogic.class);
    assertThat(err.toString()).doesNotContain("serving");
  }

  @Test
  void workWrapsTheLogic() {
    assertThat(execute(serving(), "--work", "1ms", "--work-kind", "cpu")).isZero();
    assertThat(served.get()).isInstanceOf(WorkingService.class);
    assertThat(served.get().hello("w")).isEqualTo("hello, w");
    assertThat(err.toString()).contains("demo: serving bench logic, work 1ms cpu per call");
  }

  @Test
  void chainToMakesAGatewayWithTheProtocolsOwnClients() {
    FakeProtocol.OPENED.clear();
    int exit =
        execute(
            serving(),
            "--chain-to",
            "10.0.0.1:8181,[::1]:8281",
            "--chain-timeout",
            "2s",
            "--chain-threads",
            "8");

    assertThat(exit).isZero();
    assertThat(served.get()).isInstanceOf(ChainGateway.class);
    assertThat(served.get().hello("w")).isEqualTo("hello, w");
    assertThat(FakeProtocol.OPENED)
        .extracting(o -> o.target(), o -> o.callTimeout(), o -> o.threads())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("10.0.0.1:8181", Duration.ofSeconds(2), 8),
            org.assertj.core.groups.Tuple.tuple("[::1]:8281", Duration.ofSeconds(2), 8));
    assertThat(err.toString())
        .contains("demo: serving chain gateway to 10.0.0.1:8181 (fake RIGHT)");
  }

  @Test
  void workOfMicrosecondsIsAKnownDifferenceAndSaysSo() {
    assertThat(execute(serving(), "--work", "6us", "--work-kind", "cpu")).isZero();
    assertThat(served.get()).isInstanceOf(WorkingService.class);
    assertThat(err.toString()).contains("work 6us cpu per call");
  }

  @Test
  void aServerWithItsOwnLogicRefusesWorkAndChain() {
    ServerStarter own = (bind, port, extra) -> fake(null);
    assertThat(execute(own, "--chain-to", "127.0.0.1:1,127.0.0.1:2")).isEqualTo(2);
    assertThat(err.toString())
        .contains("demo: error: demo runs its own logic: --work and --chain-to are not available");
    assertThat(execute(own, "--work", "100ms")).isEqualTo(2);
  }

  @Test
  void aRefusedServiceIsBadUsage() {
    ServerStarter refusing =
        ServerStarter.serving(
            (bind, port, extra, limits, service) -> {
              throw new ServerStarter.RefusedService("redis-server runs the logic");
            });
    assertThat(execute(refusing, "--work", "1ms")).isEqualTo(2);
    assertThat(err.toString()).contains("demo: error: redis-server runs the logic");
  }

  @Test
  void aJarWithoutItsProtocolsClientCannotBeAGateway() {
    assertThat(execute(serving(), "--chain-to", "h:1", "--chain-protocol", "broken")).isEqualTo(2);
    assertThat(err.toString())
        .contains("demo: error: this jar cannot be a chain gateway: it lacks broken's client")
        .contains("feign/Client");
  }

  @Test
  void badServiceOptionsAreBadUsage() {
    assertThat(execute(serving(), "--chain-to", "nohostport")).isEqualTo(2);
    assertThat(err.toString()).contains("--chain-to: expected HOST:PORT, got 'nohostport'");
    assertThat(execute(serving(), "--work-kind", "io")).isEqualTo(2);
    assertThat(err.toString()).contains("expected sleep or cpu, got 'io'");
    assertThat(execute(serving(), "--chain-to", "h:1", "--chain-protocol", "nope")).isZero();
    assertThat(err.toString()).contains("no client for nope in this jar; the gateway uses demo's");
  }
}
