package io.rpcxbench.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A raw-socket client's target: real sockets on loopback, port 0. */
class SocketTargetTest {
  @Test
  void aPlainSocketHasNoDelayAndTheReadTimeoutAndTheWrapperGetsIt() throws Exception {
    try (ServerSocket server = new ServerSocket(0)) {
      SocketTarget target =
          SocketTarget.of(
              "127.0.0.1",
              server.getLocalPort(),
              Duration.ofSeconds(2),
              Duration.ofMillis(250),
              Optional.empty());
      try (Socket s = target.open(socket -> socket)) {
        assertThat(s.getTcpNoDelay()).isTrue();
        assertThat(s.getSoTimeout()).isEqualTo(250);
        try (Socket accepted = server.accept()) {
          // nothing is sent: a read waits the read timeout, then fails
          assertThatThrownBy(() -> s.getInputStream().read())
              .isInstanceOf(SocketTimeoutException.class);
        }
      }
      assertThat(target.address()).isEqualTo("127.0.0.1:" + server.getLocalPort());
      assertThat(target.readTimeoutMs()).isEqualTo(250);
      assertThat(target.settings())
          .isEqualTo("TCP_NODELAY, SO_TIMEOUT = callTimeout PT0.25S, connectTimeout PT2S");
      assertThat(target.tlsSession()).isEmpty();
      assertThat(target.failure("refused", new IOException("x"))).isEqualTo("refused");
    }
  }

  @Test
  void aWrapperThatFailsClosesTheSocket() throws Exception {
    try (ServerSocket server = new ServerSocket(0)) {
      SocketTarget target =
          SocketTarget.of(
              "127.0.0.1",
              server.getLocalPort(),
              Duration.ofSeconds(2),
              Duration.ofSeconds(2),
              Optional.empty());
      AtomicReference<Socket> seen = new AtomicReference<>();
      assertThatThrownBy(
              () ->
                  target.open(
                      socket -> {
                        seen.set(socket);
                        throw new IOException("no streams");
                      }))
          .hasMessage("no streams");
      assertThat(seen.get().isClosed()).isTrue();
    }
  }

  @Test
  void anIpv6HostIsBracketedAndNoServerIsAnIoException() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    SocketTarget closed =
        SocketTarget.of(
            "127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(2), Optional.empty());
    assertThatThrownBy(() -> closed.open(socket -> socket)).isInstanceOf(IOException.class);
    assertThat(
            SocketTarget.of(
                    "::1", 8087, Duration.ofSeconds(1), Duration.ofSeconds(1), Optional.empty())
                .address())
        .isEqualTo("[::1]:8087");
  }
}
