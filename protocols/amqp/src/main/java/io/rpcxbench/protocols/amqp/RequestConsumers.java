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
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * consumers ({@value #PROBES_PER_CONSUMER} of its own hello requests per consumer, each answered
 * within {@value #PROBE_MS} ms): under CPU load, after repeated deletions, RabbitMQ was seen
 * keeping a consumer the server holds open yet giving it every other request without a delivery
 * reaching it, or counting fewer consumers than the server holds (docs/hardening.md); an unanswered
 * probe, or fewer consumers counted than started, replaces every consumer, at most {@value
 * #MAX_REPAIRS} times in a row. Qpid Broker-J tells its consumers nothing when their queue is
 * deleted: there a watcher looks for the queue every second ({@code queue.declare passive}) and,
 * when it is gone, replaces every consumer the same way. The request queue holds at most {@value
 * #MAX_QUEUED} requests ({@code x-max-length}; past it the broker refuses the publish, {@code
 * x-overflow=reject-publish}), so a flood cannot queue ahead of honest calls without limit. Losing
 * the connection runs {@code onLost}.
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

  /** How often the watcher of a broker without consumer cancel notifications looks. */
  static final long WATCH_MS = 1_000;

  /** A replacement consumer tries this long while the queue keeps vanishing under it. */
  static final long REPLACE_TRIES_MS = 30_000;

  private static final long RETRY_MS = 50;

  /** Probes per consumer once replacements settle (round robin gives each consumer some). */
  static final int PROBES_PER_CONSUMER = 2;

  /** How long a probe waits for its answer. */
  static final long PROBE_MS = 1_000;

  /** How long replacements must have been quiet before the probes. */
  static final long SETTLE_MS = 200;

  /** Replacing every consumer this many times in a row without a quiet probe round: give up. */
  static final int MAX_REPAIRS = 3;

  private final Connection connection;
  private final ExecutorService pool;
  private final int prefetch;
  private final List<Channel> consumerChannels = new CopyOnWriteArrayList<>();
  private final LinkedBlockingQueue<Runnable> replacements = new LinkedBlockingQueue<>();
  private final ExecutorService replacer =
      new ThreadPoolExecutor(
          1, 1, 0, TimeUnit.MILLISECONDS, replacements, r -> daemon(r, "amqp-consumer-replace"));
  private final AtomicBoolean probeQueued = new AtomicBoolean();
  private int repairs; // the replacing thread's only
  private volatile ScheduledExecutorService watcher;
  private volatile BenchCalls calls;
  private volatile int consumers;
  private volatile boolean closing;

  private RequestConsumers(Connection connection, ExecutorService pool, int prefetch) {
    this.connection = connection;
    this.pool = pool;
    this.prefetch = prefetch;
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
  private static boolean isRabbitMq(Connection connection) {
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
      watchTheQueue();
    }
  }

  private void startConsumer() throws IOException {
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

  /**
   * Drops a consumer's channel and starts another consumer in its place, on the replacing thread
   * (not on the dispatch thread: opening a channel waits for the broker).
   */
  private void replace(Channel old) {
    consumerChannels.remove(old);
    replacer.execute(
        () -> {
          abort(old); // its shutdown is then ours: not replaced twice
          topUp();
        });
    queueProbe();
  }

  /**
   * On the replacing thread: new consumers until the server holds {@link #consumers} again. A
   * replacement queued before a repair that already started every consumer anew starts none (CI saw
   * 4 consumers of 2 when each started one regardless).
   */
  private void topUp() {
    while (consumerChannels.size() < consumers && startConsumerAgain()) {
      // one more
    }
  }

  /** One probe round after the replacements queued so far (several requests coalesce). */
  private void queueProbe() {
    if (!closing && probeQueued.compareAndSet(false, true)) {
      replacer.execute(this::probe);
    }
  }

  /**
   * On the replacing thread, once no replacement waits and none came for {@link #SETTLE_MS}: every
   * consumer gets probes; one unanswered replaces them all and probes again.
   */
  private void probe() {
    probeQueued.set(false);
    if (closing || !connection.isOpen()) {
      return;
    }
    if (!replacements.isEmpty()) {
      queueProbe(); // after them
      return;
    }
    try {
      Thread.sleep(SETTLE_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (!replacements.isEmpty()) {
      queueProbe();
      return;
    }
    int counted;
    try (Channel look = connection.createChannel()) {
      counted = look.queueDeclarePassive(AmqpWire.REQUEST_QUEUE).getConsumerCount();
    } catch (IOException | TimeoutException | RuntimeException e) {
      return; // the queue went again: its replacements probe after them
    }
    int sent = consumers * PROBES_PER_CONSUMER;
    int unanswered = 0;
    try (ReplyChannel probes =
        ReplyChannel.open(connection, isRabbitMq(connection), (int) PROBE_MS)) {
      for (int i = 0; i < sent; i++) {
        try {
          probes.call(AmqpWire.HELLO, AmqpWire.optionalText("probe"));
        } catch (TimeoutException e) {
          unanswered++;
        }
      }
    } catch (IOException | RuntimeException e) {
      // the queue went again (its replacements probe after them), or the connection
      return;
    }
    if (unanswered == 0 && counted >= consumers) {
      repairs = 0;
      return;
    }
    if (repairs++ >= MAX_REPAIRS) {
      log.error(
          "{} of {} probes unanswered after replacing every consumer {} times: giving up (another"
              + " consumer of the request queue?)",
          unanswered,
          sent,
          MAX_REPAIRS);
      return;
    }
    warnings.warn(
        "silent",
        "after the request queue came back: {} of {} probes unanswered, the broker counts {} of"
            + " our {} consumers; replacing every consumer",
        unanswered,
        sent,
        counted,
        consumers);
    dropEveryConsumer();
    topUp();
    queueProbe();
  }

  /** Every consumer the server holds, its channel closed (its shutdown is ours: no replacement). */
  private void dropEveryConsumer() {
    for (Channel channel : List.copyOf(consumerChannels)) {
      consumerChannels.remove(channel);
      abort(channel);
    }
  }

  /**
   * A new consumer, tried again while the queue vanishes between its declare and its consume; false
   * when it gave up (closing, the connection lost, another error, or {@link #REPLACE_TRIES_MS}).
   */
  private boolean startConsumerAgain() {
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REPLACE_TRIES_MS);
    while (!closing && connection.isOpen()) {
      try {
        startConsumer();
        return true;
      } catch (IOException | RuntimeException e) {
        if (!queueNotFound(e) || System.nanoTime() > until) {
          log.error("could not replace a consumer of the request queue: {}", e.toString());
          return false;
        }
      }
      try {
        Thread.sleep(RETRY_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return false;
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
    queueProbe();
  }

  /** A daemon thread (none of the server's threads keeps the JVM alive), not yet started. */
  private static Thread daemon(Runnable task, String name) {
    Thread t = new Thread(task, name);
    t.setDaemon(true);
    return t;
  }

  private static void abort(Channel channel) {
    try {
      channel.abort();
    } catch (IOException | RuntimeException e) {
      // closing anyway
    }
  }

  private void watchTheQueue() {
    ScheduledExecutorService w =
        Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "amqp-queue-watcher"));
    watcher = w;
    w.scheduleWithFixedDelay(this::restoreIfDeleted, WATCH_MS, WATCH_MS, TimeUnit.MILLISECONDS);
  }

  /** Declares the queue again and replaces every consumer when the queue is gone. */
  private void restoreIfDeleted() {
    if (closing || !connection.isOpen()) {
      return;
    }
    try (Channel look = connection.createChannel()) {
      look.queueDeclarePassive(AmqpWire.REQUEST_QUEUE);
      return; // still there
    } catch (IOException | TimeoutException | RuntimeException e) {
      if (!queueNotFound(e)) {
        warnings.warn("watch", "could not look for the request queue: {}", e.toString());
        return;
      }
    }
    warnings.warn(
        "deleted", "the request queue was deleted; declaring it again and consuming anew");
    replacer.execute(
        () -> {
          dropEveryConsumer();
          topUp(); // a replacement that gave up before included
        });
    queueProbe();
  }

  /** A passive declare of a missing queue closes the channel with 404 NOT_FOUND. */
  private static boolean queueNotFound(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof ShutdownSignalException s
          && s.getReason() instanceof AMQP.Channel.Close close
          && close.getReplyCode() == AMQP.NOT_FOUND) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    closing = true;
    ScheduledExecutorService w = watcher;
    if (w != null) {
      w.shutdownNow();
    }
    replacer.shutdownNow();
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
