package io.rpcxbench.protocols.bert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.bert.BertException.Code;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import org.junit.jupiter.api.Test;

/**
 * The Java client against a real Erlang BERT-RPC server ({@code erlang/bench_server.escript}): the
 * whole client contract, and the error replies as Erlang writes them. Skipped, with the reason,
 * without {@code escript} on the PATH.
 */
class BertClientErlangServerTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new BertProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    Escript.assumeInstalled("BertClientErlangServerTest");
    return Escript.startServer(port);
  }

  @Test
  void erlangsRejectionsAreInvalidArgumentWithTheSameMessages() {
    assertThatThrownBy(() -> client().hello(null))
        .isInstanceOfSatisfying(
            BertException.class, e -> assertThat(e.code()).isEqualTo(Code.INVALID_ARGUMENT))
        .hasMessageContaining("hello: name is required");
    assertThatThrownBy(() -> client().echo(new byte[BenchContract.MAX_PAYLOAD + 1]))
        .hasMessageContaining("echo: payload is larger than 1048576 bytes");
    assertThatThrownBy(() -> client().items(-1))
        .hasMessageContaining("items: n must be between 0 and 10000, got -1");
    assertThat(client().items(BenchContract.MAX_ITEMS)).isEqualTo(BenchContract.items(10_000));
  }
}
