package io.rpcxbench.protocols.thrift;

import io.rpcxbench.serverkit.ConnectionCap;
import java.io.IOException;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.server.ServerContext;
import org.apache.thrift.server.TServerEventHandler;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.layered.TLayeredTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's hooks into {@code TThreadPoolServer}: bounds each accepted socket's message size
 * (libthrift gives accepted sockets its 100 MB default), and keeps the connections being served so
 * that a graceful stop can end them, which the server itself cannot: its workers sit in blocking
 * reads.
 */
final class ConnectionTracker implements TServerEventHandler {
  private static final Logger log = LoggerFactory.getLogger(ConnectionTracker.class);

  private final Set<TSocket> connections = ConcurrentHashMap.newKeySet();
  private final int maxFrame;
  private final ConnectionCap cap;

  /**
   * @param maxFrame each socket's maximum message size
   * @param cap the server's connection cap, given back a connection as its worker ends
   */
  ConnectionTracker(int maxFrame, ConnectionCap cap) {
    this.maxFrame = maxFrame;
    this.cap = cap;
  }

  /** A connection's context: its socket. */
  private record Connection(TSocket socket) implements ServerContext {
    @Override
    public <T> T unwrap(Class<T> iface) {
      if (!isWrapperFor(iface)) {
        throw new IllegalArgumentException("not a " + iface);
      }
      return iface.cast(this);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return iface.isInstance(this);
    }
  }

  @Override
  public void preServe() {
    // ThriftServer.start waits for isServing(), which comes after the server's own preparations
  }

  @Override
  public ServerContext createContext(TProtocol input, TProtocol output) {
    TSocket socket = socketOf(input.getTransport());
    if (socket == null) {
      return null;
    }
    try {
      socket.getConfiguration().setMaxMessageSize(maxFrame);
      socket.updateKnownMessageSize(0); // 0: start counting again, against the new maximum
    } catch (TException e) {
      log.warn("cannot bound the message size: {}", e.toString());
      socket.close();
    }
    connections.add(socket);
    return new Connection(socket);
  }

  @Override
  public void deleteContext(ServerContext context, TProtocol input, TProtocol output) {
    if (context instanceof Connection connection) {
      connections.remove(connection.socket());
    }
    cap.closed();
  }

  @Override
  public void processContext(ServerContext context, TTransport input, TTransport output) {
    // nothing per call
  }

  /** Graceful: the call being served completes, and the worker's next read sees the end. */
  void finishAll() {
    for (TSocket connection : connections) {
      if (!connection.isOpen()) {
        continue; // getSocket() would make a new, unconnected one
      }
      Socket socket = connection.getSocket();
      try {
        socket.shutdownInput();
      } catch (IOException e) {
        connection.close();
      }
    }
  }

  /** Closes what is left at once. */
  void abortAll() {
    connections.forEach(TSocket::close);
  }

  private static TSocket socketOf(TTransport transport) {
    TTransport inner = transport;
    while (inner instanceof TLayeredTransport layered) {
      inner = layered.getInnerTransport();
    }
    return inner instanceof TSocket socket ? socket : null;
  }
}
