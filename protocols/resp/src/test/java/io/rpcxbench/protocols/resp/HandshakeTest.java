package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What the stock clients send on connect, and that our server answers all of it: recorded through a
 * proxy, printed for the README as {@code handshake ID: sends [...], gets [...]}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HandshakeTest {
  private RespServer server;

  @BeforeAll
  void start() throws Exception {
    server = RespServer.start("127.0.0.1", 0);
  }

  @AfterAll
  void stop() {
    server.close();
  }

  private List<String> handshake(ProtocolProvider provider) throws Exception {
    return handshake(provider, server.port());
  }

  private static List<String> handshake(ProtocolProvider provider, int port) throws Exception {
    try (RecordingProxy proxy = new RecordingProxy(port);
        BenchClient client =
            provider.open(
                new ClientOptions(
                    "127.0.0.1", proxy.port(), Duration.ofSeconds(5), Duration.ofSeconds(2), 1))) {
      assertThat(client.hello("handshake")).isEqualTo("hello, handshake");
      List<String> sent = RespWire.messages(proxy.requests());
      List<String> got = RespWire.messages(proxy.replies());
      System.out.println("handshake " + provider.id() + ": sends " + sent + ", gets " + got);
      System.out.println("describe " + provider.id() + ": " + client.describe());
      assertThat(got).noneMatch(reply -> reply.startsWith("-ERR Protocol error"));
      return RespWire.commandNames(proxy.requests());
    }
  }

  @Test
  void jedis() throws Exception {
    assertThat(handshake(new RespProtocol())).contains("INFO", "BENCH.HELLO");
  }

  @Test
  void lettuce() throws Exception {
    assertThat(handshake(new RespLettuceProtocol())).contains("INFO", "BENCH.HELLO");
  }

  /** The same clients against a real redis-server, for comparison (printed; skipped without). */
  @Test
  void againstRealRedisServer() throws Exception {
    RedisInstalled.assume();
    try (RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, code -> {})) {
      assertThat(handshake(new RespRedisProtocol(), redis.port())).contains("SCRIPT", "EVALSHA");
      assertThat(handshake(new RespLettuceRedisProtocol(), redis.port()))
          .contains("HELLO", "SCRIPT", "EVALSHA");
    }
  }
}
