package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of the broker, as RabbitMQ's RPC tutorial builds it: one connection, N
 * channels, each with {@code basic.qos(prefetch)} and one consumer of the request queue with manual
 * acks; a delivery is answered by {@link BenchCalls}, the reply published to its {@code reply_to}
 * with its {@code correlation_id} on the same channel, then acked. Deliveries of one channel run in
 * order on a pool of N threads, so N requests are served at once. A request without {@code
 * reply_to}, or whose {@code reply_to} is the request queue itself (it would loop), is acked and
 * dropped with a log line at most once per 10 s. A consumer whose channel the broker closes (e.g. a
 * reply to a queue that does not exist), or that the broker cancels (someone deleted the request
 * queue), is replaced: its channel is dropped and a new consumer declares the queue again on a
 * channel of its own, tried again while the queue vanishes between its declare and its consume.
 * Replacements run one at a time on one thread, and once they settle the server probes its
 * consumers ({@value ConsumerRecovery#PROBES_PER_CONSUMER} of its own hello requests per consumer,
 * each answered within {@value ConsumerRecovery#PROBE_MS} ms): under CPU load, after repeated
 * deletions, RabbitMQ was seen keeping a consumer the server holds open yet giving it every other
 * request without a delivery reaching it, or counting fewer consumers than the server holds
 * (docs/hardening.md); an unanswered probe, or fewer consumers counted than started, replaces every
 * consumer, at most {@value ConsumerRecovery#MAX_REPAIRS} times in a row. Qpid Broker-J tells its
 * consumers nothing when their queue is deleted: there a watcher looks for the queue every second
 * ({@code queue.declare passive}) and, when it is gone, replaces every consumer the same way. The
 * request queue holds at most {@value #MAX_QUEUED} requests ({@code x-max-length}; past it the
 * broker refuses the publish, {@code x-overflow=reject-publish}), so a flood cannot queue ahead of
 * honest calls without limit. Losing the connection runs {@code onLost}. The replacing, the probes
 * and the watcher are {@link ConsumerRecovery}'s.
 */
final class RequestConsumers implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RequestConsumers.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  /** Far above what the harness keeps in flight (one call per thread), far below a flood. */
  static final int MAX_QUEUED = 10_000;

  /** RabbitMQ's arguments for a bounded queue that refuses publishes past its bound. */
  static final Map<String, Object> RABBITMQ_QUEUE_ARGUMENTS =
      Map.of("x-max-length", MAX_QUEUED, "x-overflow", "reject-publish");

  /** Qpid Broker-J's names for the same (it refuses RabbitMQ's). */
  static final Map<String, Object> QPID_QUEUE_ARGUMENTS =
      Map.of("qpid.max_count", MAX_QUEUED, "qpid.policy_type", "reject");

  private final Connection connection;
  private final ExecutorService pool;
  private final int prefetch;
  private final List<Channel> consumerChannels = new CopyOnWriteArrayList<>();
  private final ConsumerRecovery recovery;
  private volatile BenchCalls calls;
  private volatile int consumers;
  private volatile boolean closing;

  private RequestConsumers(Connection connection, ExecutorService pool, int prefetch) {
    this.connection = connection;
    this.pool = pool;
    this.prefetch = prefetch;
    this.recovery = new ConsumerRecovery(this, connection);
  }

  /**
   * Connects and declares the request queue; consuming starts with {@link #consume}.
   *
   * @param onLost runs (on a thread of its own) when the connection to the broker is lost
   */
  static RequestConsumers connect(Broker broker, int consumers, int prefetch, Runnable onLost)
      throws IOException, TimeoutException {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(broker.connectHost());
    factory.setPort(broker.consumerPort());
    broker.credentials().applyTo(factory);
    factory.setAutomaticRecoveryEnabled(false);
    factory.setTopologyRecoveryEnabled(false);
    AtomicInteger n = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            consumers, r -> daemon(r, "amqp-consumer-" + n.incrementAndGet()));
    Connection connection;
    try {
      connection = factory.newConnection(pool, "rpcx-bench amqp server");
    } catch (IOException | TimeoutException | RuntimeException e) {
      pool.shutdownNow();
      throw e;
    }
    RequestConsumers server = new RequestConsumers(connection, pool, prefetch);
    connection.addShutdownListener(
        cause -> {
          if (!server.closing && !cause.isInitiatedByApplication()) {
            log.error("lost the connection to the broker: {}", cause.getMessage());
            daemon(onLost, "amqp-broker-lost").start();
          }
        });
    try (Channel admin = connection.createChannel()) {
      // transient, auto-deleted with its last consumer: no server, no queue, and the clients'
      // mandatory publishes come back at once
      declareRequestQueue(admin);
    } catch (IOException | TimeoutException | RuntimeException e) {
      server.close();
      throw e;
    }
    return server;
  }

  /** Transient, auto-deleted with its last consumer, bounded in the broker's own terms. */
  private static void declareRequestQueue(Channel channel) throws IOException {
    Map<String, Object> arguments =
        isRabbitMq(channel.getConnection()) ? RABBITMQ_QUEUE_ARGUMENTS : QPID_QUEUE_ARGUMENTS;
    channel.queueDeclare(AmqpWire.REQUEST_QUEUE, false, false, true, arguments);
  }

  /** RabbitMQ cancels the consumers of a deleted queue; Qpid Broker-J does not. */
  static boolean isRabbitMq(Connection connection) {
    return String.valueOf(connection.getServerProperties().get("product")).contains("RabbitMQ");
  }

  /** The broker's server properties (product, version, capabilities). */
  Map<String, Object> serverProperties() {
    return connection.getServerProperties();
  }

  /** Starts the consumers; returns once every one is registered with the broker. */
  void consume(int consumers, BenchCalls calls) throws IOException {
    this.calls = calls;
    this.consumers = consumers;
    for (int i = 0; i < consumers; i++) {
      startConsumer();
    }
    if (!isRabbitMq(connection)) {
      recovery.watchTheQueue();
    }
  }

  /** A new consumer on a channel of its own, held with the others. */
  void startConsumer() throws IOException {
    Channel channel = connection.createChannel();
    try {
      declareRequestQueue(channel); // again: it may have been deleted
      channel.basicQos(prefetch);
      channel.basicConsume(AmqpWire.REQUEST_QUEUE, false, new RequestConsumer(channel));
    } catch (IOException | RuntimeException e) {
      abort(channel);
      throw e;
    }
    consumerChannels.add(channel);
  }

  /** Drops a consumer's channel; {@link ConsumerRecovery} starts another in its place. */
  private void replace(Channel old) {
    consumerChannels.remove(old);
    recovery.replace(old);
  }

  /** The consumers asked for ({@link #consume}). */
  int wanted() {
    return consumers;
  }

  /** The consumers the server holds now. */
  int held() {
    return consumerChannels.size();
  }

  /** Whether the server is closing: nothing is replaced any more. */
  boolean closing() {
    return closing;
  }

  /** Every consumer the server holds, its channel closed (its shutdown is ours: no replacement). */
  void dropEveryConsumer() {
    for (Channel channel : List.copyOf(consumerChannels)) {
      consumerChannels.remove(channel);
      abort(channel);
    }
  }

  /**
   * For tests: one more consumer of the request queue, held like the others, that takes requests
   * and never answers (what the broker was seen doing under load), then the probes.
   */
  void addSilentConsumerForTest() throws IOException {
    Channel channel = connection.createChannel();
    channel.basicQos(prefetch);
    channel.basicConsume(AmqpWire.REQUEST_QUEUE, false, new DefaultConsumer(channel));
    consumerChannels.add(channel);
    recovery.queueProbe();
  }

  /**
   * For tests: the consumers' connection lost as the broker's 404 on a consume lost it (the client
   * library's own path for a connection that failed: its shutdown listeners run, not initiated by
   * the application).
   */
  void loseTheConnectionForTest() {
    ((com.rabbitmq.client.impl.AMQConnection) connection)
        .handleIoError(new IOException("test: the broker closed the connection"));
  }

  /** A daemon thread (none of the server's threads keeps the JVM alive), not yet started. */
  static Thread daemon(Runnable task, String name) {
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    return t;
  }

  static void abort(Channel channel) {
    try {
      channel.abort();
    } catch (IOException | RuntimeException e) {
      // closing anyway
    }
  }

  @Override
  public void close() {
    closing = true;
    recovery.close();
    connection.abort(5_000);
    pool.shutdownNow();
  }

  /** One channel's consumer. */
  private final class RequestConsumer extends DefaultConsumer {
    RequestConsumer(Channel channel) {
      super(channel);
    }

    @Override
    public void handleDelivery(
        String tag, Envelope envelope, AMQP.BasicProperties request, byte[] body) {
      Channel channel = getChannel();
      try {
        String replyTo = request.getReplyTo();
        if (replyTo == null || replyTo.isEmpty()) {
          warnings.warn(
              "no-reply-to",
              "dropped a request without reply_to (type {}, {} bytes)",
              request.getType(),
              body.length);
        } else if (replyTo.equals(AmqpWire.REQUEST_QUEUE)) {
          warnings.warn(
              "reply-loop",
              "dropped a request whose reply_to is the request queue (type {})",
              request.getType());
        } else {
          BenchCalls.Reply reply = calls.answer(request.getType(), body);
          AMQP.BasicProperties properties =
              new AMQP.BasicProperties.Builder()
                  .correlationId(request.getCorrelationId())
                  .type(reply.errorType())
                  .build();
          channel.basicPublish("", replyTo, properties, reply.body());
        }
        channel.basicAck(envelope.getDeliveryTag(), false);
      } catch (IOException | RuntimeException e) {
        // the channel is closing (its shutdown replaces it) or the broker went away
        warnings.warn(
            "answer", "could not answer a {} request: {}", request.getType(), e.toString());
      }
    }

    /** The broker cancelled this consumer: the request queue was deleted. */
    @Override
    public void handleCancel(String tag) {
      if (closing) {
        return;
      }
      warnings.warn(
          "cancelled", "the request queue was deleted; declaring it again and consuming anew");
      replace(getChannel());
    }

    @Override
    public void handleShutdownSignal(String tag, ShutdownSignalException cause) {
      if (closing
          || cause.isHardError()
          || cause.isInitiatedByApplication()
          || !connection.isOpen()) {
        consumerChannels.remove(getChannel());
        return;
      }
      warnings.warn(
          "channel",
          "the broker closed a consumer channel ({}); opening another",
          cause.getMessage());
      replace(getChannel());
    }
  }
}
