package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerProcess;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class GrpcServerCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int execute(String... args) {
    GrpcServerCommand.Options options = new GrpcServerCommand.Options();
    ServerCommand command =
        new ServerCommand(
            GrpcServerCommand.DEFINITION, ServerStarter.serving(options::start), false);
    CommandLine cmd = ServerMain.commandLine(command, options);
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void helpExitsZeroAndShowsTheOptions() {
    assertThat(execute("--help")).isZero();
    assertThat(out.toString())
        .contains("Usage: grpc-server", "--bind=ADDR", "--port=PORT", "--direct-executor");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"--port=70000", "--port=-1", "--port=x", "--nope", "--bind=nosuch.invalid"})
  void badUsageExitsTwo(String arg) {
    assertThat(execute(arg)).isEqualTo(2);
    assertThat(err.toString()).contains("grpc: error: ", "try --help");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void busyPortExitsOneWithOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThat(execute("--bind", "127.0.0.1", "--port", Integer.toString(port))).isEqualTo(1);
      assertThat(err.toString())
          .isEqualTo(
              "grpc: cannot listen on 127.0.0.1:"
                  + port
                  + ": address already in use"
                  + System.lineSeparator());
      assertThat(out.toString()).isEmpty();
    }
  }

  @Test
  void mainPrintsTheReadyLineServesAndStopsCleanlyOnSigterm() throws Exception {
    try (ServerProcess server =
        ServerProcess.start(
            "grpc",
            List.of(
                "-cp",
                System.getProperty("java.class.path"),
                GrpcServerCommand.class.getName(),
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--direct-executor"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("grpc listening on 127.0.0.1:" + port);
      try (GrpcBenchServerTest.Client client = new GrpcBenchServerTest.Client(port)) {
        assertThat(
                client
                    .blocking()
                    .hello(HelloRequest.newBuilder().setName("cli").build())
                    .getMessage())
            .isEqualTo("hello, cli");
      }
      assertThat(server.terminate()).isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
