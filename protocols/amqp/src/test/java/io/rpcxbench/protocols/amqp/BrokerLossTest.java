package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.rpcxbench.protocols.amqp.AmqpCallException.Code;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The broker goes away while calls are in flight: every calling thread's next call fails with
 * UNAVAILABLE (a lost connection fails pending calls at once, not at the call timeout), nothing
 * hangs, and the server learns that it lost its broker. And a broker that never answers: the call
 * timeout.
 */
class BrokerLossTest {
  private static final int THREADS = 8;
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration NO_HANG = Duration.ofSeconds(60);

  @Test
  void embeddedBrokerStoppedMidRun() throws Exception {
    CountDownLatch lost = new CountDownLatch(1);
    AmqpServer server =
        AmqpServer.start(
            "127.0.0.1", 0, AmqpServerOptions.on(BrokerMode.EMBEDDED), lost::countDown);
    try {
      callWhileTheBrokerGoes(server, () -> server.broker().close(), "embedded Qpid stopped");
      assertThat(lost.await(30, TimeUnit.SECONDS)).as("the server saw its broker go").isTrue();
    } finally {
      server.close();
    }
  }

  @Test
  void rabbitMqNodeKilledMidRun() throws Exception {
    RabbitMq.assumeInstalled();
    CountDownLatch lost = new CountDownLatch(1);
    AmqpServer server =
        AmqpServer.start(
            "127.0.0.1", 0, AmqpServerOptions.on(BrokerMode.RABBITMQ), lost::countDown);
    RabbitMqBroker broker = (RabbitMqBroker) server.broker();
    Path dir = broker.folder();
    try {
      callWhileTheBrokerGoes(
          server,
          () -> broker.nodeProcess().orElseThrow().destroyForcibly(),
          "RabbitMQ's Erlang VM SIGKILLed");
      assertThat(lost.await(30, TimeUnit.SECONDS)).as("the server saw its broker go").isTrue();
    } finally {
      server.close();
    }
    assertThat(dir).doesNotExist();
  }

  @Test
  void aBrokerWithNoConsumerFailsTheCallAtTheCallTimeout() throws Exception {
    try (QpidBroker broker = QpidBroker.start("127.0.0.1", 0)) {
      ConnectionFactory factory = new ConnectionFactory();
      factory.setPort(broker.port());
      BrokerCredentials.read().orElseThrow().applyTo(factory);
      try (Connection raw = factory.newConnection();
          Channel channel = raw.createChannel()) {
        channel.queueDeclare(AmqpWire.REQUEST_QUEUE, false, false, false, null); // nobody consumes
        try (BenchClient client = open(broker.port(), Duration.ofMillis(300))) {
          assertTimeoutPreemptively(
              NO_HANG,
              () ->
                  assertThatThrownBy(() -> client.hello("anyone?"))
                      .isInstanceOfSatisfying(
                          AmqpCallException.class,
                          e -> assertThat(e.code()).isEqualTo(Code.DEADLINE_EXCEEDED))
                      .hasMessageContaining("no reply within 300 ms"));
        }
      }
    }
  }

