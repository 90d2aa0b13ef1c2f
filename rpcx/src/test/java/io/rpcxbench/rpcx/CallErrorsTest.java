package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.rpcx.RpcxException.Code;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Errors in a call are error replies; the connection stays open and keeps working. */
class CallErrorsTest {
  private final LoopbackServer loopback = new LoopbackServer();
  private final TestClient client = loopback.client();

  @AfterEach
  void close() {
    loopback.close();
  }

  @RpcxClient(service = "nobody", host = "127.0.0.1", port = "${test.port}")
  interface UnknownService {
    @RpcxMethod("hello")
    String hello(String name);
  }

  @RpcxClient(service = "test", host = "127.0.0.1", port = "${test.port}")
  interface Mismatched {
    @RpcxMethod("missing")
    String missing(String name);

    @RpcxMethod("hello")
    String helloTwoArgs(String name, int extra);

    @RpcxMethod("hello")
    String helloWithInt(int name);

    @RpcxMethod("big")
    byte[] bigFromNull(Integer size);

    @RpcxMethod("hello")
    int helloAsInt(String name);
  }

  private static RpcxException error(Runnable call) {
    try {
      call.run();
    } catch (RpcxException e) {
      return e;
    }
    throw new AssertionError("no RpcxException");
  }

  @Test
  void unknownServiceAndMethodAndBadArgumentsAreErrorRepliesOnTheSameConnection() {
    assertThat(client.hello("before")).isEqualTo("hello, before");
    UnknownService unknown = loopback.clients.create(UnknownService.class);
    Mismatched mismatched = loopback.clients.create(Mismatched.class);

    RpcxException e = error(() -> unknown.hello("x"));
    assertThat(e.code()).isEqualTo(Code.NOT_FOUND);
    assertThat(e.description()).isEqualTo("unknown service 'nobody'");

    e = error(() -> mismatched.missing("x"));
    assertThat(e.code()).isEqualTo(Code.NOT_FOUND);
    assertThat(e.description()).isEqualTo("service 'test' has no method 'missing'");

    e = error(() -> mismatched.helloTwoArgs("x", 1));
    assertThat(e.code()).isEqualTo(Code.INVALID_ARGUMENT);
    assertThat(e.description()).isEqualTo("test.hello takes 1 argument(s), got 2");

    e = error(() -> mismatched.helloWithInt(5));
    assertThat(e.code()).isEqualTo(Code.INVALID_ARGUMENT);
    assertThat(e.description()).isEqualTo("test.hello: argument 1 is INT32, expected STRING");

    e = error(() -> mismatched.bigFromNull(null));
    assertThat(e.code()).isEqualTo(Code.INVALID_ARGUMENT);
    assertThat(e.description())
        .isEqualTo("test.big: argument 1 is null but the parameter is primitive");

    e = error(() -> mismatched.helloAsInt("x"));
    assertThat(e.code()).isEqualTo(Code.INTERNAL);
    assertThat(e.description()).isEqualTo("test.hello: result is STRING, expected INT32");

    assertThat(client.hello("after")).isEqualTo("hello, after");
    assertThat(loopback.clients.connectsMade()).isEqualTo(1);
  }

  @Test
  void serverExceptionComesBackAsInternalWithItsMessageOnly() {
    RpcxException e = error(() -> client.fail("disk full"));
    assertThat(e.code()).isEqualTo(Code.INTERNAL);
    assertThat(e.description()).isEqualTo("test.fail failed: boom: disk full");
    assertThat(e.getMessage()).doesNotContain("at io.rpcxbench").doesNotContain("Exception");

    e = error(() -> client.refuse("no"));
    assertThat(e.code()).isEqualTo(Code.INVALID_ARGUMENT);
    assertThat(e.description()).isEqualTo("refused: no");
    assertThat(client.hello("still")).isEqualTo("hello, still");
  }

  @Test
  void oversizeRequestAndReplyAreRefusedWithoutClosingTheConnection() {
    try (RpcxClientFactory small =
        RpcxClientFactory.builder()
            .property("test.port", String.valueOf(loopback.server.port()))
            .maxFrameLength(1024)
            .build()) {
      TestClient limited = small.create(TestClient.class);
      RpcxException e = error(() -> limited.hello("x".repeat(2000)));
      assertThat(e.code()).isEqualTo(Code.RESOURCE_EXHAUSTED);
      assertThat(limited.hello("fits")).isEqualTo("hello, fits");
    }
    RpcxServer tiny =
        RpcxServer.builder()
            .bind("127.0.0.1")
            .port(0)
            .maxFrameLength(1024)
            .publish(new TestService())
            .build()
            .start();
    try (RpcxClientFactory clients = LoopbackServer.factory(tiny.port(), Duration.ofSeconds(5))) {
      TestClient c = clients.create(TestClient.class);
      RpcxException e = error(() -> c.big(5000));
      assertThat(e.code()).isEqualTo(Code.RESOURCE_EXHAUSTED);
      assertThat(e.description()).startsWith("reply of 50");
      assertThat(c.hello("ok")).isEqualTo("hello, ok");
    } finally {
      tiny.stop();
    }
  }

  @Test
  void malformedAndOversizeFramesCloseOnlyThatConnection() throws Exception {
    byte[][] attacks = {
      {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
      {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f}, // a 256 MiB length, over the 16 MiB maximum
      {0x04, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}, // not protobuf
    };
    for (byte[] attack : attacks) {
      try (Socket raw = new Socket("127.0.0.1", loopback.server.port())) {
        raw.setSoTimeout(10_000);
        OutputStream out = raw.getOutputStream();
        out.write(attack);
        out.flush();
        InputStream in = raw.getInputStream();
        assertThat(in.read()).as("server closed the connection").isEqualTo(-1);
      }
      assertThat(client.hello("unharmed")).isEqualTo("hello, unharmed");
    }
    assertThat(loopback.clients.connectsMade()).isEqualTo(1);
  }

  @Test
  void blockingMethodDoesNotStallOtherCalls() throws Exception {
    CompletableFuture<String> blocked = client.blockAsync("slow");
    // Other calls on the same and on other connections go through while it blocks.
    try (RpcxClientFactory other =
        LoopbackServer.factory(loopback.server.port(), Duration.ofSeconds(5))) {
      assertThat(other.create(TestClient.class).hello("other")).isEqualTo("hello, other");
    }
    assertThat(client.hello("same")).isEqualTo("hello, same");
    assertThat(blocked).isNotDone();
    loopback.service.release.countDown();
    assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo("slow");
  }

  @Test
  void unreachableServerIsUnavailable() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    try (RpcxClientFactory clients = LoopbackServer.factory(port, Duration.ofSeconds(5))) {
      TestClient c = clients.create(TestClient.class);
      RpcxException e = error(() -> c.hello("x"));
      assertThat(e.code()).isEqualTo(Code.UNAVAILABLE);
      assertThat(e.description()).startsWith("cannot connect to 127.0.0.1:" + port);
      assertThatThrownBy(() -> c.helloAsync("x").join()).hasCauseInstanceOf(RpcxException.class);
    }
  }
}
