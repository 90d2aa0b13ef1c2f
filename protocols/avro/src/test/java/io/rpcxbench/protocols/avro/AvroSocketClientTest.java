package io.rpcxbench.protocols.avro;

import static io.rpcxbench.protocols.avro.AvroIpcClientTest.assertCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.avro.AvroException.Code;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.PerThreadSocketClientContract;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The avro-socket plug-in's client against the real server: the contract, plus the error codes, the
 * frame limit, the call timeout, and what malformed bytes on a raw socket do to the server.
 */
class AvroSocketClientTest extends PerThreadSocketClientContract {
  @Override
  protected String code(RuntimeException e) {
    return e instanceof AvroException x ? x.code().name() : null;
  }

  @Override
  protected ProtocolProvider provider() {
    return new AvroSocketProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return AvroSocketServer.start("127.0.0.1", port);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("avro-socket");
    assertThat(p.type()).isEqualTo(11);
    assertThat(p.defaultPort()).isEqualTo(8091);
    assertThat(p.label()).isEqualTo("raw socket + Avro");
    assertThat(p.server().jar()).isEqualTo("protocols/avro/target/avro-socket-server.jar");
    assertThat(client().describe()).contains("1 blocking socket per calling thread");
    assertThat(client().items(BenchContract.MAX_ITEMS)).hasSize(BenchContract.MAX_ITEMS);
  }

  @Test
  void invalidArgumentsAreAnErrorReplyWithTheServersMessage() {
    BenchClient c = client();
    Code invalid = Code.INVALID_ARGUMENT;
    assertCode(() -> c.hello(null), invalid, "hello: name is required");
    assertCode(() -> c.echo(null), invalid, "echo: payload is required");
    assertCode(() -> c.put(null, new byte[1]), invalid, "put: key");
    assertCode(() -> c.put("k", null), invalid, "put: value");
    assertCode(
        () -> c.echo(new byte[BenchContract.MAX_PAYLOAD + 1]), invalid, "payload is larger than");
    assertCode(() -> c.items(-1), invalid, "items: n must be between");
    assertThat(c.hello("after")).isEqualTo("hello, after");
  }

  @Test
  void aFrameOverTheLimitClosesThatSocketAndTheNextCallOpensAFreshOne() {
    assertCode(() -> client().echo(new byte[AvroLimits.MAX_FRAME]), Code.UNAVAILABLE, "");
    assertThat(client().hello("fresh")).isEqualTo("hello, fresh");
  }

  /**
   * A server that closes while a large request is still being written: the write fails (broken pipe
   * or reset), and the call says the server closed the connection, as when the close comes while
   * the reply is awaited.
   */
  @Test
  void aServerClosingMidRequestIsReportedAsClosed() throws Exception {
    try (ServerSocket closer = new ServerSocket(0);
        BenchClient c = provider().open(options(closer.getLocalPort()))) {
      Thread accept =
          new Thread(
              () -> {
                try (Socket s = closer.accept()) {
                  s.getInputStream().readNBytes(4);
                  s.setSoLinger(true, 0); // reset: the client's writes fail at once
                } catch (IOException e) {
                  // the test's own assertion reports it
                }
              });
      accept.start();
      assertTimeoutPreemptively(
          CALL_TIMEOUT,
          () ->
              assertCode(
                  () -> c.echo(new byte[BenchContract.MAX_PAYLOAD]),
                  Code.UNAVAILABLE,
                  "the server closed the connection"));
      accept.join();
    }
  }

  @Test
  void malformedInputClosesOnlyThatConnection() throws Exception {
    assertThat(client().hello("first")).isEqualTo("hello, first");
    byte[] garbage = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes();
    byte[] hugeLength = {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3};
    byte[] negativeLength = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1};
    byte[] truncated = {0, 0, 0, 100, 0, 2};
    byte[] badUnionBranch = {0, 0, 0, 2, 0x7e, 0};
    byte[] trailingBytes = {0, 0, 0, 4, 0, 0, 9, 9}; // HelloCall(null), then two stray bytes
    for (byte[] bad :
        List.of(garbage, hugeLength, negativeLength, truncated, badUnionBranch, trailingBytes)) {
      assertThat(RawBytes.sendAndAwaitClose(server().port(), bad, true)).isTrue();
      assertThat(client().hello("still")).isEqualTo("hello, still");
    }
  }

  @Test
  void wireBytesOfOnePut() throws Exception {
    long[] bytes = RawBytes.wireBytesOfOnePut(provider(), server().port(), p -> options(p));
    // frame length, call's union index, key (null-union index, 2 B zig-zag length, 64 B),
    // value (index, 2 B length, 512 B)
    assertThat(bytes[0]).isEqualTo(4 + 1 + (1 + 2 + 64) + (1 + 2 + 512));
    assertThat(bytes[1]).isEqualTo(4 + 1 + 1); // length, union index, true
  }
}
