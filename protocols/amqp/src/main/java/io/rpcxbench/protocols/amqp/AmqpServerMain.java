package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * {@code java -jar amqp-server.jar [--bind ADDR] [--port 5673] [--broker MODE] [--prefetch N]
 * [--consumers N] [--tls-cert FILE --tls-key FILE [--tls-client-ca FILE]]}: with the TLS options
 * the broker's port speaks AMQPS only (mTLS with a client CA).
 */
public final class AmqpServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          AmqpProtocol.ID,
          AmqpProtocol.PORT,
          "Serves the benchmark calls over AMQP 0-9-1 request/reply: starts a broker (--broker)"
              + " on --bind/--port and consumes its queue '"
              + AmqpWire.REQUEST_QUEUE
              + "', answering each message to its reply_to, until SIGTERM. The ready line names"
              + " the broker's port, where clients connect; it comes once the broker is up and"
              + " the consumers are registered. The catalog passes --port: 5673 for amqp"
              + " (rabbitmq), 5674 for amqp-qpid (embedded). With --tls-cert/--tls-key the"
              + " broker's port speaks AMQPS only (--tls-client-ca: mTLS); its consumers then"
              + " use a plaintext listener on 127.0.0.1.",
          "Example: java -jar protocols/amqp/target/amqp-server.jar --broker rabbitmq --port 5673");

  private AmqpServerMain() {}

  public static void main(String[] args) {
    AmqpServerOptions options = new AmqpServerOptions();
    ServerMain.run(
        DEFINITION,
        ServerStarter.secured(
            (bind, port, extra, limits, service, tls) ->
                AmqpServer.start(bind, port, options, AmqpServerMain::brokerLost, service, tls)),
        args,
        options);
  }

  /** Without its broker the server cannot serve: exit FAILED, so that scripts see it gone. */
  private static void brokerLost() {
    System.err.println(AmqpProtocol.ID + ": lost the broker; exiting");
    System.exit(ExitCode.FAILED.code());
  }
}
