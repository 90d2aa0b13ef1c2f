package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.testsupport.AttackRounds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30's attacks on AMQP, each against one variant's fat jar while an honest client calls it,
 * with {@code AttackContract}'s criteria ({@link AttackedJar}). The attacker is a stranger (test
 * 1), then someone who has the secrets file ({@link AmqpAttacker}): the broker is shared by design,
 * so what holds is what the server does with what such a client sends. A deleted request queue
 * cannot be "served during" (no queue, no call): there the bound is on the outage instead.
 *
 * <p>Not {@code AttackContract} itself: these attacks are an authenticated client's (queue.delete,
 * publishes), not connections to a port; RabbitMQ is a child process (the contract measures the
 * jar's process only) that takes 7-30 s to start, so one jar per broker takes all five attacks, in
 * order, its RSS peak reset before each; and the contract's own attacks (length prefixes, idle
 * connections) would test the broker's AMQP listener, not this project's code.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AmqpAttacks {
  private static final long MAX_OUTAGE_MS = 5_000;

  /** Connections publishing at once: enough to outpace the consumers and fill the queue here. */
  private static final int FLOOD_PUBLISHERS = 4;

  private final String id;
  private AttackedJar jar;
  private BenchClient client;
  private int port;

  AmqpAttacks(String id) {
    this.id = id;
  }

  /** Skips where the broker is not available. */
  void assumeAvailable() {}

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    assumeAvailable();
    jar = AttackedJar.start(id, dir);
    client = jar.client();
    port = jar.port();
  }

  @AfterAll
  void stop() throws Exception {
    if (jar != null) {
      jar.close();
    }
  }

  /**
   * The control that decides a suspected lasting slowdown works for this variant: a fresh jar with
   * the attacked one's flags and arguments serves beside it (Qpid's variant once waited for a ready
   * line in its own id's name, which its jar, {@code amqp}'s, never prints).
   */
  @Test
  @Order(0)
  void aFreshJarOfTheSameBuildServesBesideIt() throws Exception {
    try (AttackRounds.Fresh fresh = jar.freshBeside()) {
      fresh.honest().awaitCalls(1);
      assertThat(fresh.honest().okIn(1000)).as("the fresh jar's calls in 1 s").isPositive();
    }
  }

  /** Issue 30: "any client is guest/guest". A stranger has neither guest nor the password. */
  @Test
  @Order(1)
  void strangersAreRefused() throws Exception {
    BrokerCredentials ours = BrokerCredentials.read().orElseThrow();
    BrokerCredentials wrong = new BrokerCredentials(ours.user(), "not-" + ours.password());
    for (BrokerCredentials stranger : List.of(BrokerCredentials.GUEST, wrong)) {
      assertThatThrownBy(() -> AmqpAttacker.factory(port, stranger).newConnection().close())
          .as(stranger.toString())
          .isInstanceOf(PossibleAuthenticationFailureException.class);
    }
    AtomicInteger accepted = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger cut = new AtomicInteger();
    AttackThread.Work logins =
        stop -> {
          ConnectionFactory[] strangers = {
            AmqpAttacker.factory(port, BrokerCredentials.GUEST), AmqpAttacker.factory(port, wrong)
          };
          for (int i = 0; !stop.get() && i < 2_000; i++) {
            try {
              strangers[i % 2].newConnection().abort();
              accepted.incrementAndGet();
            } catch (PossibleAuthenticationFailureException e) {
              refused.incrementAndGet();
            } catch (IOException | TimeoutException e) {
              cut.incrementAndGet(); // not let in either: the connection was cut
            }
          }
        };
    AttackedJar.Outcome outcome =
        jar.attack(
            "guest/guest and a wrong password, tried again and again",
            () -> new AttackThread(logins),
            () ->
                String.format(
                    Locale.ROOT,
                    "%,d logins refused, %,d connections cut before",
                    refused.get(),
                    cut.get()));
    assertThat(accepted).as("strangers let in").hasValue(0);
    assertThat(refused.get()).as("logins tried").isPositive();
    jar.assertHeld(outcome);
  }

  /**
   * Issue 30: "one queue.delete bench.requests ends all honest calls". Three deletions, each once
   * the last was repaired: the honest client's calls fail (at once: its publishes are mandatory)
   * until the consumers declared the queue again.
   */
  @Test
  @Order(2)
  void aDeletedRequestQueueIsServedAgainWithinSeconds() throws Exception {
    AttackedJar.Mark mark = jar.mark();
    long worst = 0;
    int failed = 0;
    try (AmqpAttacker attacker = new AmqpAttacker(port)) {
      for (int deletion = 0; deletion < 3; deletion++) {
        assertThat(client.hello("before")).isEqualTo("hello, before");
        attacker.deleteRequestQueue();
        long deleted = System.nanoTime();
        while (!served("again")) {
          failed++;
          assertThat((System.nanoTime() - deleted) / 1_000_000)
              .as(() -> "served again within, ms; " + jar.state(40))
              .isLessThan(30_000);
          Thread.sleep(10); // the outage is measured: a call every 10 ms until one is served
        }
        worst = Math.max(worst, (System.nanoTime() - deleted) / 1_000_000);
      }
    }
    AttackedJar.Outcome outcome =
        jar.measure(
            mark,
            "queue.delete bench.requests, 3 times",
            null,
            failed,
            null,
            "outage at most " + worst + " ms");
    assertThat(worst).as("outage, ms").isLessThanOrEqualTo(MAX_OUTAGE_MS);
    jar.assertHeld(outcome);
  }

  private boolean served(String name) {
    try {
      return client.hello(name).equals("hello, " + name);
    } catch (RuntimeException notYet) {
      return false;
    }
  }

  /** Issue 30: "20,000 requests without reply_to give 20,000 unthrottled WARN lines". */
  @Test
  @Order(3)
  void requestsWithoutReplyTo() throws Exception {
    try (AmqpAttacker attacker = new AmqpAttacker(port)) {
      AttackedJar.Fresh<FloodAttack> floods =
          new AttackedJar.Fresh<>(() -> new FloodAttack(attacker, port, 20_000, 1, null));
      jar.assertHeld(
          jar.attack("20,000 requests without reply_to", floods, () -> floods.last().describe()));
      for (FloodAttack flood : floods.made()) {
        assertThat(flood.drainedMs()).as("the queue drained").isNotNegative();
      }
    }
  }

  /** Issue 30: "a reply_to pointing at the request queue loops". */
  @Test
  @Order(4)
  void replyToTheRequestQueueDoesNotLoop() throws Exception {
    try (AmqpAttacker attacker = new AmqpAttacker(port)) {
      AttackedJar.Fresh<FloodAttack> floods =
          new AttackedJar.Fresh<>(
              () -> new FloodAttack(attacker, port, 2_000, 1, AmqpWire.REQUEST_QUEUE));
      jar.assertHeld(
          jar.attack(
              "2,000 requests whose reply_to is the request queue",
              floods,
              () -> floods.last().describe()));
      for (FloodAttack flood : floods.made()) {
        assertThat(flood.drainedMs()).as("the queue drained").isNotNegative();
      }
      for (int i = 0; i < 10; i++) { // a loop would fill it again
        Thread.sleep(100); // the behaviour: the queue stays empty over a second, not just once
        assertThat(attacker.queueDepth()).as("requests waiting, once drained").isZero();
      }
    }
  }

  /**
   * Issue 30: "a 200,000-request flood queues ahead of honest calls (Qpid RSS 424 MiB)". The queue
   * is bounded, the broker refuses past it, it drains, and the server serves after; what it served
   * during is printed, not judged: every request waits in one first-in first-out queue, so while an
   * authenticated publisher keeps it full an honest call waits behind up to {@value
   * RequestConsumers#MAX_QUEUED} requests, however fast the server. The share served during the 3 s
   * window measured how soon the flood ended on this box (68-118 % quiet, 0-41 % in CI's parallel
   * build): docs/hardening.md.
   */
  @Test
  @Order(5)
  void floodOf200000Requests() throws Exception {
    try (AmqpAttacker attacker = new AmqpAttacker(port)) {
      AttackedJar.Fresh<FloodAttack> floods =
          new AttackedJar.Fresh<>(
              () -> new FloodAttack(attacker, port, 200_000, FLOOD_PUBLISHERS, null));
      AttackedJar.Outcome outcome =
          jar.attack(
              "200,000 requests without reply_to, as fast as the broker takes them",
              floods,
              () -> floods.last().describe());
      for (FloodAttack flood : floods.made()) {
        // the broker checks the limit before each enqueue, not atomically with the other
        // connections' enqueues: each publisher racing it (the flood's and the honest caller's)
        // can land one past it (Qpid: 10,001 seen in CI)
        assertThat(flood.maxDepth())
            .as("requests waiting at most")
            .isLessThanOrEqualTo(RequestConsumers.MAX_QUEUED + FLOOD_PUBLISHERS + 1);
        if (flood.maxDepth() >= RequestConsumers.MAX_QUEUED) {
          assertThat(flood.refused()).as("publishes refused once the queue was full").isPositive();
        }
        assertThat(flood.drainedMs()).as("the queue drained").isNotNegative();
      }
      if (outcome.firstFailure() != null) { // Qpid returns an honest publish its full queue refused
        assertThat(outcome.firstFailure())
            .as("the honest client's error, while the queue exists")
            .doesNotContain("has no queue");
      }
      jar.assertSurvived(outcome);
    }
  }
}
