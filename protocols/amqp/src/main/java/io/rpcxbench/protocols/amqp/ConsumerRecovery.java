package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How {@link RequestConsumers} get their number back after losing consumers: replacements one at a
 * time on one thread, then a probe round that replaces every consumer when the broker is seen
 * keeping one that never answers, and on Qpid Broker-J a watcher of the request queue (the class
 * comment of {@link RequestConsumers} says why each is needed).
 */
final class ConsumerRecovery {
  // the server's log has always shown these lines under RequestConsumers' name
  private static final Logger log = LoggerFactory.getLogger(RequestConsumers.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

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

  private final RequestConsumers consumers;
  private final Connection connection;
  private final LinkedBlockingQueue<Runnable> replacements = new LinkedBlockingQueue<>();
  private final ExecutorService replacer =
      new ThreadPoolExecutor(
          1,
          1,
          0,
          TimeUnit.MILLISECONDS,
          replacements,
          r -> RequestConsumers.daemon(r, "amqp-consumer-replace"));
  private final AtomicBoolean probeQueued = new AtomicBoolean();
  private int repairs; // the replacing thread's only
  private volatile ScheduledExecutorService watcher;

  ConsumerRecovery(RequestConsumers consumers, Connection connection) {
    this.consumers = consumers;
    this.connection = connection;
  }

  /**
   * Starts another consumer in the place of one whose channel the server has dropped, on the
   * replacing thread (not on the dispatch thread: opening a channel waits for the broker).
   */
  void replace(Channel old) {
    replacer.execute(
        () -> {
          RequestConsumers.abort(old); // its shutdown is then ours: not replaced twice
          topUp();
        });
    queueProbe();
  }

  /**
   * On the replacing thread: new consumers until the server holds as many as it was asked for
   * again. A replacement queued before a repair that already started every consumer anew starts
   * none (CI saw 4 consumers of 2 when each started one regardless).
   */
  private void topUp() {
    while (consumers.held() < consumers.wanted() && startConsumerAgain()) {
      // one more
    }
  }

  /** One probe round after the replacements queued so far (several requests coalesce). */
  void queueProbe() {
    if (!consumers.closing() && probeQueued.compareAndSet(false, true)) {
      replacer.execute(this::probe);
    }
  }

  /**
   * On the replacing thread, once no replacement waits and none came for {@link #SETTLE_MS}: every
   * consumer gets probes; one unanswered replaces them all and probes again.
   */
  private void probe() {
    probeQueued.set(false);
    if (consumers.closing() || !connection.isOpen()) {
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
    int sent = consumers.wanted() * PROBES_PER_CONSUMER;
    int unanswered = 0;
    try (ReplyChannel probes =
        ReplyChannel.open(connection, RequestConsumers.isRabbitMq(connection), (int) PROBE_MS)) {
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
    if (unanswered == 0 && counted >= consumers.wanted()) {
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
        consumers.wanted());
    consumers.dropEveryConsumer();
    topUp();
    queueProbe();
  }

  /**
   * A new consumer, tried again while the queue vanishes between its declare and its consume; false
   * when it gave up (closing, the connection lost, another error, or {@link #REPLACE_TRIES_MS}).
   */
  private boolean startConsumerAgain() {
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REPLACE_TRIES_MS);
    while (!consumers.closing() && connection.isOpen()) {
      try {
        consumers.startConsumer();
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
   * For a broker that does not cancel the consumers of a deleted queue: looks every {@link
   * #WATCH_MS}.
   */
  void watchTheQueue() {
    ScheduledExecutorService w =
        Executors.newSingleThreadScheduledExecutor(
            r -> RequestConsumers.daemon(r, "amqp-queue-watcher"));
    watcher = w;
    w.scheduleWithFixedDelay(this::restoreIfDeleted, WATCH_MS, WATCH_MS, TimeUnit.MILLISECONDS);
  }

  /** Declares the queue again and replaces every consumer when the queue is gone. */
  private void restoreIfDeleted() {
    if (consumers.closing() || !connection.isOpen()) {
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
          consumers.dropEveryConsumer();
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

  /** Stops the watcher and the replacing thread (the caller is closing the connection). */
  public void close() {
    ScheduledExecutorService w = watcher;
    if (w != null) {
      w.shutdownNow();
    }
    replacer.shutdownNow();
  }
}
