package io.rpcxbench.spi;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One blocking connection per calling thread, for clients whose users keep a socket per thread (the
 * raw socket protocols, Thrift's generated client): opened on the thread's first call or after its
 * last connection failed, all closed by {@link #close()}.
 *
 * <pre>{@code
 * PerThreadConnections<CallSocket> sockets =
 *     new PerThreadConnections<>(() -> CallSocket.connect(host, port, connectMs, callMs));
 * CallSocket socket = sockets.mine();      // this thread's, opened if needed
 * try { ... } catch (IOException e) { sockets.discard(socket); throw ...; }
 * }</pre>
 *
 * @param <C> the connection
 */
public final class PerThreadConnections<C extends AutoCloseable> implements AutoCloseable {
  /** Opens one connection. */
  @FunctionalInterface
  public interface Opener<C> {
    C open() throws IOException;
  }

  /** A call after {@link #close()}. */
  public static final class ClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    ClosedException() {
      super("client closed");
    }
  }

  private final Opener<C> opener;
  private final ThreadLocal<C> mine = new ThreadLocal<>();
  private final Set<C> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  public PerThreadConnections(Opener<C> opener) {
    this.opener = opener;
  }

  /**
   * This thread's connection, opened on its first call or after the last one was discarded.
   *
   * @throws ClosedException after {@link #close()}
   * @throws IOException when it cannot be opened
   */
  public C mine() throws IOException {
    if (closed) {
      throw new ClosedException();
    }
    C connection = mine.get();
    if (connection != null) {
      return connection;
    }
    connection = opener.open();
    open.add(connection);
    if (closed) { // close() ran while this one opened: it may have missed it
      discard(connection);
      throw new ClosedException();
    }
    mine.set(connection);
    return connection;
  }

  /** Closes a connection that failed; this thread's next {@link #mine()} opens a fresh one. */
  public void discard(C connection) {
    if (mine.get() == connection) {
      mine.remove();
    }
    open.remove(connection);
    closeQuietly(connection);
  }

  /** Closes every connection; later calls get {@link ClosedException}. Idempotent. */
  @Override
  public void close() {
    closed = true;
    for (C connection : open) {
      open.remove(connection);
      closeQuietly(connection);
    }
  }

  private static void closeQuietly(AutoCloseable connection) {
    try {
      connection.close();
    } catch (Exception e) {
      // discarded anyway
    }
  }
}
