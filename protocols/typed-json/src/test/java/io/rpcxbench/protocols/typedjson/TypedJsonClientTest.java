package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.typedjson.TypedJsonException.Code;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The typed-json plug-in's client against its real server: the contract, plus the catalog entry,
 * the error codes, the frame bound on the client's side, the call timeout, a refused connection and
 * the bytes of one put on the wire.
 */
class TypedJsonClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new TypedJsonProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return TypedJsonServer.start("127.0.0.1", port);
  }

  static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(TypedJsonException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("typed-json");
    assertThat(p.type()).isEqualTo(20);
    assertThat(p.defaultPort()).isEqualTo(8096);
    assertThat(p.label()).isEqualTo("typed JSON over TCP (MML-like)");
    assertThat(p.server().jar()).isEqualTo("protocols/typed-json/target/typed-json-server.jar");
    assertThat(p.server().args()).isEmpty();
    assertThat(p.balancesServers()).isTrue();
    assertThat(client().describe())
        .contains("least-pending over the connected servers [127.0.0.1:" + server().port() + "]")
        .contains("1 connection per server");
    assertThat(client().items(BenchContract.MAX_ITEMS)).isEqualTo(BenchContract.items(10_000));
    assertThat(client().echo(new byte[BenchContract.MAX_PAYLOAD]))
        .hasSize(BenchContract.MAX_PAYLOAD);
  }

  @Test
  void invalidArgumentsAreErrorRepliesWithTheServersMessage() {
    BenchClient c = client();
    Code invalid = Code.INVALID_ARGUMENT;
    assertCode(() -> c.hello(null), invalid, "hello: name is required");
    assertCode(() -> c.echo(null), invalid, "echo: payload is required");
    assertCode(() -> c.put(null, new byte[1]), invalid, "put: key is required");
    assertCode(() -> c.put("k", null), invalid, "put: value is required");
    assertCode(
        () -> c.echo(new byte[BenchContract.MAX_PAYLOAD + 1]), invalid, "payload is larger than");
    assertCode(
        () -> c.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]),
        invalid,
        "put: key is longer than");
    assertCode(() -> c.items(-1), invalid, "items: n must be between");
    assertThat(c.hello("after")).isEqualTo("hello, after");
  }

  @Test
  void aRequestOverTheFrameLimitIsRefusedWithoutBeingSent() {
    long repliesBefore = ((TypedJsonClient) client()).stats().get(0).replies();
    assertCode(
        () -> client().echo(new byte[Frames.MAX_FRAME]), Code.INVALID_ARGUMENT, "(not sent)");
    assertThat(((TypedJsonClient) client()).stats().get(0).replies()).isEqualTo(repliesBefore);
    assertThat(client().hello("fine")).isEqualTo("hello, fine");
  }

  @Test
  void aSilentServerFailsTheCallAtTheCallTimeoutAndTheLateCallIsForgotten() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        TypedJsonClient c =
            TypedJsonClient.open(
                new ClientOptions(
                    "127.0.0.1",
                    silent.getLocalPort(),
                    Duration.ofMillis(300),
                    CONNECT_TIMEOUT,
                    1))) {
      assertTimeoutPreemptively(
          CALL_TIMEOUT,
          () -> {
            assertCode(() -> c.hello("anyone?"), Code.DEADLINE_EXCEEDED, "no reply within 300 ms");
            assertCode(() -> c.hello("again?"), Code.DEADLINE_EXCEEDED, "no reply within 300 ms");
          });
    }
  }

  @Test
  void withNoServerConnectedACallFailsAtOnceNamingTheConnectFailure() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    try (TypedJsonClient c = TypedJsonClient.open(options(closedPort))) {
      long start = System.nanoTime();
      assertThatThrownBy(() -> c.hello("nobody"))
          .isInstanceOfSatisfying(
              TypedJsonException.class, e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE))
          .hasMessageContaining("no server connected: 127.0.0.1:" + closedPort)
          .hasRootCauseInstanceOf(ConnectException.class);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(CALL_TIMEOUT);
    }
  }

  @Test
  void wireBytesOfOnePut() throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient c = provider().open(options(proxy.port()))) {
      byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
      c.put(BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES), value);
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      c.put(BenchContract.putKey("wire-", 2, BenchContract.DEFAULT_KEY_BYTES), value);
      long request = proxy.requestBytes() - up;
      long reply = proxy.replyBytes() - down;
      System.out.println(
          "wire bytes typed-json put(64 B, 512 B): request " + request + ", reply " + reply);
      // 8 B of frame header; the key as is; the value in base64: 684 B
      assertThat(request).isGreaterThan(8 + 64 + 684);
      assertThat(reply).isPositive();
    }
  }
}
