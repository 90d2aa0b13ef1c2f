package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 30's attacker: an authenticated client (this host's {@link BrokerCredentials}, as anyone
 * who has the file) on a raw amqp-client, which does what no client of ours does: deletes the
 * request queue, publishes requests without {@code reply_to} or with {@code reply_to} the request
 * queue itself, floods the queue.
 */
final class AmqpAttacker implements AutoCloseable {
  private final Connection connection;

  AmqpAttacker(int port) throws IOException, TimeoutException {
    this.connection =
        factory(port, BrokerCredentials.read().orElseThrow()).newConnection("attacker");
  }

  /** A factory for the broker on loopback, as {@code credentials}; no recovery. */
  static ConnectionFactory factory(int port, BrokerCredentials credentials) {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(port);
    factory.setConnectionTimeout(5_000);
    factory.setHandshakeTimeout(5_000);
    factory.setAutomaticRecoveryEnabled(false);
    factory.setTopologyRecoveryEnabled(false);
    credentials.applyTo(factory);
    return factory;
  }

  /** The requests waiting in the request queue; -1 when there is no such queue. */
  int queueDepth() throws IOException, TimeoutException {
    try (Channel look = connection.createChannel()) {
      return look.queueDeclarePassive(AmqpWire.REQUEST_QUEUE).getMessageCount();
    } catch (IOException e) {
      if (e.getCause() instanceof ShutdownSignalException s
          && s.getReason() instanceof AMQP.Channel.Close close
          && close.getReplyCode() == AMQP.NOT_FOUND) {
        return -1;
      }
      throw e;
    }
  }

  /**
   * Waits until the request queue is empty (the consumers worked through what was published), at
   * most {@code maxMillis}; returns how long it took, or -1 if it never was empty.
   */
  long awaitDrained(long maxMillis) throws Exception {
    long start = System.nanoTime();
    while ((System.nanoTime() - start) / 1_000_000 < maxMillis) {
      if (queueDepth() == 0) {
        return (System.nanoTime() - start) / 1_000_000;
      }
      Thread.sleep(50); // the drain is measured: how long it took is the attack table's figure
    }
    return -1;
  }

  /** {@code queue.delete bench.requests}. */
  void deleteRequestQueue() throws IOException, TimeoutException {
    try (Channel channel = connection.createChannel()) {
      channel.queueDelete(AmqpWire.REQUEST_QUEUE);
    }
  }

  /**
   * Starts publishing {@code count} hello requests to the request queue as fast as the broker takes
   * them, on a thread of its own, with publisher confirms to count what the broker refused. They
   * are mandatory, as the client's: Qpid Broker-J confirms (acks) a publish its full queue
   * discarded unless it is mandatory (then a nack and a return); RabbitMQ nacks it either way.
   *
   * @param replyTo the requests' {@code reply_to}; null for none
   */
  Flood flood(int count, String replyTo) {
    Flood flood = new Flood(connection, count, replyTo);
    flood.thread.start();
    return flood;
  }

  @Override
  public void close() {
    connection.abort(2_000);
  }

  /** Requests being published; {@link #close()} stops it and waits for its thread. */
  static final class Flood implements AutoCloseable {
    private final Connection connection;
    private final int count;
    private final String replyTo;
    private final Thread thread;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final NavigableSet<Long> unconfirmed = new ConcurrentSkipListSet<>();
    final AtomicLong published = new AtomicLong();
    final AtomicLong acked = new AtomicLong();
    final AtomicLong nacked = new AtomicLong();
    final AtomicLong channelsClosedByBroker = new AtomicLong();
    private volatile long millis;

    private Flood(Connection connection, int count, String replyTo) {
      this.connection = connection;
      this.count = count;
      this.replyTo = replyTo;
      this.thread = new Thread(this::run, "attacker-flood");
      thread.setDaemon(true);
    }

    private void run() {
      long start = System.nanoTime();
      AMQP.BasicProperties properties =
          new AMQP.BasicProperties.Builder().type("hello").replyTo(replyTo).build();
      byte[] body = AmqpWire.optionalText("flood");
      while (!stop.get() && published.get() < count && connection.isOpen()) {
        try (Channel channel = confirming()) {
          while (!stop.get() && published.get() < count) {
            unconfirmed.add(channel.getNextPublishSeqNo());
            channel.basicPublish("", AmqpWire.REQUEST_QUEUE, true, properties, body);
            published.incrementAndGet();
          }
          channel.waitForConfirms(10_000);
        } catch (IOException | TimeoutException | ShutdownSignalException e) {
          channelsClosedByBroker.incrementAndGet(); // a refusal: open another and go on
          unconfirmed.clear();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      millis = (System.nanoTime() - start) / 1_000_000;
    }

    private Channel confirming() throws IOException {
      Channel channel = connection.createChannel();
      channel.confirmSelect();
      channel.addConfirmListener(
          new ConfirmListener() {
            @Override
            public void handleAck(long tag, boolean multiple) {
              acked.addAndGet(confirm(tag, multiple));
            }

            @Override
            public void handleNack(long tag, boolean multiple) {
              nacked.addAndGet(confirm(tag, multiple));
            }
          });
      return channel;
    }

    private int confirm(long tag, boolean multiple) {
      if (!multiple) {
        return unconfirmed.remove(tag) ? 1 : 0;
      }
      NavigableSet<Long> upTo = unconfirmed.headSet(tag, true);
      int n = upTo.size();
      upTo.clear();
      return n;
    }

    /** Waits for the flood to end by itself, at most {@code maxMillis}, then stops it. */
    void await(long maxMillis) throws InterruptedException {
      thread.join(maxMillis);
      close();
    }

    /** How long publishing took, ms (once ended). */
    long millis() {
      return millis;
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      thread.join(30_000);
    }
  }
}
