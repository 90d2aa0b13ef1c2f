package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * AMQP's message carrier through a RabbitMQ node the server starts as its child. Skipped, with the
 * reason, where rabbitmq-server is not installed.
 */
class RabbitMqMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new AmqpProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    RabbitMq.assumeInstalled();
    return AmqpServer.start(
        "127.0.0.1", 0, AmqpServerOptions.on(BrokerMode.RABBITMQ), () -> {}, service);
  }

  /** The broker's own bound on a message (AmqpWire.MAX_BODY), not --max-frame. */
  @Override
  protected int tooLargeBytes() {
    return AmqpWire.MAX_BODY + 1024;
  }

  /** RabbitMQ refuses the publish (PRECONDITION_FAILED) and closes the channel. */
  @Override
  protected String tooLargeError() {
    return "closed by the broker";
  }
}
