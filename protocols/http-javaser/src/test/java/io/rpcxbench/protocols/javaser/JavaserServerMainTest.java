package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class JavaserServerMainTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int execute(String... args) {
    ServerCommand command =
        new ServerCommand(
            JavaserServerMain.DEFINITION, (b, p, x) -> JavaserServer.start(b, p), false);
    CommandLine cli = ServerMain.commandLine(command);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    try {
      return cli.execute(args);
    } finally {
      command.stop();
    }
  }

  @Test
  void helpAndBadUsage() {
    assertThat(execute("--help")).isZero();
    assertThat(out.toString()).contains("http-javaser-server", "allow-list");
    assertThat(execute("--bogus")).isEqualTo(2);
    assertThat(execute("--port", "x")).isEqualTo(2);
  }

  @Test
  void busyPortExitsOneWithOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThat(execute("--bind", "127.0.0.1", "--port", Integer.toString(port))).isEqualTo(1);
      assertThat(err.toString())
          .isEqualTo(
              "http-javaser: cannot listen on 127.0.0.1:"
                  + port
                  + ": address already in use"
                  + System.lineSeparator());
    }
  }
}
