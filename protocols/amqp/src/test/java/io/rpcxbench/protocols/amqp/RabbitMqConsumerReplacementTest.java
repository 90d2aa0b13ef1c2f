package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.Await;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: the request queue deleted again and again, each time as soon as it serves again. Every
 * consumer must come back and answer: in CI, and 1 round in 15 here, a consumer re-registered on
 * its old channel took every other request and answered none (50 of 100 calls timed out), and was
 * then lost; under CPU load a consumer on a channel of its own was seen doing the same, now found
 * by the server's probes and replaced (the second test makes one silent on purpose). Skipped where
 * rabbitmq-server is not installed (Qpid's watcher is {@code BadInputContract}'s).
 */
class RabbitMqConsumerReplacementTest {
  private static final int ROUNDS = 20;
  private static final int CALLS = 20;

  @Test
  void everyConsumerServesAfterRepeatedDeletions() throws Exception {
    RabbitMq.assumeInstalled();
    AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.RABBITMQ);
    try (AmqpServer server = AmqpServer.start("127.0.0.1", 0, options, () -> {});
        BenchClient client = honestClient(server);
        Connection raw = attacker(server.port())) {
      for (int round = 0; round < ROUNDS; round++) {
        for (int deletion = 0; deletion < 3; deletion++) {
          try (Channel own = raw.createChannel()) {
            own.queueDelete(AmqpWire.REQUEST_QUEUE);
          }
          awaitServed(client);
        }
        // the replacements and the probes after them settle: every consumer answers
        awaitSettled(client, 2 * options.consumers);
        assertThat(failedOf(client)).as("calls failed after round %d", round).isZero();
        // a replacement may still be on its way (they run one at a time): a condition, not a clock
        awaitConsumers(raw, options.consumers, "after round " + round);
      }
    }
  }

  @Test
  void aConsumerThatTakesRequestsAndAnswersNoneIsFoundByTheProbesAndReplaced() throws Exception {
    RabbitMq.assumeInstalled();
    AmqpServerOptions options = AmqpServerOptions.on(BrokerMode.RABBITMQ);
    try (AmqpServer server = AmqpServer.start("127.0.0.1", 0, options, () -> {});
        BenchClient client = honestClient(server);
        Connection raw = attacker(server.port())) {
      server.consumers().addSilentConsumerForTest();
      awaitSettled(client, 3 * options.consumers);
      assertThat(failedOf(client)).as("calls failed after the probes").isZero();
      awaitConsumers(raw, options.consumers, "after the repair");
    }
  }

  /** The honest client: a 500 ms deadline a call, so a silent consumer's calls fail fast. */
  private static BenchClient honestClient(AmqpServer server) {
    return new AmqpProtocol()
        .open(
            new ClientOptions(
                "127.0.0.1", server.port(), Duration.ofMillis(500), Duration.ofSeconds(2), 1));
  }

  /** Of {@link #CALLS} hello calls, how many failed. */
  private static int failedOf(BenchClient client) {
    int failed = 0;
    for (int i = 0; i < CALLS; i++) {
      try {
        client.hello("x");
      } catch (RuntimeException e) {
        failed++;
      }
    }
    return failed;
  }

  /**
   * Until {@code inARow} calls in a row are answered (a silent consumer fails every other one): the
   * server's replacements and probes are asynchronous.
   */
  private static void awaitSettled(BenchClient client, int inARow) {
    Await.until(
        inARow + " calls in a row answered",
        Duration.ofSeconds(30),
        () -> answeredInARow(client, inARow));
  }

  private static boolean answeredInARow(BenchClient client, int calls) {
    for (int i = 0; i < calls; i++) {
      try {
        if (!client.hello("settled").equals("hello, settled")) {
          return false;
        }
      } catch (RuntimeException e) {
        return false;
      }
    }
    return true;
  }

  /** Until the request queue has {@code wanted} consumers again. */
  private static void awaitConsumers(Connection raw, int wanted, String when) {
    Await.until(
        wanted + " consumers on the request queue " + when,
        Duration.ofSeconds(10),
        () -> consumers(raw) == wanted);
  }

  /** The request queue's consumers; none while the queue is not there (deleted, not yet back). */
  private static int consumers(Connection raw) {
    try (Channel look = raw.createChannel()) {
      return look.queueDeclarePassive(AmqpWire.REQUEST_QUEUE).getConsumerCount();
    } catch (IOException e) {
      if (e.getCause() instanceof ShutdownSignalException s
          && s.getReason() instanceof AMQP.Channel.Close close
          && close.getReplyCode() == AMQP.NOT_FOUND) {
        return 0;
      }
      throw new IllegalStateException("cannot count the request queue's consumers", e);
    } catch (AlreadyClosedException e) {
      // closing the look's channel after NOT_FOUND: the broker closed it already
      return 0;
    } catch (TimeoutException e) {
      throw new IllegalStateException("cannot count the request queue's consumers", e);
    }
  }

  private static Connection attacker(int port) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setPort(port);
    BrokerCredentials.read().orElseThrow().applyTo(factory);
    return factory.newConnection("deleting test");
  }

  /** Until a call is answered again after the request queue's deletion. */
  private static void awaitServed(BenchClient client) {
    Await.until(
        "a call answered after the request queue's deletion",
        Duration.ofSeconds(30),
        () -> answeredInARow(client, 1));
  }
}
