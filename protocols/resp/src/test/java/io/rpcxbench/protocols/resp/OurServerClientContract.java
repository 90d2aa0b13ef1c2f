package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.testsupport.BenchClientContract;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * A stock client against our server: the contract, plus the server's error messages, which reach
 * the client whole, and the bytes of one put.
 */
abstract class OurServerClientContract extends BenchClientContract {
  @Override
  protected RunningServer startServer(int port) throws Exception {
    return RespServer.start("127.0.0.1", port);
  }

  @Test
  void invalidArgumentsGetTheServersMessageAndTheConnectionStays() {
    BenchClient c = client();
    assertThatThrownBy(() -> c.hello(null)).hasMessageContaining("ERR hello: name is required");
    assertThatThrownBy(() -> c.echo(null)).hasMessageContaining("ERR echo: payload is required");
    assertThatThrownBy(() -> c.echo(new byte[BenchContract.MAX_PAYLOAD + 1]))
        .hasMessageContaining("echo: payload is larger than 1048576 bytes");
    assertThatThrownBy(() -> c.put(null, new byte[1])).hasMessageContaining("put: key is required");
    assertThatThrownBy(() -> c.put("k", null)).hasMessageContaining("put: value is required");
    assertThatThrownBy(() -> c.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]))
        .hasMessageContaining("put: key is longer than 1024 bytes");
    assertThatThrownBy(() -> c.items(-1)).hasMessageContaining("items: n must be between 0");
    assertThat(c.items(BenchContract.MAX_ITEMS)).hasSize(BenchContract.MAX_ITEMS);
    assertThat(c.hello("still")).isEqualTo("hello, still");
  }

  /** The harness names the reason ("connection refused") from the cause chain. */
  @Test
  void anUnreachableServersReasonIsInTheCauseChain() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    assertThatThrownBy(
            () -> {
              try (BenchClient c = provider().open(options(closedPort))) {
                c.hello("nobody");
              }
            })
        .hasRootCauseInstanceOf(ConnectException.class);
  }

  @Test
  void describeNamesTheLibraryAndOurServer() {
    assertThat(client().describe())
        .contains("server: rpcx-bench resp server (netty-codec-redis 4.2.")
        .contains("BENCH.HELLO");
  }

  /** For the README: {@code wire bytes ID put(64 B key, 512 B value): request N, reply M}. */
  @Test
  void wireBytesOfOnePut() throws Exception {
    String key = BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES);
    byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient c = provider().open(options(proxy.port()))) {
      assertThat(c.put(key, value)).isTrue();
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      assertThat(c.put(key, value)).isTrue();
      long request = proxy.requestBytes() - up;
      long reply = proxy.replyBytes() - down;
      System.out.println(
          "wire bytes "
              + provider().id()
              + " put(64 B key, 512 B value): request "
              + request
              + ", reply "
              + reply);
      // *3 $9 BENCH.PUT $64 key $512 value: 4 + 15 + 71 + 520 bytes; +OK
      assertThat(request).isEqualTo(610);
      assertThat(reply).isEqualTo(5);
    }
  }
}
