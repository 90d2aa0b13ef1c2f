package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.Await;
import io.rpcxbench.testsupport.BenchClientContract;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The amqp-qpid plug-in's client against the real consumer on an embedded Qpid Broker-J. */
class QpidClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new AmqpQpidProtocol();
  }

  @Override
  protected RunningServer startServer(int port) throws Exception {
    return AmqpServer.start("127.0.0.1", port, AmqpServerOptions.on(BrokerMode.EMBEDDED), () -> {});
  }

  /**
   * CI: a consume that met the request queue just deleted made Qpid Broker-J close the consumers'
   * whole connection (404), and the server exited. It connects again now and serves on.
   */
  @Test
  void aConnectionTheBrokerClosesIsReplacedAndTheServerServesOn() {
    assertThat(client().hello("before")).isEqualTo("hello, before");
    AmqpServer server = (AmqpServer) server();
    RequestConsumers before = server.consumers();

    before.loseTheConnectionForTest();

    Await.until(
        "a new connection to the broker",
        Duration.ofSeconds(20),
        () -> server.consumers() != before);
    Await.until(
        "the server serving again",
        Duration.ofSeconds(20),
        () -> {
          try {
            return client().hello("after").equals("hello, after");
          } catch (RuntimeException notYet) {
            return false;
          }
        });
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("amqp-qpid");
    assertThat(p.type()).isEqualTo(19);
    assertThat(p.defaultPort()).isEqualTo(5674);
    assertThat(p.label()).isEqualTo("AMQP via Qpid Broker-J (embedded)");
    assertThat(p.server().jar()).isEqualTo("protocols/amqp/target/amqp-server.jar");
    assertThat(p.server().args())
        .containsExactly("--broker", "embedded", "--allow-cleartext-login", "198.18.0.0/15");
    assertThat(p.server().external()).isEmpty();
  }

  @Test
  void describeNamesTheBrokerItsVersionTheReplyModeAndThePrefetch() {
    assertThat(client().hello("x")).isEqualTo("hello, x");
    assertThat(client().describe())
        .contains("amqp-client 5.37.0")
        .contains("broker Apache Qpid Broker-J Core 9.2.1")
        .contains("exclusive server-named reply queue per channel")
        .contains("prefetch " + AmqpServerOptions.DEFAULT_PREFETCH + " each")
        .contains("embedded in the server's JVM");
  }
}
