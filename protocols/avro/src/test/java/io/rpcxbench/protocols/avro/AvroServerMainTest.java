package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Both servers' command lines in-process, as their {@code main}s build them. */
class AvroServerMainTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  static Stream<Arguments> servers() {
    ServerStarter ipc = (bind, port, extra) -> AvroIpcServer.start(bind, port);
    ServerStarter socket = (bind, port, extra) -> AvroSocketServer.start(bind, port);
    return Stream.of(
        Arguments.of(AvroIpcServerMain.DEFINITION, ipc),
        Arguments.of(AvroSocketServerMain.DEFINITION, socket));
  }

  private int run(ServerCommand command, String... args) {
    CommandLine cli = ServerMain.commandLine(command);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @ParameterizedTest
  @MethodSource("servers")
  void helpExitsZero(ServerDefinition definition, ServerStarter starter) {
    assertThat(run(new ServerCommand(definition, starter, false), "--help")).isZero();
    assertThat(out.toString()).contains(definition.id() + "-server").contains("--port");
  }

  @ParameterizedTest
  @MethodSource("servers")
  void printsTheReadyLine(ServerDefinition definition, ServerStarter starter) {
    ServerCommand command = new ServerCommand(definition, starter, false);
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0")).isZero();
      assertThat(out.toString().trim())
          .isEqualTo(definition.id() + " listening on 127.0.0.1:" + command.boundPort());
    } finally {
      command.stop();
    }
  }

  @ParameterizedTest
  @MethodSource("servers")
  void aBusyPortIsOneLineAndExitOne(ServerDefinition definition, ServerStarter starter)
      throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
      int exit =
          run(
              new ServerCommand(definition, starter, false),
              "--bind",
              "127.0.0.1",
              "--port",
              String.valueOf(busy.getLocalPort()));
      assertThat(exit).isEqualTo(1);
      assertThat(err.toString().trim())
          .isEqualTo(
              definition.id()
                  + ": cannot listen on 127.0.0.1:"
                  + busy.getLocalPort()
                  + ": address already in use");
    }
  }

  @ParameterizedTest
  @MethodSource("servers")
  void unknownArgumentsAreUsageErrors(ServerDefinition definition, ServerStarter starter) {
    assertThat(run(new ServerCommand(definition, starter, false), "--wire", "socket")).isEqualTo(2);
  }
}
