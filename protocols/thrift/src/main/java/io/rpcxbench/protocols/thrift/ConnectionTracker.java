package io.rpcxbench.protocols.thrift;

import io.rpcxbench.serverkit.ConnectionCap;
import io.rpcxbench.serverkit.RateLimitedLog;
import io.rpcxbench.serverkit.TlsHandshake;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLSocket;
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
 * reads. Over TLS it handshakes each new connection first, on its worker thread, within {@code
 * --handshake-deadline} ({@link TlsHandshake}): a failed or late handshake closes the socket, and
 * the worker's first read ends the connection as a clean end would.
 */
final class ConnectionTracker implements TServerEventHandler {
  private static final Logger log = LoggerFactory.getLogger(ConnectionTracker.class);

  private final Set<TSocket> connections = ConcurrentHashMap.newKeySet();
  private final int maxFrame;
  private final ConnectionCap cap;
  private final Duration handshakeDeadline;
  private final RateLimitedLog warnings = new RateLimitedLog(log);

  /**
   * @param maxFrame each socket's maximum message size
   * @param cap the server's connection cap, given back a connection as its worker ends
   * @param handshakeDeadline a TLS connection's handshake must be done within it (0: none)
   */
  ConnectionTracker(int maxFrame, ConnectionCap cap, Duration handshakeDeadline) {
    this.maxFrame = maxFrame;
    this.cap = cap;
    this.handshakeDeadline = handshakeDeadline;
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
    if (socket.isOpen() && socket.getSocket() instanceof SSLSocket tls) {
      handshake(tls);
    }
    return new Connection(socket);
  }

  /** Before the first read: TThreadPoolServer would handshake there, with no deadline. */
  private void handshake(SSLSocket tls) {
    try {
      TlsHandshake.within(tls, handshakeDeadline);
    } catch (TlsHandshake.Late e) {
      warnings.warn(
          "handshake",
          "thrift: closed the connection from {}: {}",
          tls.getRemoteSocketAddress(),
          e.getMessage());
    } catch (IOException e) {
      log.debug("thrift: TLS handshake failed: {}", e.toString());
      try {
        tls.close();
      } catch (IOException closing) {
        // closed anyway
      }
    }
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
