package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What a client with one blocking socket per calling thread (the raw-socket protocols, Thrift) must
 * do beyond {@link BenchClientContract}: after a server restart the thread's old socket fails once
 * and its next call reconnects; a server that accepts and never answers fails the call at the call
 * timeout; a closed client refuses calls and closes twice. Each protocol's own exception names its
 * code ({@link #code}).
 *
 * <pre>{@code
 * class BertClientTest extends PerThreadSocketClientContract {
 *   protected String code(RuntimeException e) {
 *     return e instanceof BertException b ? b.code().name() : null;
 *   }
 *   ...
 * }
 * }</pre>
 */
public abstract class PerThreadSocketClientContract extends BenchClientContract {
  /** The protocol's status code of {@code e} (e.g. {@code "UNAVAILABLE"}); null if not its own. */
  protected abstract String code(RuntimeException e);

  /**
   * {@code call} fails with the protocol's {@code code} and a message containing {@code message}.
   */
  protected void assertFailsWith(Runnable call, String code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            RuntimeException.class, e -> assertThat(code(e)).as(e.toString()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void afterARestartTheThreadsOldSocketFailsOnceAndTheNextCallReconnects() throws Exception {
    RunningServer own = startServer(0);
    int port = own.port();
    try (BenchClient c = provider().open(options(port))) {
      assertThat(c.hello("before")).isEqualTo("hello, before");
      own.close();
      own = startServer(port);
      assertFailsWith(() -> c.hello("stale"), "UNAVAILABLE", "");
      assertThat(c.hello("after")).isEqualTo("hello, after");
      own.close();
      assertFailsWith(() -> c.hello("stale"), "UNAVAILABLE", "");
      assertFailsWith(() -> c.hello("while down"), "UNAVAILABLE", "cannot connect");
    } finally {
      own.close();
    }
  }

  @Test
  void aSilentServerFailsTheCallAtTheCallTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0);
        BenchClient c =
            provider()
                .open(
                    new ClientOptions(
                        "127.0.0.1",
                        silent.getLocalPort(),
                        Duration.ofMillis(300),
                        CONNECT_TIMEOUT,
                        1))) {
      assertTimeoutPreemptively(
          CALL_TIMEOUT,
          () ->
              assertFailsWith(
                  () -> c.hello("anyone?"), "DEADLINE_EXCEEDED", "no reply within 300 ms"));
    }
  }

  @Test
  void closedClientRefusesCallsAndClosesTwice() {
    BenchClient c = provider().open(options(server().port()));
    assertThat(c.hello("x")).isEqualTo("hello, x");
    c.close();
    c.close();
    assertFailsWith(() -> c.hello("y"), "UNAVAILABLE", "client closed");
  }
}
