package io.rpcxbench.protocols.amqp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.serverkit.ServerTls;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server side of AMQP request/reply: a broker ({@link Broker}) and the consumers of its request
 * queue ({@link RequestConsumers}). It is running (and the kit prints the ready line) once the
 * broker accepts connections and every consumer is registered; clients connect to the broker's
 * port, which {@link #port()} returns.
 *
 * <pre>{@code
 * try (RunningServer server = AmqpServer.start("127.0.0.1", 0,
 *     AmqpServerOptions.on(BrokerMode.EMBEDDED), () -> {})) {
 *   int brokerPort = server.port();
 * }
 * }</pre>
 */
final class AmqpServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(AmqpServer.class);

  /** Connections tried, a second apart, after the consumers' connection was lost. */
  static final int RECONNECT_TRIES = 3;

  private final Broker broker;
  private final java.util.concurrent.Callable<RequestConsumers> connector;
  private volatile RequestConsumers consumers;
  private boolean closed;

  private AmqpServer(
      Broker broker,
      RequestConsumers consumers,
      java.util.concurrent.Callable<RequestConsumers> connector) {
    this.broker = broker;
    this.consumers = consumers;
    this.connector = connector;
  }

  /**
   * The consumers' connection was lost while the broker may still be up: Qpid Broker-J closes the
   * whole connection (404, a connection error) when a consume meets a request queue an attacker
   * deleted again a moment before, and the server exited for it (CI, issue 59's attack table). A
   * new connection and its consumers, tried {@link #RECONNECT_TRIES} times a second apart.
   *
   * @return false when none could be made (the broker is gone): the caller's onLost then runs
   */
  boolean reconnect() {
    for (int attempt = 1; attempt <= RECONNECT_TRIES; attempt++) {
      try {
        RequestConsumers fresh = connector.call();
        RequestConsumers old;
        synchronized (this) {
          if (closed) {
            fresh.close();
            return true;
          }
          old = consumers;
          consumers = fresh;
        }
        old.close();
        log.warn("the connection to the broker was lost; a new one serves (try {})", attempt);
        return true;
      } catch (Exception e) {
        log.warn(
            "the connection to the broker was lost; a new one failed (try {}): {}",
            attempt,
            e.toString());
      }
      synchronized (this) {
        if (closed) {
          return true;
        }
      }
      try {
        Thread.sleep(1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return false;
  }

  /**
   * Starts (or, for an external broker, reaches) the broker, then the consumers.
   *
   * @param onLost runs when the broker or the connection to it is lost while serving
   * @throws java.net.BindException when a broker of ours cannot have the port
   */
  static AmqpServer start(String bind, int port, AmqpServerOptions options, Runnable onLost)
      throws Exception {
    return start(bind, port, options, onLost, new BenchLogic());
  }

  /**
   * As above, serving the server kit's service. A chain gateway needs a broker of its own, as do
   * its services: on a shared (external) broker they would all consume one request queue. So
   * anything but plain logic is refused there.
   *
   * @throws ServerStarter.RefusedService for work or a gateway on an external broker
   */
  static AmqpServer start(
      String bind, int port, AmqpServerOptions options, Runnable onLost, BenchService service)
      throws Exception {
    return start(bind, port, options, onLost, service, null);
  }

  /**
   * As above, the broker's port AMQPS only with {@code tls} (not null; for mTLS it requires client
   * certificates signed by its CA); the consumers then reach the broker by a plaintext listener on
   * 127.0.0.1.
   *
   * @throws ServerStarter.RefusedService for TLS on an external broker (its TLS is not ours)
   */
  static AmqpServer start(
      String bind,
      int port,
      AmqpServerOptions options,
      Runnable onLost,
      BenchService service,
      ServerTls tls)
      throws Exception {
    BrokerMode mode = options.broker.resolved();
    if (tls != null && mode.kind() == BrokerMode.Kind.EXTERNAL) {
      throw new ServerStarter.RefusedService(
          "--tls-cert, --tls-key and --tls-client-ca are for a broker of this server's own"
              + " (--broker rabbitmq|embedded): an external broker's TLS is set up by whoever"
              + " runs it");
    }
    if (mode.kind() == BrokerMode.Kind.EXTERNAL && !(service instanceof BenchLogic)) {
      throw new ServerStarter.RefusedService(
          "--work and --chain-to need a broker of this server's own (--broker rabbitmq|embedded):"
              + " on a shared broker a chain's gateway and services would consume one queue");
    }
    if (options.credentialsFile != null && mode.kind() != BrokerMode.Kind.EXTERNAL) {
      throw new ServerStarter.RefusedService(
          "--credentials is for --broker external:HOST:PORT: a broker of this server's own"
              + " accepts only the user of "
              + BrokerCredentials.file());
    }
    CleartextLogin cleartext = options.cleartextLogin();
    if (mode.kind() != BrokerMode.Kind.EXTERNAL) {
      Optional<String> refusal = cleartext.refusal(bind, tls != null);
      if (refusal.isPresent()) {
        throw new ServerStarter.RefusedService(refusal.get());
      }
    }
    String cleartextNote =
        mode.kind() == BrokerMode.Kind.EXTERNAL ? "" : cleartext.note(bind, tls != null);
    if (!cleartextNote.isEmpty()) {
      log.warn("the broker's password crosses the network in clear{}", cleartextNote);
    }
    Broker broker =
        switch (mode.kind()) {
          case RABBITMQ -> RabbitMqBroker.start(bind, port, tls, onLost);
          case EMBEDDED -> QpidBroker.start(bind, port, tls);
          case EXTERNAL ->
              new ExternalBroker(mode.host(), mode.port(), options.externalCredentials());
          case AUTO -> throw new IllegalStateException("auto is resolved above");
        };
    try {
      java.util.concurrent.atomic.AtomicReference<AmqpServer> started =
          new java.util.concurrent.atomic.AtomicReference<>();
      Runnable lost =
          () -> {
            AmqpServer server = started.get();
            if (server == null || !server.reconnect()) {
              onLost.run();
            }
          };
      BenchCalls calls = new BenchCalls(service, about(broker, options) + cleartextNote);
      java.util.concurrent.Callable<RequestConsumers> connector =
          () -> {
            RequestConsumers c =
                RequestConsumers.connect(broker, options.consumers, options.prefetch, lost);
            try {
              c.consume(options.consumers, calls);
            } catch (Exception e) {
              c.close();
              throw e;
            }
            return c;
          };
      RequestConsumers consumers = connector.call();
      Map<String, Object> properties = consumers.serverProperties();
      log.info(
          "serving through {} {}: {}",
          properties.get("product"),
          properties.get("version"),
          calls.about());
      AmqpServer server = new AmqpServer(broker, consumers, connector);
      started.set(server);
      return server;
    } catch (Exception e) {
      broker.close();
      throw e;
    }
  }

  /** The server's settings, the answer to the {@code about} method (the client's describe()). */
  private static String about(Broker broker, AmqpServerOptions options) {
    return options.consumers
        + " consumer channels on 1 connection, prefetch "
        + options.prefetch
        + " each, ack after the reply is published; broker "
        + broker.how();
  }

  @Override
  public int port() {
    return broker.port();
  }

  /** The consumers, for tests that make one silent. */
  RequestConsumers consumers() {
    return consumers;
  }

  /** The broker, for tests that stop or kill it under the consumers. */
  @Override
  public java.util.Optional<String> tlsStack() {
    return broker.tlsStack();
  }

  Broker broker() {
    return broker;
  }

  /** Closes the consumers' connection (unacked requests go back to the queue), then the broker. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      consumers.close();
    } finally {
      broker.close();
    }
  }
}
