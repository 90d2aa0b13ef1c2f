package io.rpcxbench.protocols.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.thrift.ThriftException.Code;
import io.rpcxbench.protocols.thrift.wire.InvalidArgument;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ByteCountingProxy;
import io.rpcxbench.testsupport.PerThreadSocketClientContract;
import java.net.ConnectException;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/**
 * The Thrift plug-in's client against the real server: the contract, plus the error codes, the
 * frame limit, the call timeout, and the bytes of one put on the wire. What malformed bytes do to
 * the server is {@link ThriftServerBadInputTest}.
 */
class ThriftClientTest extends PerThreadSocketClientContract {
  @Override
  protected String code(RuntimeException e) {
    return e instanceof ThriftException x ? x.code().name() : null;
  }

  @Override
  protected ProtocolProvider provider() {
    return new ThriftProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return ThriftServer.start("127.0.0.1", port);
  }

  private static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(ThriftException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  /** Rejected with the IDL's exception as the cause, carrying the server's message. */
  private static void assertInvalid(Runnable call, String message) {
    assertCode(call, Code.INVALID_ARGUMENT, message);
    assertThatThrownBy(call::run)
        .cause()
        .isInstanceOf(InvalidArgument.class)
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("thrift");
    assertThat(p.type()).isEqualTo(9);
    assertThat(p.defaultPort()).isEqualTo(8088);
    assertThat(p.label()).isEqualTo("Apache Thrift");
    assertThat(p.server().jar()).isEqualTo("protocols/thrift/target/thrift-server.jar");
    assertThat(client().describe())
        .startsWith("libthrift 0.20.0 ")
        .contains("1 blocking TSocket per calling thread")
        .contains("TThreadPoolServer");
    assertThat(client().items(BenchContract.MAX_ITEMS)).hasSize(BenchContract.MAX_ITEMS);
  }

  @Test
  void invalidArgumentsAreTheIdlsExceptionAndTheConnectionStaysOpen() {
    BenchClient c = client();
    assertInvalid(() -> c.hello(null), "hello: name is required");
    assertInvalid(() -> c.echo(null), "echo: payload is required");
    assertInvalid(() -> c.put(null, new byte[1]), "put: key is required");
    assertInvalid(() -> c.put("k", null), "put: value is required");
    assertInvalid(() -> c.echo(new byte[BenchContract.MAX_PAYLOAD + 1]), "payload is larger than");
    assertInvalid(
        () -> c.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]), "put: key is longer than");
    assertInvalid(() -> c.items(BenchContract.MAX_ITEMS + 1), "items: n must be between");
    assertInvalid(() -> c.items(-1), "items: n must be between");
    assertThat(c.hello("after")).isEqualTo("hello, after");
  }

  @Test
  void aFrameOverTheLimitClosesThatSocketAndTheNextCallOpensAFreshOne() {
    assertCode(() -> client().echo(new byte[ThriftLimits.MAX_FRAME]), Code.UNAVAILABLE, "");
    assertThat(client().hello("fresh")).isEqualTo("hello, fresh");
  }

  /** serve() clears libthrift's stop flag as it starts: start() must return only after that. */
  @Test
  void aServerClosedRightAfterStartStopsListening() throws Exception {
    for (int i = 0; i < 20; i++) {
      RunningServer own = startServer(0);
      int port = own.port();
      own.close();
      assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
          .isInstanceOf(ConnectException.class);
    }
  }

  /**
   * Framed binary protocol, exactly: hello("world") is a 4 B frame length, a 17 B message header
   * (version and type, name, sequence id) and a 13 B argument struct; the reply 4 + 17 + 20.
   */
  @Test
  void wireBytesOfHelloWorldAndOfOnePut() throws Exception {
    String key = BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES);
    byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient c = provider().open(options(proxy.port()))) {
      assertThat(c.hello("world")).isEqualTo("hello, world");
      long[] hello = bytesOf(proxy, () -> assertThat(c.hello("world")).isEqualTo("hello, world"));
      long[] put = bytesOf(proxy, () -> assertThat(c.put(key, value)).isTrue());
      System.out.printf(
          "wire bytes thrift put(64 B key, 512 B value): request %d, reply %d%n", put[0], put[1]);
      assertThat(hello).containsExactly(34, 41);
      assertThat(put).containsExactly(610, 24);
    }
  }

  /** Request and reply bytes of one call; the reply is counted before the client has it. */
  private static long[] bytesOf(ByteCountingProxy proxy, Runnable call) {
    long up = proxy.requestBytes();
    long down = proxy.replyBytes();
    call.run();
    return new long[] {proxy.requestBytes() - up, proxy.replyBytes() - down};
  }
}
