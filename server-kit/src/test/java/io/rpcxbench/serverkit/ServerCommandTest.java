package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Option;

class ServerCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private final List<String> seen = new ArrayList<>();

  /** A real listening socket: the smallest server there is. */
  private RunningServer listen(String bind, int port, List<String> extra) throws IOException {
    seen.addAll(extra);
    ServerSocket socket = new ServerSocket();
    socket.bind(new InetSocketAddress(InetAddress.getByName(bind), port));
    return new RunningServer() {
      @Override
      public int port() {
        return socket.getLocalPort();
      }

      @Override
      public void close() {
        try {
          socket.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  private int execute(ServerCommand command, String[] args, Object... ownOptions) {
    CommandLine cl = ServerMain.commandLine(command, ownOptions);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  private ServerCommand command(ServerDefinition definition) {
    return new ServerCommand(definition, this::listen, false);
  }

  @Test
  void printsTheReadyLineWithTheBoundPort() {
    ServerCommand command = command(ServerDefinition.of("demo", 0, "A demo server."));
    int exit = execute(command, new String[] {"--bind", "127.0.0.1", "--port", "0"});
    try {
      assertThat(exit).isZero();
      assertThat(out.toString())
          .isEqualTo("demo listening on 127.0.0.1:" + command.boundPort() + System.lineSeparator());
    } finally {
      command.stop();
    }
  }

  @Test
  void aBusyPortIsOneLineAndExitOne() throws IOException {
    try (ServerSocket busy = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      ServerCommand command = command(ServerDefinition.of("demo", 0));
      int exit =
          execute(
              command, new String[] {"--bind", "127.0.0.1", "--port", "" + busy.getLocalPort()});
      assertThat(exit).isEqualTo(1);
      assertThat(err.toString().strip())
          .isEqualTo(
              "demo: cannot listen on 127.0.0.1:"
                  + busy.getLocalPort()
                  + ": address already in use");
      assertThat(out.toString()).isEmpty();
    }
  }

  @Test
  void badUsageIsExitTwoWithTheReason() {
    assertThat(execute(command(ServerDefinition.of("demo", 0)), new String[] {"--port", "70000"}))
        .isEqualTo(2);
    assertThat(err.toString()).contains("demo: error: --port must be 0..65535, got 70000");
    assertThat(execute(command(ServerDefinition.of("demo", 0)), new String[] {"--nope"}))
        .isEqualTo(2);
    assertThat(err.toString()).contains("unknown argument --nope");
    assertThat(
            execute(
                command(ServerDefinition.of("demo", 0)),
                new String[] {"--bind", "no-such-host.invalid"}))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--bind: unknown host no-such-host.invalid");
  }

  @Test
  void helpShowsTheDescriptionAndOwnOptions() {
    Own own = new Own();
    int exit =
        execute(
            command(ServerDefinition.of("demo", 9, "Serves demo.")), new String[] {"--help"}, own);
    assertThat(exit).isZero();
    assertThat(out.toString())
        .contains("demo-server", "Serves demo.", "--bind", "--port", "--fast");
  }

  @Test
  void ownOptionsAndPassThroughReachTheServer() {
    Own own = new Own();
    ServerCommand command = command(ServerDefinition.of("demo", 0).passingThrough("--[a-z.]+=.*"));
    int exit =
        execute(command, new String[] {"--bind", "127.0.0.1", "--fast", "--spring.x=1"}, own);
    try {
      assertThat(exit).isZero();
      assertThat(own.fast).isTrue();
      assertThat(seen).containsExactly("--spring.x=1");
    } finally {
      command.stop();
    }
  }

  /** A server's own option, as gRPC's --direct-executor. */
  static final class Own {
    @Option(names = "--fast", description = "Go fast.")
    boolean fast;
  }

  @Test
  void versionIsTheOneVersionStringOfEveryJar() {
    int exit =
        execute(
            command(ServerDefinition.of("demo", 0, "A demo server.")), new String[] {"--version"});
    assertThat(exit).isZero();
    assertThat(out.toString().strip()).isEqualTo(io.rpcxbench.api.RpcxBenchVersion.line());
  }
}
