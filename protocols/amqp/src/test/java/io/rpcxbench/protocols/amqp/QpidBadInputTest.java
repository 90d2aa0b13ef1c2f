package io.rpcxbench.protocols.amqp;

/** Bad input through the embedded Qpid Broker-J. */
class QpidBadInputTest extends BadInputContract {
  @Override
  BrokerMode broker() {
    return BrokerMode.EMBEDDED;
  }
}
