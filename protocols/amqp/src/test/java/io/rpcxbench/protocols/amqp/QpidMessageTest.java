package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * AMQP's message carrier (the record's protobuf bytes as the body) through an embedded Qpid
 * Broker-J to the real consumer.
 */
class QpidMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new AmqpQpidProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    return AmqpServer.start(
        "127.0.0.1", 0, AmqpServerOptions.on(BrokerMode.EMBEDDED), () -> {}, service);
  }

  /** The broker's own bound on a message (AmqpWire.MAX_BODY), not --max-frame. */
  @Override
  protected int tooLargeBytes() {
    return AmqpWire.MAX_BODY + 1024;
  }

  /** The broker refuses the publish and closes the channel. */
  @Override
  protected String tooLargeError() {
    return "closed by the broker";
  }
}
