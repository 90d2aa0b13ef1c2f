package io.rpcxbench.protocols.tcpprotobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.tcpprotobuf.TcpProtobufException.Code;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.PerThreadSocketClientContract;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tcp-protobuf plug-in's client against the real server: the contract, plus the error codes,
 * the frame limit, the per-thread socket's behaviour across a restart, the call timeout, and what
 * malformed bytes on a raw socket do to the server.
 */
class TcpProtobufClientTest extends PerThreadSocketClientContract {
  @Override
  protected String code(RuntimeException e) {
    return e instanceof TcpProtobufException x ? x.code().name() : null;
  }

  @Override
  protected ProtocolProvider provider() {
    return new TcpProtobufProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return TcpProtobufServer.start("127.0.0.1", port);
  }

  private static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            TcpProtobufException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("tcp-protobuf");
    assertThat(p.type()).isEqualTo(8);
    assertThat(p.defaultPort()).isEqualTo(8087);
    assertThat(p.label()).isEqualTo("raw TCP + Protobuf");
    assertThat(p.server().jar()).isEqualTo("protocols/tcp-protobuf/target/tcp-protobuf-server.jar");
    assertThat(client().describe()).contains("1 blocking socket per calling thread");
    assertThat(client().items(BenchContract.MAX_ITEMS)).hasSize(BenchContract.MAX_ITEMS);
  }

  @Test
  void invalidArgumentsAreInvalidArgumentWithTheServersMessage() {
    BenchClient c = client();
    Code invalid = Code.INVALID_ARGUMENT;
    assertCode(() -> c.hello(null), invalid, "hello: name is required");
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
  }

  @Test
  void aFrameOverTheLimitClosesThatSocketAndTheNextCallOpensAFreshOne() {
    assertCode(() -> client().echo(new byte[Frames.MAX_FRAME]), Code.UNAVAILABLE, "");
    assertThat(client().hello("fresh")).isEqualTo("hello, fresh");
  }

  @Test
  void malformedInputClosesOnlyThatConnection() throws Exception {
    assertThat(client().hello("first")).isEqualTo("hello, first");
    byte[] runawayVarint = new byte[64];
    Arrays.fill(runawayVarint, (byte) 0xff);
    byte[] hugeLength = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 1, 2, 3};
    byte[] notARequest = {4, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    for (byte[] bad : List.of(runawayVarint, hugeLength, notARequest)) {
      assertThat(sendAndAwaitClose(server().port(), bad)).as(Arrays.toString(bad)).isTrue();
      assertThat(client().hello("still")).isEqualTo("hello, still");
    }
  }

  /** Sends the bytes on a raw socket; true when the server then closes it. */
  private static boolean sendAndAwaitClose(int port, byte[] bytes) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(bytes);
      out.flush();
      InputStream in = socket.getInputStream();
      try {
        return in.read() < 0;
      } catch (SocketException reset) {
        return true;
      }
    }
  }
}
