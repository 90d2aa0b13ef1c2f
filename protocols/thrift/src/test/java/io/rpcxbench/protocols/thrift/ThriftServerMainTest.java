package io.rpcxbench.protocols.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The server's command line in-process, as {@code main} builds it. */
class ThriftServerMainTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private static ServerCommand command() {
    return new ServerCommand(
        ThriftServerMain.DEFINITION, (bind, port, extra) -> ThriftServer.start(bind, port), false);
  }

  private int run(ServerCommand command, String... args) {
    CommandLine cli = ServerMain.commandLine(command);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void helpExitsZero() {
    assertThat(run(command(), "--help")).isZero();
    assertThat(out.toString()).contains("thrift-server").contains("--port");
  }

  @Test
  void printsTheReadyLine() {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0")).isZero();
      assertThat(out.toString().trim())
          .isEqualTo("thrift listening on 127.0.0.1:" + command.boundPort());
    } finally {
      command.stop();
    }
  }

  @Test
  void aBusyPortIsOneLineAndExitOne() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
      int exit =
          run(command(), "--bind", "127.0.0.1", "--port", String.valueOf(busy.getLocalPort()));
      assertThat(exit).isEqualTo(1);
      assertThat(err.toString().trim())
          .isEqualTo(
              "thrift: cannot listen on 127.0.0.1:"
                  + busy.getLocalPort()
                  + ": address already in use");
    }
  }

  @Test
  void unknownArgumentsAreUsageErrors() {
    assertThat(run(command(), "--direct-executor")).isEqualTo(2);
  }
}
