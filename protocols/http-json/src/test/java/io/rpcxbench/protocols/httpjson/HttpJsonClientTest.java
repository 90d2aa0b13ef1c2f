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
        .isInstanceOfSatisfying(HttpCallException.class, e -> assertThat(e.status()).isEqualTo(422))
        .hasMessage("POST /hello: HTTP 422: hello: name is required");
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
