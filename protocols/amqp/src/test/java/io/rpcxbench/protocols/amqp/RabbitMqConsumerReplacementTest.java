package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.time.Duration;
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
        assertThat(consumersWithin(raw, options.consumers, Duration.ofSeconds(10)))
            .as("consumers after round %d", round)
            .isEqualTo(options.consumers);
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
      assertThat(consumersWithin(raw, options.consumers, Duration.ofSeconds(10)))
          .as("consumers after the repair")
          .isEqualTo(options.consumers);
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
   * Until {@code inARow} calls in a row are answered (a silent consumer fails every other one), or
   * 30 s: the server's replacements and probes are asynchronous.
   */
  private static void awaitSettled(BenchClient client, int inARow) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    int answered = 0;
    while (answered < inARow && System.nanoTime() < until) {
      try {
        client.hello("settled");
        answered++;
      } catch (RuntimeException e) {
        answered = 0;
        Thread.sleep(10);
      }
    }
  }

  /** The request queue's consumers once they are {@code wanted}, or at the deadline. */
  private static int consumersWithin(Connection raw, int wanted, Duration deadline)
      throws Exception {
    long until = System.nanoTime() + deadline.toNanos();
    while (true) {
      int now;
      try (Channel look = raw.createChannel()) {
        now = look.queueDeclarePassive(AmqpWire.REQUEST_QUEUE).getConsumerCount();
      }
      if (now == wanted || System.nanoTime() > until) {
        return now;
      }
      Thread.sleep(20);
    }
  }

  private static Connection attacker(int port) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setPort(port);
    BrokerCredentials.read().orElseThrow().applyTo(factory);
    return factory.newConnection("deleting test");
  }

  private static void awaitServed(BenchClient client) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (true) {
      try {
        if (client.hello("again").equals("hello, again")) {
          return;
        }
      } catch (RuntimeException notYet) {
        if (System.nanoTime() > until) {
          throw notYet;
        }
      }
      Thread.sleep(10);
    }
  }
}
