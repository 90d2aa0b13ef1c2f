package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.Await;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Messages no client of ours sends, published straight to the request queue with a raw amqp-client:
 * each gets an error reply or is dropped with a log line, and the consumer goes on serving a real
 * client. One subclass per broker.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BadInputContract {
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final Duration NO_REPLY = Duration.ofSeconds(1);

  private AmqpServer server;
  private BenchClient client;
  private Connection raw;
  private Channel channel;
  private String replyQueue;
  private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();

  record Reply(String correlationId, String type, String body) {}

  /** The broker under test. */
  abstract BrokerMode broker();

  /** Skips where the broker is not available. */
  void assumeAvailable() {}

  @BeforeAll
  void start() throws Exception {
    assumeAvailable();
    server = AmqpServer.start("127.0.0.1", 0, AmqpServerOptions.on(broker()), () -> {});
    client =
        new AmqpQpidProtocol()
            .open(
                new ClientOptions(
                    "127.0.0.1", server.port(), Duration.ofSeconds(5), Duration.ofSeconds(2), 1));
    ConnectionFactory factory = new ConnectionFactory();
    factory.setPort(server.port());
    BrokerCredentials.read().orElseThrow().applyTo(factory);
    raw = factory.newConnection("bad input test");
    channel = raw.createChannel();
    replyQueue = channel.queueDeclare().getQueue();
    channel.basicConsume(
        replyQueue,
        true,
        new DefaultConsumer(channel) {
          @Override
          public void handleDelivery(
              String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
            replies.add(
                new Reply(
                    properties.getCorrelationId(),
                    properties.getType(),
                    new String(body, StandardCharsets.UTF_8)));
          }
        });
  }

  @AfterAll
  void stop() throws Exception {
    if (raw != null) {
      raw.abort();
    }
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private Reply send(String type, String replyTo, String correlationId, byte[] body)
      throws Exception {
    return send(type, replyTo, correlationId, body, WAIT);
  }

  /** Publishes one request; its reply, or null if none came within {@code wait}. */
  private Reply send(String type, String replyTo, String correlationId, byte[] body, Duration wait)
      throws Exception {
    AMQP.BasicProperties properties =
        new AMQP.BasicProperties.Builder()
            .type(type)
            .replyTo(replyTo)
            .correlationId(correlationId)
            .build();
    channel.basicPublish("", AmqpWire.REQUEST_QUEUE, properties, body);
    return awaitReply(correlationId, wait);
  }

  private Reply awaitReply(String correlationId, Duration wait) throws InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    Reply reply;
    do { // replies to earlier requests (a test that failed half-way) are not this one's
      reply = replies.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    } while (reply != null && !reply.correlationId().equals(correlationId));
    return reply;
  }

  private void stillServes() {
    assertThat(client.hello("still")).isEqualTo("hello, still");
  }

  @Test
  void garbageBodiesGetAnInvalidArgumentReply() throws Exception {
    byte[][] bodies = {
      {}, {7, 7, 7}, {0, 1, 2}, {1, 2, 3},
    };
    for (String method : new String[] {"hello", "echo", "put", "items"}) {
      for (byte[] body : bodies) {
        if (method.matches("hello|echo") && body.length > 0 && body[0] == 1) {
          continue; // a present argument: any bytes are a valid name or payload
        }
        String id = method + java.util.Arrays.toString(body);
        Reply reply = send(method, replyQueue, id, body);
        assertThat(reply).as(id).isNotNull();
        assertThat(reply.type()).as(id).isEqualTo(AmqpWire.INVALID_ARGUMENT);
      }
    }
    stillServes();
  }

  @Test
  void lengthsThatLieAreRejected() throws Exception {
    byte[] put = ByteBuffer.allocate(9).putInt(Integer.MAX_VALUE).put(new byte[5]).array();
    Reply reply = send("put", replyQueue, "lying-put", put);
    assertThat(reply).isNotNull();
    assertThat(reply.type()).isEqualTo(AmqpWire.INVALID_ARGUMENT);
    assertThat(reply.body()).contains("key length 2147483647");
    stillServes();
  }

  @Test
  void unknownOrMissingMethodsGetAnInvalidArgumentReply() throws Exception {
    Reply unknown = send("drop-tables", replyQueue, "u1", new byte[] {1});
    assertThat(unknown).isNotNull();
    assertThat(unknown.type()).isEqualTo(AmqpWire.INVALID_ARGUMENT);
    assertThat(unknown.body()).isEqualTo("unknown method 'drop-tables'");
    Reply none = send(null, replyQueue, "u2", new byte[] {1});
    assertThat(none).isNotNull();
    assertThat(none.type()).isEqualTo(AmqpWire.INVALID_ARGUMENT);
    stillServes();
  }

  @Test
  void aRequestWithoutReplyToIsDroppedAndTheConsumerGoesOn() throws Exception {
    assertThat(send("hello", null, "no-reply-to", AmqpWire.optionalText("x"), NO_REPLY)).isNull();
    stillServes();
  }

  /** Issue 30: a reply_to pointing at the request queue looped. */
  @Test
  void aReplyToTheRequestQueueIsDroppedNotLooped() throws Exception {
    byte[] hello = AmqpWire.optionalText("x");
    assertThat(send("hello", AmqpWire.REQUEST_QUEUE, "loop", hello, NO_REPLY)).isNull();
    stillServes();
  }

  /**
   * Issue 30: one queue.delete ended every honest call for good. RabbitMQ cancels the consumers of
   * a deleted queue (consumer cancel notification), and they declare it again; Qpid Broker-J 9.2.1
   * tells them nothing, and the server's watcher finds the queue gone within a second.
   */
  @Test
  void aDeletedRequestQueueIsDeclaredAgainAndServed() throws Exception {
    try (Channel own = raw.createChannel()) {
      own.queueDelete(AmqpWire.REQUEST_QUEUE);
    }
    Throwable[] last = {null};
    try {
      Await.until(
          "the deleted queue served again",
          WAIT,
          () -> {
            try {
              stillServes();
              return true;
            } catch (RuntimeException | AssertionError e) {
              last[0] = e;
              return false;
            }
          });
    } catch (AssertionError e) {
      if (last[0] != null) {
        e.addSuppressed(last[0]); // the last honest call's failure
      }
      throw e;
    }
  }

  @Test
  void aReplyToNoQueueIsLostAndTheConsumerGoesOn() throws Exception {
    byte[] hello = AmqpWire.optionalText("x");
    assertThat(send("hello", "no-such-queue", "lost", hello, NO_REPLY)).isNull();
    assertThat(send("hello", "amq.rabbitmq.reply-to.bm9uc2Vuc2U=", "lost", hello, NO_REPLY))
        .isNull();
    stillServes();
  }

  @Test
  void anOversizeMessageNeverReachesTheConsumer() throws Exception {
    byte[] huge = new byte[AmqpWire.MAX_BODY + 1];
    huge[0] = 1;
    try (Channel own = raw.createChannel()) {
      own.basicPublish(
          "",
          AmqpWire.REQUEST_QUEUE,
          new AMQP.BasicProperties.Builder()
              .type("echo")
              .replyTo(replyQueue)
              .correlationId("huge")
              .build(),
          huge);
      // the broker refuses it, closing this channel
      Await.until(
          "the broker closed the channel of the oversize message", WAIT, () -> !own.isOpen());
    } catch (Exception refused) {
      // the broker closed the channel: the refusal
    }
    assertThat(awaitReply("huge", NO_REPLY)).isNull();
    stillServes();
  }
}
