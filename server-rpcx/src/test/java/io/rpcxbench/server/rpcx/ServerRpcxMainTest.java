package io.rpcxbench.server.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.RpcxClientFactory;
import io.rpcxbench.rpcx.RpcxException;
import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ServerRpcxMainTest {

  private static int run(StringWriter err, String... args) {
    ServerCommand command =
        new ServerCommand(
            ServerRpcxMain.DEFINITION, (b, p, x) -> RpcxBenchServer.start(b, p), false);
    CommandLine cli = ServerMain.commandLine(command, new ServerRpcxMain.Options());
    cli.setErr(new PrintWriter(err));
    cli.setOut(new PrintWriter(new StringWriter()));
    return cli.execute(args);
  }

  @Test
  void helpExitsZero() {
    assertThat(run(new StringWriter(), "--help")).isZero();
  }

  @Test
  void badValuesAreUsageErrors() {
    StringWriter err = new StringWriter();
    assertThat(run(err, "--port", "http")).isEqualTo(2);
    assertThat(err.toString()).contains("--port");
    assertThat(run(new StringWriter(), "--transport", "carrier-pigeon")).isEqualTo(2);
    assertThat(run(new StringWriter(), "--bogus")).isEqualTo(2);
  }

  @Test
  void benchServiceAnswersTheWholeContract() {
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0);
        RpcxClientFactory clients =
            RpcxClientFactory.builder()
                .property("rpcx.host", "127.0.0.1")
                .property("rpcx.port", String.valueOf(server.port()))
                .build()) {
      BenchService bench = clients.create(BenchService.class);
      assertThat(bench.hello("world")).isEqualTo("hello, world");
      byte[] payload = new byte[4096];
      new java.util.Random(1).nextBytes(payload);
      assertThat(bench.echo(payload)).isEqualTo(payload);
      assertThat(bench.echo(new byte[0])).isEmpty();
      assertThat(bench.put(BenchContract.putKey("k", 1, 64), new byte[512])).isTrue();
      assertThat(ItemMessages.fromWire(bench.items(10))).isEqualTo(BenchContract.items(10));
      assertThatThrownBy(() -> bench.hello(null))
          .isInstanceOfSatisfying(
              RpcxException.class,
              e -> assertThat(e.code()).isEqualTo(RpcxException.Code.INVALID_ARGUMENT))
          .hasMessageContaining("hello: name is required");
      assertThat(bench.hello("again")).isEqualTo("hello, again");
    }
  }
}
