package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A server that dies fails every call in flight at once; the client recovers when one is back. */
class ServerKilledTest {

  @Test
  void pendingCallsFailUnavailableAndTheClientReconnects() throws Exception {
    ServerProcess server = ServerProcess.start(0);
    int port = server.port;
    try (RpcxClientFactory clients = LoopbackServer.factory(port, Duration.ofSeconds(120))) {
      TestClient client = clients.create(TestClient.class);
      assertThat(client.hello("up")).isEqualTo("hello, up");

      List<CompletableFuture<String>> inFlight = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        inFlight.add(CompletableFuture.supplyAsync(() -> client.block("stuck")));
      }
      Await.until(
          "all 20 blocking calls pending at the client",
          Duration.ofSeconds(10),
          () -> clients.pendingCalls() >= 20);
      server.kill();

      // Far sooner than the 120 s call timeout: the lost connection fails them all at once.
      for (CompletableFuture<String> call : inFlight) {
        ExecutionException e =
            org.assertj.core.api.Assertions.catchThrowableOfType(
                ExecutionException.class, () -> call.get(30, TimeUnit.SECONDS));
        assertThat(e.getCause()).isInstanceOf(RpcxException.class);
        assertThat(((RpcxException) e.getCause()).code()).isEqualTo(RpcxException.Code.UNAVAILABLE);
      }
      assertThat(clients.pendingCalls()).isZero();

      RpcxException down =
          org.assertj.core.api.Assertions.catchThrowableOfType(
              RpcxException.class, () -> client.hello("down"));
      assertThat(down.code()).isEqualTo(RpcxException.Code.UNAVAILABLE);

      try (ServerProcess again = ServerProcess.start(port)) {
        // the first calls may still fall in the reconnect backoff (at most 2 s)
        Await.until(
            "a call answered by the server back on its port",
            Duration.ofSeconds(5),
            () -> answered(client, "back"));
      }
    } finally {
      server.close();
    }
  }

  /** Whether a call is answered, and rightly; false while it fails for want of a server. */
  private static boolean answered(TestClient client, String name) {
    try {
      assertThat(client.hello(name)).isEqualTo("hello, " + name);
      return true;
    } catch (RpcxException notYet) {
      return false;
    }
  }
}
