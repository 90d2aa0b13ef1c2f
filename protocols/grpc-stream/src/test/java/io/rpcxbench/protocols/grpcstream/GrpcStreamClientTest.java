package io.rpcxbench.protocols.grpcstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The grpc-stream plug-in's client against the real server (default executor): the contract, plus
 * gRPC's status codes and what raw bytes on a socket do to the server.
 */
class GrpcStreamClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new GrpcStreamProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return start(port, false);
  }

  /** The real server on 127.0.0.1. */
  static RunningServer start(int port, boolean directExecutor) {
    return GrpcStreamServer.start("127.0.0.1", port, directExecutor);
  }

  private static void assertStatus(Runnable call, Status.Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("grpc-stream");
    assertThat(p.type()).isEqualTo(5);
    assertThat(p.defaultPort()).isEqualTo(8085);
    assertThat(p.label()).isEqualTo("gRPC bidi stream");
    assertThat(p.server().jar()).isEqualTo("protocols/grpc-stream/target/grpc-stream-server.jar");
    assertThat(client().describe()).contains("bidi stream").contains("callTimeout PT5S");
  }

  @Test
  void invalidArgumentsAreInvalidArgumentWithTheServersMessage() {
    BenchClient c = client();
    Status.Code invalid = Status.Code.INVALID_ARGUMENT;
    assertStatus(() -> c.hello(null), invalid, "hello: name is required");
    assertStatus(() -> c.echo(null), invalid, "echo: payload is required");
    assertStatus(() -> c.put(null, new byte[1]), invalid, "put: key");
    assertStatus(() -> c.put("k", null), invalid, "put: value");
    assertStatus(
        () -> c.echo(new byte[BenchContract.MAX_PAYLOAD + 1]), invalid, "payload is larger than");
    assertStatus(
        () -> c.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]),
        invalid,
        "put: key is longer than");
    assertStatus(() -> c.items(BenchContract.MAX_ITEMS + 1), invalid, "items: n must be between");
    assertStatus(() -> c.items(-1), invalid, "items: n must be between");
  }

  @Test
  void closedClientRefusesCallsAndClosesTwice() {
    BenchClient c = provider().open(options(server().port()));
    assertThat(c.hello("x")).isEqualTo("hello, x");
    c.close();
    c.close();
    assertStatus(() -> c.hello("y"), Status.Code.UNAVAILABLE, "client closed");
  }

  @Test
  void garbageBytesDoNotDisturbOtherConnections() throws Exception {
    assertThat(client().hello("first")).isEqualTo("hello, first");
    byte[] garbage = new byte[4096];
    new Random(7).nextBytes(garbage);
    assertThat(RawHttp2.sendAndAwaitClose(server().port(), garbage))
        .as("connection closed")
        .isTrue();
    assertThat(client().hello("still")).isEqualTo("hello, still");
    assertThat(client().echo(garbage)).isEqualTo(garbage);
  }

  @Test
  void aHugeMessageLengthEndsOnlyThatStream() throws Exception {
    assertThat(client().hello("first")).isEqualTo("hello, first");
    assertThat(RawHttp2.hugeMessageEndsStream(server().port())).as("stream 1 ended").isTrue();
    assertThat(client().hello("still")).isEqualTo("hello, still");
  }
}
