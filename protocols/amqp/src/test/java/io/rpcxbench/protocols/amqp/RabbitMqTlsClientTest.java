package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;
import org.junit.jupiter.api.Test;

/**
 * amqp's client contract over AMQPS: amqp-client's TLS against the RabbitMQ node's {@code
 * listeners.ssl} (Erlang's ssl; its consumers on a plaintext listener on loopback). Skipped, with
 * the reason, where rabbitmq-server is not installed.
 */
class RabbitMqTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new AmqpProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    RabbitMq.assumeInstalled();
    return AmqpServer.start(
        "127.0.0.1",
        port,
        AmqpServerOptions.on(BrokerMode.RABBITMQ),
        () -> {},
        new BenchLogic(),
        tls);
  }

  @Test
  void bothEndsSayTheyServeAmqps() {
    assertThat(client().hello("x")).isEqualTo("hello, x");
    assertThat(client().describe())
        .contains("amqp-client 5.37.0 over TLS (AMQPS: useSslProtocol")
        .containsPattern("broker RabbitMQ 3\\.\\d+\\.\\d+")
        .contains(
            "AMQPS only on its port (TLS; the consumers on a plaintext listener on 127.0.0.1)");
  }
}
