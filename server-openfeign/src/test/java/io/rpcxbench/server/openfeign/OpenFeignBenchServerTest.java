package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.PortInUseException;

/** The public API other modules' tests use to run this server in their JVM. */
class OpenFeignBenchServerTest {

  @Test
  void startsOnARandomPortServesAndCloses() throws Exception {
    OpenFeignBenchServer server = OpenFeignBenchServer.start("127.0.0.1", 0);
    try {
      assertThat(server.port()).isPositive();
      assertThat(server.bindAddress()).isEqualTo("127.0.0.1");
      var response = Http.postJson(server.port(), "/hello", "{\"name\":\"api\"}");
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("{\"message\":\"hello, api\"}");
    } finally {
      server.close();
    }
    assertThat(server.isRunning()).isFalse();
    server.close();
  }

  @Test
  void ignoresTheHostApplicationsApplicationProperties() throws Exception {
    // test-classes/application.properties sets a context path; the server must not pick it up.
    try (OpenFeignBenchServer server = OpenFeignBenchServer.start("127.0.0.1", 0)) {
      assertThat(Http.postJson(server.port(), "/hello", "{\"name\":\"x\"}").statusCode())
          .isEqualTo(200);
    }
  }

  @Test
  void busyPortFailsWithPortInUse() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      assertThatThrownBy(() -> OpenFeignBenchServer.start("127.0.0.1", taken.getLocalPort()))
          .hasCauseInstanceOf(PortInUseException.class);
    }
  }
}
