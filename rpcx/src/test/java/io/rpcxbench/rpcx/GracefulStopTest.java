package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class GracefulStopTest {

  @Test
  void callsInFlightFinishBeforeTheServerStops() throws Exception {
    TestService service = new TestService(1);
    RpcxServer server =
        RpcxServer.builder().bind("127.0.0.1").port(0).publish(service).build().start();
    try (RpcxClientFactory clients =
        LoopbackServer.factory(server.port(), Duration.ofSeconds(10))) {
      TestClient client = clients.create(TestClient.class);
      CompletableFuture<String> inFlight = client.blockAsync("finish me");
      assertThat(service.blocking.await(10, TimeUnit.SECONDS)).isTrue();
      int port = server.port(); // before stop(), which holds the server's lock while it waits
      CompletableFuture<Void> stopping = CompletableFuture.runAsync(server::stop);
      Await.until(
          "stop() has closed the listener (a new connection is refused)",
          Duration.ofSeconds(10),
          () -> refused(port));
      assertThat(stopping).as("stop() waits for the call in flight").isNotDone();
      service.release.countDown();
      assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("finish me");
      stopping.get(10, TimeUnit.SECONDS);
      RpcxException e =
          org.assertj.core.api.Assertions.catchThrowableOfType(
              RpcxException.class, () -> client.hello("after stop"));
      assertThat(e.code()).isEqualTo(RpcxException.Code.UNAVAILABLE);
    }
  }

  @Test
  void portInUseIsAClearError() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      assertThatThrownBy(
              () ->
                  RpcxServer.builder()
                      .bind("127.0.0.1")
                      .port(taken.getLocalPort())
                      .publish(new TestService())
                      .build()
                      .start())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("cannot bind 127.0.0.1:" + taken.getLocalPort() + ": ");
    }
  }

  private static boolean refused(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
      return false;
    } catch (IOException e) {
      return true;
    }
  }
}
