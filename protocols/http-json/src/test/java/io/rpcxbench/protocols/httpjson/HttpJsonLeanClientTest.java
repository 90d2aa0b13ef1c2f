package io.rpcxbench.protocols.httpjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.server.openfeign.OpenFeignBenchServer;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The lean generator (http-json-lean) against the real Tomcat server of http-json. */
class HttpJsonLeanClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new HttpJsonLeanProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return OpenFeignBenchServer.start("127.0.0.1", port);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("http-json-lean");
    assertThat(p.type()).isEqualTo(24);
    assertThat(p.defaultPort()).isEqualTo(new HttpJsonProtocol().defaultPort());
    assertThat(p.server()).isEqualTo(new HttpJsonProtocol().server());
    assertThat(p.messages().carried()).isFalse();
    assertThat(p.stack()).contains("netty-codec-http").contains("tomcat-embed-core");
  }

  @Test
  void aRefusedCallSaysStatusAndDetailAsHttpJsonDoes() {
    assertThatThrownBy(() -> client().hello(null))
        .isInstanceOfSatisfying(HttpCallException.class, e -> assertThat(e.status()).isEqualTo(422))
        .hasMessage("POST /hello: HTTP 422: hello: name is required");
  }

  /** 64 calls in flight from one thread: each on a keep-alive connection of its own, all right. */
  @Test
  void callsInFlightTakeAConnectionEachAndAllComeBack() throws Exception {
    BenchClient c = client();
    assertThat(c.isAsync()).isTrue();
    for (int round = 0; round < 3; round++) {
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        calls.add(c.helloAsync("r" + round + "-" + i));
      }
      for (int i = 0; i < 64; i++) {
        assertThat(calls.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("hello, r" + round + "-" + i);
      }
    }
  }

  @Test
  void itSaysItIsAGenerator() {
    assertThat(client().describe()).startsWith("lean generator: Netty").contains("HTTP/1.1");
  }
}
