package io.rpcxbench.server.openfeign;

import io.rpcxbench.testsupport.ServerProcess;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class OpenFeignServerCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int execute(String... args) {
    CommandLine cmd = new CommandLine(new OpenFeignServerCommand());
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  @Test
  void helpExitsZeroAndShowsTheOptions() {
    assertThat(execute("--help")).isZero();
    assertThat(out.toString()).contains("Usage: server-openfeign", "--bind=ADDR", "--port=PORT", "default: 8083");
  }

  @ParameterizedTest
  @ValueSource(strings = {"--port=70000", "--port=-1", "--port=x", "--nope", "stray", "--bind=nosuch.invalid"})
  void badUsageExitsTwo(String arg) {
    assertThat(execute(arg)).isEqualTo(2);
    assertThat(err.toString()).contains("Usage: server-openfeign");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void busyPortExitsOneWithOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThat(execute("--bind", "127.0.0.1", "--port", Integer.toString(port))).isEqualTo(1);
      assertThat(err.toString())
          .isEqualTo(
              "server-openfeign: cannot listen on 127.0.0.1:" + port + ": address already in use"
                  + System.lineSeparator());
      assertThat(out.toString()).isEmpty();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"picocli flags", "spring properties"})
  void mainPrintsTheReadyLineServesAndStopsCleanlyOnSigterm(String style) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"), OpenFeignServerCommand.class.getName()));
    command.addAll(
        style.equals("picocli flags")
            ? List.of("--bind", "127.0.0.1", "--port", "0")
            : List.of("--server.address=127.0.0.1", "--server.port=0"));
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
