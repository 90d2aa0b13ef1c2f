package io.rpcxbench.protocols.amqp;

/** The AMQP broker a server consumes from: one it started itself, or someone else's. */
interface Broker extends AutoCloseable {
  /** Where the server's consumer connects: loopback for a broker on a wildcard address. */
  String connectHost();

  /** The AMQP port, the one clients connect to. */
  int port();

  /** How it runs, for the server's description, e.g. "a child process (node ...)". */
  String how();

  /** Stops it if this server started it, and removes its files; idempotent. */
  @Override
  void close();
}
