package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;
import org.junit.jupiter.api.Test;

/**
 * amqp-qpid's client contract over AMQPS: amqp-client's TLS against the embedded Qpid Broker-J's
 * SSL port (its consumers on a plaintext port on loopback).
 */
class QpidTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new AmqpQpidProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return AmqpServer.start(
        "127.0.0.1",
        port,
        AmqpServerOptions.on(BrokerMode.EMBEDDED),
        () -> {},
        new BenchLogic(),
        tls);
  }

  @Test
  void bothEndsSayTheyServeAmqps() {
    assertThat(client().hello("x")).isEqualTo("hello, x");
    assertThat(client().describe())
        .contains("amqp-client 5.37.0 over TLS (AMQPS: useSslProtocol")
        .contains("hostname verified")
        .contains("AMQPS only on its port (TLS; the consumers on a plaintext port on 127.0.0.1)");
  }

  @Test
  void tlsForAnExternalBrokerIsRefused() {
    AmqpServerOptions external =
        AmqpServerOptions.on(new BrokerMode(BrokerMode.Kind.EXTERNAL, "127.0.0.1", 1));
    assertThatThrownBy(
            () ->
                AmqpServer.start(
                    "127.0.0.1", 0, external, () -> {}, new BenchLogic(), serverTls(false)))
        .isInstanceOf(ServerStarter.RefusedService.class)
        .hasMessageContaining("an external broker's TLS is set up by whoever runs it");
  }
}