  @Test
  void noServerMeansNoQueueAndTheCallFailsAtOnce() throws Exception {
    try (QpidBroker broker = QpidBroker.start("127.0.0.1", 0);
        BenchClient client = open(broker.port(), CALL_TIMEOUT)) {
      assertTimeoutPreemptively(
          NO_HANG,
          () ->
              assertThatThrownBy(() -> client.hello("anyone?"))
                  .isInstanceOfSatisfying(
                      AmqpCallException.class,
                      e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE))
                  .hasMessageContaining("has no queue bench.requests"));
    }
  }

  /** Issue 30's flood, found by AmqpAttackIT: the error named a missing queue, not a full one. */
  @Test
  void aFullRequestQueueOnQpidFailsTheCallAtOnceSayingSo() throws Exception {
    try (QpidBroker broker = QpidBroker.start("127.0.0.1", 0)) {
      ConnectionFactory factory = new ConnectionFactory();
      factory.setPort(broker.port());
      BrokerCredentials.read().orElseThrow().applyTo(factory);
      try (Connection raw = factory.newConnection();
          Channel channel = raw.createChannel()) {
        channel.queueDeclare( // bounded as the server's, at one request, which nobody consumes
            AmqpWire.REQUEST_QUEUE,
            false,
            false,
            false,
            java.util.Map.of("qpid.max_count", 1, "qpid.policy_type", "reject"));
        channel.basicPublish("", AmqpWire.REQUEST_QUEUE, null, new byte[] {0});
        try (BenchClient client = open(broker.port(), CALL_TIMEOUT)) {
          assertTimeoutPreemptively(
              NO_HANG,
              () ->
                  assertThatThrownBy(() -> client.hello("anyone?"))
                      .isInstanceOfSatisfying(
                          AmqpCallException.class,
                          e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE))
                      .hasMessageContaining("did not queue the request: 506")
                      .hasMessageNotContaining("has no queue"));
        }
      }
    }
  }

  private static BenchClient open(int port, Duration callTimeout) {
    return new AmqpProtocol()
        .open(new ClientOptions("127.0.0.1", port, callTimeout, Duration.ofSeconds(5), THREADS));
  }

  /** Threads call until each has failed after the loss; prints the figures. */
  private static void callWhileTheBrokerGoes(AmqpServer server, Runnable loss, String what)
      throws Exception {
    try (BenchClient client = open(server.port(), CALL_TIMEOUT)) {
      assertThat(client.hello("before")).isEqualTo("hello, before");
      ExecutorService callers = Executors.newFixedThreadPool(THREADS);
      AtomicInteger ok = new AtomicInteger();
      AtomicInteger failed = new AtomicInteger();
      ConcurrentHashMap<Code, AtomicInteger> codes = new ConcurrentHashMap<>();
      CountDownLatch gone = new CountDownLatch(1);
      CountDownLatch calling = new CountDownLatch(THREADS);
      List<Future<?>> loops = new ArrayList<>();
      try {
        for (int t = 0; t < THREADS; t++) {
          loops.add(
              callers.submit(
                  () -> {
                    for (int i = 0; ; i++) {
                      boolean afterLoss = gone.getCount() == 0;
                      try {
                        assertThat(client.hello("n" + i)).isEqualTo("hello, n" + i);
                        ok.incrementAndGet();
                        if (i == 0) {
                          calling.countDown();
                        }
                      } catch (AmqpCallException e) {
                        failed.incrementAndGet();
                        if (codes
                                .computeIfAbsent(e.code(), c -> new AtomicInteger())
                                .incrementAndGet()
                            == 1) {
                          System.out.println("first failure: " + e.getMessage());
                        }
                        if (afterLoss) {
                          return null;
                        }
                      }
                    }
                  }));
        }
        assertThat(calling.await(NO_HANG.toSeconds(), TimeUnit.SECONDS)).isTrue();
        long lostAt = System.nanoTime();
        gone.countDown(); // from here, a thread ends at its first failure
        loss.run();
        for (Future<?> loop : loops) {
          loop.get(NO_HANG.toSeconds(), TimeUnit.SECONDS);
        }
        long allFailedMs = (System.nanoTime() - lostAt) / 1_000_000;
        System.out.printf(
            "broker loss (%s): %d threads, %d calls ok, %d failed %s; every thread had a"
                + " failed call %d ms after the loss began (call timeout %d ms)%n",
            what, THREADS, ok.get(), failed.get(), codes, allFailedMs, CALL_TIMEOUT.toMillis());
      } finally {
        callers.shutdownNow();
      }
      assertThat(codes).doesNotContainKey(Code.DEADLINE_EXCEEDED).containsKey(Code.UNAVAILABLE);
      assertThatThrownBy(() -> client.hello("after")).isInstanceOf(AmqpCallException.class);
    }
  }
}
