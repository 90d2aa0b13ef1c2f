package io.rpcxbench.protocols.thrift;

import io.rpcxbench.protocols.thrift.wire.Bench;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * One calling thread's connection, as Thrift's users build a blocking client: a {@link TSocket} in
 * a {@link TFramedTransport}, the binary protocol, the generated {@link Bench.Client}. Not
 * thread-safe (neither is the generated client).
 */
final class CallConnection implements AutoCloseable {
  private final TFramedTransport transport;
  private final Bench.Client client;

  private CallConnection(TFramedTransport transport) {
    this.transport = transport;
    this.client = new Bench.Client(ThriftLimits.protocol(transport));
  }

  /**
   * Connects within {@code connectTimeoutMs}; every read then waits at most {@code readTimeoutMs}.
   */
  static CallConnection open(String host, int port, int connectTimeoutMs, int readTimeoutMs)
      throws TTransportException {
    TSocket socket =
        new TSocket(ThriftLimits.configuration(), host, port, readTimeoutMs, connectTimeoutMs);
    TFramedTransport transport = new TFramedTransport(socket, ThriftLimits.MAX_FRAME);
    transport.open(); // closes the socket itself when the connect fails
    return new CallConnection(transport);
  }

  Bench.Client client() {
    return client;
  }

  @Override
  public void close() {
    transport.close();
  }
}
