package io.rpcxbench.protocols.bert;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Erlang's own BERT-RPC against ours: {@code bench_client.escript} (term_to_binary, {packet, 4})
 * against the Java server, and against the escript server as a check of the escripts themselves.
 * The Java client against the escript server is {@link BertClientErlangServerTest}.
 */
class ErlangInteropTest {
  @BeforeAll
  static void escriptInstalled() {
    Escript.assumeInstalled("ErlangInteropTest");
  }

  @Test
  void theErlangClientPassesEveryCheckAgainstTheJavaServer() throws Exception {
    try (RunningServer server = BertServer.start("127.0.0.1", 0)) {
      Escript.Result result = Escript.runClient(server.port());
      assertThat(result.exitCode()).as(result.output()).isZero();
      assertThat(result.output())
          .contains("ok items 3 (args as a string)")
          .contains("ok no such function, unknown atom")
          .contains("checks passed");
    }
  }

  @Test
  void theErlangClientPassesEveryCheckAgainstTheErlangServer() throws Exception {
    try (RunningServer server = Escript.startServer(0)) {
      Escript.Result result = Escript.runClient(server.port());
      assertThat(result.exitCode()).as(result.output()).isZero();
      assertThat(result.output()).contains("checks passed");
    }
  }
}
