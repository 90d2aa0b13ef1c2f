package io.rpcxbench.protocols.amqp;

/**
 * A broker someone else runs ({@code --broker external:HOST:PORT}): used with the credentials
 * given, never stopped.
 */
record ExternalBroker(String connectHost, int port, BrokerCredentials credentials)
    implements Broker {
  @Override
  public String how() {
    return "external at " + io.rpcxbench.serverkit.ServerCommand.hostPort(connectHost, port);
  }

  @Override
  public void close() {
    // not ours
  }
}
