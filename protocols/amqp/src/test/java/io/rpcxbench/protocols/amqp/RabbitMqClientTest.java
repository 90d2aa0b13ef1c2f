package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import org.junit.jupiter.api.Test;

/**
 * The amqp plug-in's client against the real consumer on a RabbitMQ node the server starts as its
 * child. Skipped, with the reason, where rabbitmq-server is not installed.
 */
class RabbitMqClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new AmqpProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    RabbitMq.assumeInstalled();
    return AmqpServer.start("127.0.0.1", port, AmqpServerOptions.on(BrokerMode.RABBITMQ), () -> {});
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("amqp");
    assertThat(p.type()).isEqualTo(18);
    assertThat(p.defaultPort()).isEqualTo(5673);
    assertThat(p.label()).isEqualTo("AMQP via RabbitMQ");
    assertThat(p.server().jar()).isEqualTo("protocols/amqp/target/amqp-server.jar");
    assertThat(p.server().args())
        .containsExactly("--broker", "rabbitmq", "--allow-cleartext-login", "198.18.0.0/15");
    assertThat(p.server().external()).isEqualTo("rabbitmq-server");
  }

  @Test
  void describeNamesTheBrokerItsVersionTheReplyModeAndThePrefetch() {
    assertThat(client().hello("x")).isEqualTo("hello, x");
    assertThat(client().describe())
        .contains("amqp-client 5.37.0")
        .containsPattern("broker RabbitMQ 3\\.\\d+\\.\\d+")
        .contains("direct reply-to (amq.rabbitmq.reply-to, no-ack)")
        .contains("prefetch " + AmqpServerOptions.DEFAULT_PREFETCH + " each")
        .contains("rabbitmq-server as a child process");
  }
}
