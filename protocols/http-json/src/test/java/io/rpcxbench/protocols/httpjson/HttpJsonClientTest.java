package io.rpcxbench.protocols.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.server.openfeign.OpenFeignBenchServer;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import org.junit.jupiter.api.Test;

/** The http-json plug-in's client against the real Spring Boot server (the OpenFeign one). */
class HttpJsonClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new HttpJsonProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return OpenFeignBenchServer.start("127.0.0.1", port);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("http-json");
    assertThat(p.type()).isEqualTo(6);
    assertThat(p.defaultPort()).isEqualTo(8083);
    assertThat(p.label()).isEqualTo("HTTP/1.1 + JSON");
    assertThat(p.server().jar()).isEqualTo("server-openfeign/target/server-openfeign.jar");
  }

  @Test
  void aRefusedCallSaysStatusAndDetail() {
    assertThatThrownBy(() -> client().hello(null))
        .isInstanceOfSatisfying(HttpCallException.class, e -> assertThat(e.status()).isEqualTo(400))
        .hasMessage("POST /hello: HTTP 400: hello: name is required");
  }

  @Test
  void asyncCallsAnswerEachTheirOwnAndARefusedOneFailsItsFuture() throws Exception {
    assertThat(client().isAsync()).isTrue();
    java.util.List<java.util.concurrent.CompletableFuture<String>> replies =
        new java.util.ArrayList<>();
    for (int i = 0; i < 32; i++) {
      replies.add(client().helloAsync("a" + i));
    }
    for (int i = 0; i < 32; i++) {
      assertThat(replies.get(i).get(30, java.util.concurrent.TimeUnit.SECONDS))
          .isEqualTo(io.rpcxbench.api.BenchContract.helloReply("a" + i));
    }
    assertThat(
            client()
                .putAsync("k", new byte[] {1, 2})
                .get(30, java.util.concurrent.TimeUnit.SECONDS))
        .isTrue();
    assertThat(client().itemsAsync(3).get(30, java.util.concurrent.TimeUnit.SECONDS)).hasSize(3);
    Throwable refused =
        client()
            .helloAsync(null)
            .handle((reply, failure) -> failure)
            .get(30, java.util.concurrent.TimeUnit.SECONDS);
    assertThat(refused)
        .isInstanceOf(java.util.concurrent.CompletionException.class)
        .cause()
        .isInstanceOfSatisfying(HttpCallException.class, e -> assertThat(e.status()).isEqualTo(400))
        .hasMessage("POST /hello: HTTP 400: hello: name is required");
  }

  @Test
  void anAsyncCallToNoServerFailsItsFutureAndNeverThrows() throws Exception {
    int closed;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    io.rpcxbench.spi.BenchClient lost =
        provider()
            .open(
                new io.rpcxbench.spi.ClientOptions(
                    "127.0.0.1",
                    closed,
                    java.time.Duration.ofSeconds(10),
                    java.time.Duration.ofSeconds(5),
                    1));
    try {
      Throwable failure =
          lost.helloAsync("x")
              .handle((reply, error) -> error)
              .get(30, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(failure)
          .cause()
          .isInstanceOf(HttpCallException.class)
          .hasMessageStartingWith("POST /hello: ")
          .hasCauseInstanceOf(java.net.ConnectException.class);
    } finally {
      lost.close();
    }
  }

  @Test
  void theBodiesAreWhatSpringWrites() throws Exception {
    assertThat(
            HttpJsonClient.JSON.writeValueAsString(
                new io.rpcxbench.server.openfeign.json.HelloBody.Request(null)))
        .isEqualTo("{\"name\":null}");
    assertThat(
            HttpJsonClient.JSON.writeValueAsString(
                new io.rpcxbench.server.openfeign.json.EchoBody(new byte[] {0, 1, 2})))
        .isEqualTo("{\"payload\":\"AAEC\"}");
  }
}
