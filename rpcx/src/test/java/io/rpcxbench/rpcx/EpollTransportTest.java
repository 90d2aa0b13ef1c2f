package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The native epoll transport on both ends, where the machine has it (Linux x86_64). */
class EpollTransportTest {

  @Test
  void roundTripOverEpoll() {
    assumeTrue(Epoll.isAvailable(), () -> "epoll unavailable here: " + Epoll.unavailabilityCause());
    RpcxServer server =
        RpcxServer.builder()
            .bind("127.0.0.1")
            .port(0)
            .transport(Transport.EPOLL)
            .publish(new TestService())
            .build()
            .start();
    try (RpcxClientFactory clients =
        RpcxClientFactory.builder()
            .property("test.port", String.valueOf(server.port()))
            .transport(Transport.EPOLL)
            .callTimeout(Duration.ofSeconds(10))
            .build()) {
      TestClient client = clients.create(TestClient.class);
      for (int i = 0; i < 100; i++) {
        assertThat(client.hello("epoll " + i)).isEqualTo("hello, epoll " + i);
      }
      assertThat(client.big(70_000)).hasSize(70_000);
    } finally {
      server.stop();
    }
  }
}
