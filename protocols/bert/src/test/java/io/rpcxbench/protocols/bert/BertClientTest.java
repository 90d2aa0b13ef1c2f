package io.rpcxbench.protocols.bert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.bert.BertException.Code;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ByteCountingProxy;
import io.rpcxbench.testsupport.PerThreadSocketClientContract;
import org.junit.jupiter.api.Test;

/**
 * The bert plug-in's client against the Java server: the contract, plus the error codes, the frame
 * limit, the per-thread socket across a restart, the call timeout, and the bytes of one put on the
 * wire. The server's answers to bad input are {@link BertServerBadInputTest}.
 */
class BertClientTest extends PerThreadSocketClientContract {
  @Override
  protected String code(RuntimeException e) {
    return e instanceof BertException x ? x.code().name() : null;
  }

  @Override
  protected ProtocolProvider provider() {
    return new BertProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return BertServer.start("127.0.0.1", port);
  }

  private static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(BertException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("bert");
    assertThat(p.type()).isEqualTo(13);
    assertThat(p.defaultPort()).isEqualTo(8093);
    assertThat(p.label()).isEqualTo("BERT-RPC");
    assertThat(p.server().jar()).isEqualTo("protocols/bert/target/bert-server.jar");
    assertThat(client().describe()).contains("1 blocking socket per calling thread");
    assertThat(client().items(BenchContract.MAX_ITEMS)).isEqualTo(BenchContract.items(10_000));
    assertThat(client().echo(new byte[BenchContract.MAX_PAYLOAD])).hasSize(1 << 20);
  }

  @Test
  void invalidArgumentsAreInvalidArgumentWithTheServersMessage() {
    BenchClient c = client();
    Code invalid = Code.INVALID_ARGUMENT;
    assertCode(() -> c.hello(null), invalid, "user error 0 InvalidArgumentException: hello: name");
    assertCode(() -> c.echo(null), invalid, "echo: payload is required");
    assertCode(() -> c.put(null, new byte[1]), invalid, "put: key");
    assertCode(() -> c.put("k", null), invalid, "put: value");
    assertCode(
        () -> c.echo(new byte[BenchContract.MAX_PAYLOAD + 1]), invalid, "payload is larger than");
    assertCode(
        () -> c.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]),
        invalid,
        "put: key is longer than");
    assertCode(() -> c.items(BenchContract.MAX_ITEMS + 1), invalid, "items: n must be between");
    assertCode(() -> c.items(-1), invalid, "items: n must be between");
    assertThat(c.hello("after")).isEqualTo("hello, after");
  }

  /**
   * The server answers protocol error 1 and closes while the request is still arriving, so the
   * client sees the error or a reset, depending on timing; either way it drops that socket.
   */
  @Test
  void aFrameOverTheLimitFailsAndTheNextCallOpensAFreshSocket() {
    assertThatThrownBy(() -> client().echo(new byte[Terms.MAX_FRAME]))
        .isInstanceOfSatisfying(
            BertException.class, e -> assertThat(e.code()).isIn(Code.PROTOCOL, Code.UNAVAILABLE));
    assertThat(client().hello("fresh")).isEqualTo("hello, fresh");
  }

  /** For docs/protocols.md: one hello("world") and one put of a 64 B key and a 512 B value. */
  @Test
  void wireBytesOfHelloAndPut() throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient c = provider().open(options(proxy.port()))) {
      String key = BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES);
      byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
      assertThat(c.put(key, value)).isTrue();
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      assertThat(c.hello("world")).isEqualTo("hello, world");
      long helloRequest = proxy.requestBytes() - up;
      long helloReply = proxy.replyBytes() - down;
      up = proxy.requestBytes();
      down = proxy.replyBytes();
      assertThat(c.put(BenchContract.putKey("wire-", 2, 64), value)).isTrue();
      long putRequest = proxy.requestBytes() - up;
      long putReply = proxy.replyBytes() - down;
      System.out.printf(
          "wire bytes bert: hello(\"world\") %d/%d B, put(64 B, 512 B) %d/%d B%n",
          helloRequest, helloReply, putRequest, putReply);
      // length 4 + version 1 + {call, bench, hello, [<<"world">>]}: tuple 2, atoms 7 + 8 + 8,
      // list head 5, binary 5 + 5, nil 1
      assertThat(helloRequest).isEqualTo(46);
      // 4 + 1 + {reply, <<"hello, world">>}: tuple 2, atom 8, binary 5 + 12
      assertThat(helloReply).isEqualTo(32);
      // 4 + 1 + tuple 2 + atoms 7 + 8 + 6 + list head 5 + binaries 5 + 64 and 5 + 512 + nil 1
      assertThat(putRequest).isEqualTo(620);
      // 4 + 1 + {reply, true}: tuple 2, atoms 8 + 7
      assertThat(putReply).isEqualTo(22);
    }
  }
}
