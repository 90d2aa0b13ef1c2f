package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.ConnectionCap;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLServerSocket;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The benchmark service on libthrift's {@link TThreadPoolServer}: framed transport, binary
 * protocol, one worker thread per connection.
 *
 * <p>Why TThreadPoolServer and not THsHaServer: Thrift's docs advise a thread-pool server for
 * blocking clients, and the client keeps one blocking socket per calling thread; a worker per
 * connection then reads, calls and writes on one thread, where THsHaServer would hand every call
 * from its selector thread to a worker and back (two thread hops per call on a 2-vCPU box). It is
 * the same model as tcp-protobuf's server, so the two differ only in Thrift's encoding and code.
 *
 * <pre>{@code
 * try (ThriftServer server = ThriftServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class ThriftServer implements RunningServer {
  /** The model, as the server's log line and the client's describe() name it. */
  static final String MODEL = "TThreadPoolServer, 1 worker thread per connection";

  private static final Logger log = LoggerFactory.getLogger(ThriftServer.class);
  private static final int BACKLOG = 1024;
  private static final int MAX_CONNECTIONS = 4096;
  private static final int GRACE_SECONDS = 5;

  private final TServerSocket listener;
  private final ConnectionTracker connections;
  private final TThreadPoolServer server;
  private final Thread serving;
  private volatile boolean closed;

  private ThriftServer(
      TServerSocket listener, ServerLimits limits, ConnectionCap cap, BenchService service) {
    this.listener = listener;
    int maxFrame = limits.maxFrameBytes(ThriftLimits.MAX_FRAME);
    this.connections = new ConnectionTracker(maxFrame, cap, limits.handshakeDeadline());
    AtomicInteger n = new AtomicInteger();
    // Threads are made on demand and live 60 s idle; the cap only stops a runaway.
    ThreadPoolExecutor workers =
        new ThreadPoolExecutor(
            0,
            limits.hasMaxConnections() ? limits.maxConnections() + 1 : MAX_CONNECTIONS,
            60,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            task -> new Thread(task, "thrift-conn-" + n.incrementAndGet()));
    this.server =
        new TThreadPoolServer(
            new TThreadPoolServer.Args(listener)
                .processor(new QuietProcessor(MessageProcessor.of(service)))
                .transportFactory(
                    new InKindTransport.Factory(
                        new ArrivingFramedTransport.Factory(limits, maxFrame)))
                .protocolFactory(ThriftLimits.protocolFactory())
                .executorService(workers)
                .stopTimeoutVal(GRACE_SECONDS)
                .stopTimeoutUnit(TimeUnit.SECONDS));
    server.setServerEventHandler(connections);
    this.serving = new Thread(server::serve, "thrift-accept");
  }

  /**
   * Binds and returns once the server accepts connections.
   *
   * @throws TTransportException with a {@link java.net.BindException} cause when the port is busy
   */
  public static ThriftServer start(String bindAddress, int port) throws Exception {
    return start(bindAddress, port, ServerLimits.defaults());
  }

  /**
   * Binds with the server kit's limits: the cap at accept, the idle timeout as the accepted
   * sockets' read timeout (Thrift's {@code clientTimeout}), the frame limit as the framed
   * transport's and the socket's maximum message size.
   *
   * @throws TTransportException with a {@link java.net.BindException} cause when the port is busy
   */
  public static ThriftServer start(String bindAddress, int port, ServerLimits limits)
      throws Exception {
    return start(bindAddress, port, limits, new BenchLogic());
  }

  /** As {@link #start(String, int, ServerLimits)}, serving the server kit's service. */
  public static ThriftServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service) throws Exception {
    return start(bindAddress, port, limits, service, null);
  }

  /**
   * As {@link #start(String, int, ServerLimits, BenchService)}, serving TLS only when {@code tls}
   * is given: an {@link SSLServerSocket} of the kit's PEM files under the {@code TServerSocket}
   * (what Thrift's {@code TSSLTransportFactory.getServerSocket} builds from a keystore), client
   * certificates required for mTLS; each connection's handshake runs first on its worker thread,
   * within {@code --handshake-deadline}.
   */
  public static ThriftServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    ConnectionCap cap = new ConnectionCap(ThriftProtocol.ID, limits.maxConnections());
    TServerSocket.ServerSocketTransportArgs args =
        new TServerSocket.ServerSocketTransportArgs()
            .bindAddr(new InetSocketAddress(InetAddress.getByName(bindAddress), port))
            .backlog(BACKLOG);
    if (tls != null) {
      SSLServerSocket socket =
          (SSLServerSocket)
              tls.sslContext()
                  .getServerSocketFactory()
                  .createServerSocket(port, BACKLOG, InetAddress.getByName(bindAddress));
      socket.setNeedClientAuth(tls.mutual());
      args.serverSocket(socket);
    }
    if (limits.hasIdleTimeout()) {
      args.clientTimeout((int) Math.min(Integer.MAX_VALUE, limits.idleTimeout().toMillis()));
    }
    TServerSocket listener = new CappedServerSocket(args, cap);
    ThriftServer server = new ThriftServer(listener, limits, cap, service);
    server.serving.start();
    server.awaitServing();
    log.info(
        "thrift server on port {} ({}, framed transport, binary protocol{}; {})",
        server.port(),
        MODEL,
        tls == null ? "" : ", " + (tls.mutual() ? "mTLS" : "TLS") + " only (SSLServerSocket)",
        limits.describe());
    return server;
  }

  /** Closes accepted sockets past the cap before a worker thread is spent on them. */
  private static final class CappedServerSocket extends TServerSocket {
    private final ConnectionCap cap;

    CappedServerSocket(ServerSocketTransportArgs args, ConnectionCap cap)
        throws TTransportException {
      super(args);
      this.cap = cap;
    }

    @Override
    public TSocket accept() throws TTransportException {
      while (true) {
        TSocket socket = super.accept();
        if (cap.tryOpen()) {
          return socket; // ConnectionTracker.deleteContext gives it back
        }
        socket.close();
      }
    }
  }

  @Override
  public int port() {
    return listener.getServerSocket().getLocalPort();
  }

  /**
   * Waits until serve() has set up: a stop() before that would be undone (serve() clears the stop
   * flag as it starts).
   */
  private void awaitServing() throws InterruptedException {
    while (!server.isServing()) {
      if (!serving.isAlive()) {
        listener.close();
        throw new IllegalStateException("the Thrift server stopped before serving");
      }
      Thread.sleep(1);
    }
  }

  /**
   * Stops accepting, lets every connection finish the call it is serving (its next read sees the
   * end of the stream), waits up to a few seconds for the workers, then closes what is left.
   * Idempotent.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    server.stop();
    connections.finishAll();
    try {
      serving.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    connections.abortAll();
    listener.close();
  }
}
