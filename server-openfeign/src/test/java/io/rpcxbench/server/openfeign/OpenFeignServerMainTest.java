package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerMain;
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

/** The command line through the server kit: usage, Spring properties, busy port, SIGTERM. */
class OpenFeignServerMainTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int execute(ServerCommand command, String... args) {
    CommandLine cli = ServerMain.commandLine(command);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  private int execute(String... args) {
    return execute(
        new ServerCommand(OpenFeignServerMain.DEFINITION, OpenFeignServerMain::start, false), args);
  }

  @Test
  void helpExitsZeroAndShowsTheOptions() {
    assertThat(execute("--help")).isZero();
    assertThat(out.toString()).contains("openfeign-server", "--bind", "--port", "Spring Boot");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "--port=70000",
        "--port=x",
        "--nope",
        "stray",
        "--bind=nosuch.invalid",
        "--server.port=0",
        "--server.address=127.0.0.1"
      })
  void badUsageExitsTwo(String arg) {
    assertThat(execute(arg)).isEqualTo(2);
    assertThat(err.toString()).startsWith("openfeign: error: ");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void springPropertiesReachTheApplication() throws Exception {
    ServerCommand command =
        new ServerCommand(OpenFeignServerMain.DEFINITION, OpenFeignServerMain::start, false);
    assertThat(
            execute(
                command,
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--server.servlet.context-path=/ctx"))
        .isZero();
    try {
      assertThat(out.toString().trim())
          .isEqualTo("openfeign listening on 127.0.0.1:" + command.boundPort());
      assertThat(Http.postJson(command.boundPort(), "/ctx/hello", "{\"name\":\"p\"}").body())
          .isEqualTo("{\"message\":\"hello, p\"}");
    } finally {
      command.stop();
    }
  }

  @Test
  void busyPortExitsOneWithOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThat(execute("--bind", "127.0.0.1", "--port", Integer.toString(port))).isEqualTo(1);
      assertThat(err.toString())
          .isEqualTo(
              "openfeign: cannot listen on 127.0.0.1:"
                  + port
                  + ": address already in use"
                  + System.lineSeparator());
      assertThat(out.toString()).isEmpty();
    }
  }

  @Test
  void mainPrintsTheReadyLineServesAndStopsCleanlyOnSigterm() throws Exception {
    List<String> command =
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            OpenFeignServerMain.class.getName(),
            "--bind",
            "127.0.0.1",
            "--port",
            "0");
    try (ServerProcess server = ServerProcess.start("openfeign", command)) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("openfeign listening on 127.0.0.1:" + port);
      assertThat(Http.postJson(port, "/hello", "{\"name\":\"cli\"}").body())
          .isEqualTo("{\"message\":\"hello, cli\"}");
      assertThat(server.terminate()).isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
