package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

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
}
