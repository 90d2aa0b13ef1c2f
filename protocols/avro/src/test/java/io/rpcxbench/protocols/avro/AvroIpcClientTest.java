package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.avro.AvroException.Code;
import io.rpcxbench.protocols.avro.wire.BenchProtocol;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.apache.avro.AvroRemoteException;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Protocol;
import org.apache.avro.generic.GenericData;
import org.apache.avro.ipc.generic.GenericRequestor;
import org.apache.avro.ipc.netty.NettyTransceiver;
import org.junit.jupiter.api.Test;

/**
 * The avro plug-in's client against the real Avro IPC server: the contract, plus the error codes,
 * the call timeout, and what malformed frames and an unknown message do to the server.
 */
class AvroIpcClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new AvroIpcProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return AvroIpcServer.start("127.0.0.1", port);
  }

  static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(AvroException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("avro");
    assertThat(p.type()).isEqualTo(10);
    assertThat(p.defaultPort()).isEqualTo(8089);
    assertThat(p.label()).isEqualTo("Apache Avro IPC");
    assertThat(p.server().jar()).isEqualTo("protocols/avro/target/avro-server.jar");
    assertThat(p.server().args()).isEmpty();
    assertThat(client().describe()).contains("1 connection shared by all threads");
    assertThat(client().items(BenchContract.MAX_ITEMS)).hasSize(BenchContract.MAX_ITEMS);
    assertThat(client().echo(new byte[BenchContract.MAX_PAYLOAD]))
        .hasSize(BenchContract.MAX_PAYLOAD);
  }

  @Test
  void invalidArgumentsAreTheDeclaredErrorWithTheServersMessage() {
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
    assertThat(c.hello("after")).isEqualTo("hello, after");
  }

  @Test
  void aFrameOverTheLimitClosesTheConnectionAndTheClientReconnects() {
    assertCode(() -> client().echo(new byte[AvroLimits.MAX_FRAME]), Code.UNAVAILABLE, "");
    assertThat(client().hello("fresh")).isEqualTo("hello, fresh");
  }

  @Test
  void aSilentServerFailsTheCallAtTheCallTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0);
        BenchClient c =
            provider()
                .open(
                    new ClientOptions(
                        "127.0.0.1",
                        silent.getLocalPort(),
                        Duration.ofMillis(300),
                        CONNECT_TIMEOUT,
                        1))) {
      assertTimeoutPreemptively(
          CALL_TIMEOUT,
          () -> {
            // the first call waits in Avro's handshake: the reply deadline ends it
            assertCode(() -> c.hello("anyone?"), Code.DEADLINE_EXCEEDED, "no reply within 300 ms");
            // the deadline closed the connection: the next call either waits out its own
            // deadline on a new one, or (closing still under way on a busy box) finds it closed
            assertThatThrownBy(() -> c.hello("again?"))
                .isInstanceOfSatisfying(
                    AvroException.class,
                    e -> assertThat(e.code()).isIn(Code.DEADLINE_EXCEEDED, Code.UNAVAILABLE));
          });
    }
  }

  @Test
  void malformedFramesCloseOnlyThatConnection() throws Exception {
    assertThat(client().hello("first")).isEqualTo("hello, first");
    byte[] garbage = "GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes();
    byte[] hugeList = {0, 0, 0, 1, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    byte[] hugeLength = {0, 0, 0, 1, 0, 0, 0, 1, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1};
    byte[] truncated = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 100, 1, 2, 3};
    byte[] notARequest = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 4, (byte) 0xff, (byte) 0xff, 1, 2};
    for (byte[] bad : List.of(garbage, hugeList, hugeLength, truncated, notARequest)) {
      assertThat(RawBytes.sendAndAwaitClose(server().port(), bad, true)).isTrue();
      assertThat(client().hello("still")).isEqualTo("hello, still");
    }
  }

  @Test
  void anUnknownMessageIsAnErrorReplyAndTheConnectionGoesOn() throws Exception {
    Protocol other =
        Protocol.parse(
            "{\"protocol\":\"BenchProtocol\",\"namespace\":\"io.rpcxbench.protocols.avro.wire\","
                + "\"messages\":{\"nope\":{\"request\":[],\"response\":\"string\"}}}");
    try (NettyTransceiver t =
        new NettyTransceiver(new InetSocketAddress("127.0.0.1", server().port()), 2000)) {
      GenericRequestor requestor = new GenericRequestor(other, t);
      assertThatThrownBy(
              () ->
                  requestor.request(
                      "nope", new GenericData.Record(other.getMessages().get("nope").getRequest())))
          .isInstanceOfAny(AvroRemoteException.class, AvroRuntimeException.class)
          .hasMessageContaining("nope");
    }
    assertThat(client().hello("after")).isEqualTo("hello, after");
    assertThat(BenchProtocol.PROTOCOL.getMessages()).doesNotContainKey("nope");
    assertThat(ByteBuffer.wrap(client().echo(new byte[] {9})))
        .isEqualTo(ByteBuffer.wrap(new byte[] {9}));
  }

  @Test
  void wireBytesOfOnePut() throws Exception {
    long[] bytes = RawBytes.wireBytesOfOnePut(provider(), server().port(), p -> options(p));
    assertThat(bytes[0]).isGreaterThan(64 + 512);
    assertThat(bytes[1]).isPositive();
  }
}
