package io.rpcxbench.protocols.amqp;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.BeforeEach;

/**
 * The server's command line with {@code --broker rabbitmq}: the ready line once the node is up, a
 * busy port found before any node starts. Skipped where rabbitmq-server is not installed.
 */
class RabbitMqServerMainTest extends ServerCommandContract {
  private final AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.RABBITMQ);

  @BeforeEach
  void needsRabbitMq() {
    RabbitMq.assumeInstalled();
  }

  @Override
  protected ServerDefinition definition() {
    return AmqpServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            AmqpServer.start(bind, port, options, () -> {}, service, tls));
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {options};
  }
}
