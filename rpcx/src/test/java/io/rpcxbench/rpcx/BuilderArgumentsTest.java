package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad builder values fail at once, naming the setting. */
class BuilderArgumentsTest {

  @Test
  void clientSettings() {
    RpcxClientFactory.Builder b = RpcxClientFactory.builder();
    assertThatThrownBy(() -> b.callTimeout(Duration.ZERO))
        .hasMessage("callTimeout must be positive, got PT0S");
    assertThatThrownBy(() -> b.connectTimeout(Duration.ofSeconds(-1)))
        .hasMessage("connectTimeout must be positive, got PT-1S");
    assertThatThrownBy(() -> b.connectionsPerAddress(0))
        .hasMessage("connectionsPerAddress must be >= 1, got 0");
    assertThatThrownBy(() -> b.maxFrameLength(15))
        .hasMessage("maxFrameLength must be >= 16, got 15");
    assertThatThrownBy(() -> b.ioThreads(0)).hasMessage("ioThreads must be >= 1, got 0");
  }

  @Test
  void serverSettings() {
    RpcxServer.Builder b = RpcxServer.builder();
    assertThatThrownBy(() -> b.port(65536)).hasMessage("port must be in 0..65535, got 65536");
    assertThatThrownBy(() -> b.workerThreads(0)).hasMessage("workerThreads must be >= 1, got 0");
    assertThatThrownBy(() -> b.workerQueue(-3)).hasMessage("workerQueue must be >= 1, got -3");
    assertThatThrownBy(() -> b.maxFrameLength(0)).hasMessage("maxFrameLength must be >= 16, got 0");
    assertThatThrownBy(b::build).hasMessage("no service published");
  }
}
