package io.rpcxbench.server.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.rpcx.RpcxClientFactory;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ServerRpcxMainTest {

  private static int run(StringWriter err, String... args) {
    CommandLine cli = new CommandLine(new ServerRpcxMain());
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
    err = new StringWriter();
    assertThat(run(err, "--port", "70000")).isEqualTo(2);
    assertThat(err.toString()).contains("--port must be in 0..65535, got 70000");
    assertThat(run(new StringWriter(), "--transport", "carrier-pigeon")).isEqualTo(2);
    assertThat(run(new StringWriter(), "--bogus")).isEqualTo(2);
  }

  @Test
  void benchServiceAnswersWithThePapersStrings() {
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
    }
  }
}
