package io.rpcxbench.protocols.amqp;

/** Bad input through a RabbitMQ node; skipped where rabbitmq-server is not installed. */
class RabbitMqBadInputTest extends BadInputContract {
  @Override
  BrokerMode broker() {
    return BrokerMode.RABBITMQ;
  }

  @Override
  void assumeAvailable() {
    RabbitMq.assumeInstalled();
  }
}
